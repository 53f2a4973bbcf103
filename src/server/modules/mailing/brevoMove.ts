// "Move the lists home" (issue 24): each chapter's Brevo list (its sendInBlueListId) copied into
// its built-in list (its brontoListId, the list the built-in lists serve once the email service
// is switched to them), so the switch loses no member. Read through Brevo's API, page by page;
// each chapter's members are written in one transaction (all of them or none). Members come
// over confirmed, as a host's import does; who is on Brevo's blocklist comes over blocked, who
// unsubscribed from the list comes over unsubscribed, and someone already on the built-in list
// is left as they are unless Brevo says to send them nothing: the stricter of the two holds.
// A second run finds everyone there already and adds nothing.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { DbOrTx } from '../../core/database';
import { isUniqueViolation } from '../../db/errors';
import { chapters, mailingListContacts } from '../../db/schema';
import type { BrevoApiContact, BrevoClient } from '../../mail/lists/brevoClient';
import { ProviderError } from '../../mail/providerHttp';
import { createList, existingListId, parseListId } from '../../mail/lists/builtinLists';
import { displayTitle } from '../../core/summaries';
import type {
  BrevoMoveChapter,
  BrevoMoveCounts,
  BrevoMoveProgress,
} from '../../../common/schemas/brevoMove';

/** Statuses that get chapter email: Brevo's blocklist or unsubscribe turns these off. */
const SENDING = ['active', 'unconfirmed'];
const ROWS_PER_INSERT = 500;
/** Tries of a page read that got no answer, and the pause before the next (times the try). */
const PAGE_TRIES = 4;
const PAGE_PAUSE_MS = 500;
export const BREVO_BLOCK_REASON = 'On the Brevo blocklist when the lists were moved';

export interface MoveOptions {
  /** Read everything and count what would be written, writing nothing. */
  dryRun?: boolean;
  /** Told after each page read and each chapter written. */
  onProgress?: (progress: BrevoMoveProgress) => Promise<void> | void;
}

export interface MoveResult {
  chapters: BrevoMoveChapter[];
  totals: BrevoMoveCounts;
}

export const zeroCounts = (): BrevoMoveCounts => ({
  read: 0,
  added: 0,
  already: 0,
  unsubscribed: 0,
  blocklisted: 0,
});

class DryRun extends Error {}

interface Member {
  email: string;
  status: 'active' | 'unsub' | 'blocked';
  modifiedAt: Date | null;
}

function memberOf(contact: BrevoApiContact, listId: number): Member {
  const status = contact.emailBlacklisted
    ? 'blocked'
    : contact.listUnsubscribed?.includes(listId) && !contact.listIds.includes(listId)
      ? 'unsub'
      : 'active';
  const modified = contact.modifiedAt ? new Date(contact.modifiedAt) : null;
  return {
    email: contact.email.trim(),
    status,
    modifiedAt: modified && !Number.isNaN(modified.getTime()) ? modified : null,
  };
}

/** Chapters whose Brevo list is to be moved: every chapter with a sendInBlueListId. */
export function chaptersWithBrevoLists(db: Db) {
  return db
    .select({
      id: chapters.id,
      title: chapters.title,
      city: chapters.city,
      slug: chapters.slug,
      sendInBlueListId: chapters.sendInBlueListId,
    })
    .from(chapters)
    .where(isNotNull(chapters.sendInBlueListId))
    .orderBy(asc(chapters.id));
}

export async function moveBrevoLists(
  db: Db,
  brevo: BrevoClient,
  options: MoveOptions = {},
): Promise<MoveResult> {
  const todo = await chaptersWithBrevoLists(db);
  const progress: BrevoMoveProgress = {
    chaptersTotal: todo.length,
    chaptersDone: 0,
    current: null,
    totals: zeroCounts(),
  };
  const lines: BrevoMoveChapter[] = [];
  await options.onProgress?.(progress);
  for (const chapter of todo) {
    const name = displayTitle(chapter) || chapter.slug;
    progress.current = name;
    const line: BrevoMoveChapter = {
      ...zeroCounts(),
      chapterId: chapter.id,
      chapter: name,
      brevoListId: chapter.sendInBlueListId!.trim(),
      builtinListId: null,
      error: null,
    };
    const listId = parseListId(line.brevoListId);
    const members = listId === null ? null : await readList(brevo, listId, progress, options);
    if (members === null) {
      line.error = `Brevo has no list ${line.brevoListId}`;
    } else {
      await writeChapter(db, chapter.id, name, members, line, options.dryRun ?? false);
    }
    for (const key of Object.keys(progress.totals) as (keyof BrevoMoveCounts)[]) {
      progress.totals[key] += line[key];
    }
    lines.push(line);
    progress.chaptersDone++;
    await options.onProgress?.(progress);
  }
  progress.current = null;
  return { chapters: lines, totals: progress.totals };
}

/** Every contact of the Brevo list, once each (by address in any case); null: no such list. */
async function readList(
  brevo: BrevoClient,
  listId: number,
  progress: BrevoMoveProgress,
  options: MoveOptions,
): Promise<Member[] | null> {
  const byEmail = new Map<string, Member>();
  for (let offset = 0; ;) {
    const page = await readPage(brevo, listId, offset);
    if (!page) return offset === 0 ? null : [...byEmail.values()];
    for (const contact of page.contacts) {
      const member = memberOf(contact, listId);
      if (member.email !== '') byEmail.set(member.email.toLowerCase(), member);
    }
    offset += page.contacts.length;
    if (page.contacts.length === 0 || offset >= page.count) return [...byEmail.values()];
    await options.onProgress?.(progress);
  }
}

/**
 * A page, read again when Brevo gave no answer (a kept-alive connection closed under us after a
 * long write, a timeout): a move is many requests apart, and reading is safe to repeat. Its
 * answers (a refusal, the rate limit after providerFetch's own wait) are not retried.
 */
async function readPage(brevo: BrevoClient, listId: number, offset: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await brevo.listContactsPage(listId, offset);
    } catch (err) {
      const noAnswer =
        err instanceof ProviderError &&
        (err.failure === 'unreachable' || err.failure === 'timeout');
      if (!noAnswer || attempt >= PAGE_TRIES) throw err;
      await new Promise((resolve) => setTimeout(resolve, PAGE_PAUSE_MS * attempt));
    }
  }
}

async function writeChapter(
  db: Db,
  chapterId: number,
  name: string,
  members: Member[],
  line: BrevoMoveChapter,
  dryRun: boolean,
): Promise<void> {
  line.read = members.length;
  line.unsubscribed = members.filter((m) => m.status === 'unsub').length;
  line.blocklisted = members.filter((m) => m.status === 'blocked').length;
  try {
    await db.transaction(async (tx) => {
      const { listId, created } = await builtinListOf(tx, chapterId, name);
      // A dry run's new list is rolled back: it has no id to show.
      line.builtinListId = dryRun && created ? null : String(listId);
      const here = new Map<string, string>();
      const rows = await tx
        .select({
          key: sql<string>`lower(${mailingListContacts.email})`,
          status: mailingListContacts.status,
        })
        .from(mailingListContacts)
        .where(eq(mailingListContacts.listId, listId));
      for (const row of rows) here.set(row.key, row.status);

      const fresh = members.filter((m) => !here.has(m.email.toLowerCase()));
      for (let i = 0; i < fresh.length; i += ROWS_PER_INSERT) {
        const added = await tx
          .insert(mailingListContacts)
          .values(
            fresh.slice(i, i + ROWS_PER_INSERT).map((m) => ({
              listId,
              email: m.email,
              status: m.status,
              unsubscribeToken: randomBytes(16).toString('hex'),
              ...(m.status === 'blocked' && {
                blockedDate: m.modifiedAt ?? new Date(),
                blockedReason: BREVO_BLOCK_REASON,
              }),
            })),
          )
          .onConflictDoNothing()
          .returning({ id: mailingListContacts.id });
        line.added += added.length;
      }
      line.already = members.length - line.added;

      // Brevo says to send nothing to someone the built-in list would still send to.
      for (const status of ['blocked', 'unsub'] as const) {
        const keys = members
          .filter((m) => m.status === status && SENDING.includes(here.get(m.email.toLowerCase())!))
          .map((m) => m.email.toLowerCase());
        for (let i = 0; i < keys.length; i += ROWS_PER_INSERT) {
          await tx
            .update(mailingListContacts)
            .set({
              status,
              ...(status === 'blocked' && {
                blockedDate: new Date(),
                blockedReason: BREVO_BLOCK_REASON,
              }),
            })
            .where(
              and(
                eq(mailingListContacts.listId, listId),
                inArray(sql`lower(${mailingListContacts.email})`, keys.slice(i, i + 500)),
              ),
            );
        }
      }
      if (dryRun) throw new DryRun();
    });
  } catch (err) {
    if (err instanceof DryRun) return;
    if (!isUniqueViolation(err, 'chapters_bronto_list_id_uq')) throw err;
    line.added = 0;
    line.already = 0;
    line.builtinListId = null;
    line.error = 'its new built-in list has the id another chapter names as its brontoListId';
  }
}

/**
 * The chapter's built-in list: the one its brontoListId names, or a new one named after the
 * chapter (written into brontoListId) when it names none, e.g. a list of the old Bronto
 * service brought over by the importer. The chapter row is locked, as a host's "create list".
 */
async function builtinListOf(tx: DbOrTx, chapterId: number, name: string) {
  const [row] = await tx
    .select({ brontoListId: chapters.brontoListId })
    .from(chapters)
    .where(eq(chapters.id, chapterId))
    .for('update');
  const named = row?.brontoListId?.trim();
  const existing = named ? await existingListId(tx, named) : null;
  if (existing !== null) return { listId: existing, created: false };
  const list = await createList(tx, name);
  await tx.update(chapters).set({ brontoListId: list.id }).where(eq(chapters.id, chapterId));
  return { listId: Number(list.id), created: true };
}
