// The chapter calls that read a list's members: a page, the whole list (JSON), the export (CSV).
// The built-in lists are read from our database in pages and batches; a list kept by Brevo is
// fetched whole from Brevo, as before, and cut into pages here.
import { Readable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import type { Db } from '../../db/client';
import type { User } from '../../../common/schemas/auth';
import { chapterContactSchema, type ChapterContact } from '../../../common/schemas/mailing';
import type { MemberPage, MemberPageQuery } from '../../../common/schemas/members';
import { activeListProvider, type BrevoChoice } from '../../mail/lists/factory';
import { existingListId } from '../../mail/lists/builtinLists';
import type { MailingListProvider } from '../../mail/lists/provider';
import { requireChapterHostAccess } from '../../core/access';
import { chapterListId } from './listAccess';
import type { ChapterRow } from '../../db/schema';
import { builtinMemberPage, pageOfContacts } from './memberPages';
import {
  contactsByEmail,
  contactsForExport,
  CSV_HEADER,
  csvRecord,
  exportRecord,
} from './memberStreams';

/** Where a chapter's members are: none, a built-in list by number, or a list at Brevo. */
type Members =
  | { kind: 'none' }
  | { kind: 'builtin'; listId: string; id: number }
  | { kind: 'remote'; listId: string };

export interface MemberSource {
  chapter: ChapterRow;
  listId: string | null;
  members: Members;
}

/** The chapter (after the host-access check: 401, 403, 404) and where its members are. */
export async function chapterMembers(
  db: Db,
  brevo: BrevoChoice | null,
  user: User | null,
  chapterId: number,
): Promise<MemberSource> {
  const chapter = await requireChapterHostAccess(db, user, chapterId);
  const listId = await chapterListId(db, chapter);
  if (!listId) return { chapter, listId, members: { kind: 'none' } };
  if ((await activeListProvider(db, brevo)) === 'brevo') {
    return { chapter, listId, members: { kind: 'remote', listId } };
  }
  // A field naming a list that is not (or no longer) there reads as an empty list.
  const id = await existingListId(db, listId);
  return {
    chapter,
    listId,
    members: id === null ? { kind: 'none' } : { kind: 'builtin', listId, id },
  };
}

export async function memberPage(
  db: Db,
  provider: MailingListProvider,
  source: MemberSource,
  query: MemberPageQuery,
): Promise<MemberPage> {
  const { members } = source;
  switch (members.kind) {
    case 'none':
      return { members: [], total: 0, totalCapped: false };
    case 'builtin':
      return builtinMemberPage(db, members.id, query);
    case 'remote':
      return pageOfContacts((await provider.listContacts(members.listId)) ?? [], query);
  }
}

/** A whole list's contacts, batch by batch (one batch for a list kept elsewhere). */
async function* contactBatches(
  db: Db,
  provider: MailingListProvider,
  members: Members,
): AsyncGenerator<ChapterContact[]> {
  if (members.kind === 'builtin') yield* contactsByEmail(db, members.id);
  if (members.kind === 'remote') yield (await provider.listContacts(members.listId)) ?? [];
}

/**
 * GET /api/mailing_list/chapter/{chapterId}/contacts as a stream: the very JSON that
 * JSON.stringify({ listId, contacts }) made, written a batch at a time. Streams bypass the
 * answer serializer, so where answers are checked (tests, development) each contact is checked
 * here the way the serializer would: its schema must keep it as it is.
 */
export function wholeListJson(
  db: Db,
  provider: MailingListProvider,
  source: MemberSource,
  checkAnswers: boolean,
): Readable {
  async function* json() {
    yield `{"listId":${JSON.stringify(source.listId)},"contacts":[`;
    let first = true;
    for await (const batch of contactBatches(db, provider, source.members)) {
      if (batch.length === 0) continue;
      if (checkAnswers) for (const contact of batch) checkContact(contact);
      yield (first ? '' : ',') + batch.map((contact) => JSON.stringify(contact)).join(',');
      first = false;
    }
    yield ']}';
  }
  return Readable.from(json(), { objectMode: false });
}

function checkContact(contact: ChapterContact): void {
  if (!isDeepStrictEqual(chapterContactSchema.parse(contact), contact)) {
    throw new Error(`The contact schema changes this answer: ${JSON.stringify(contact)}`);
  }
}

/** GET /api/mailing_list/chapter/{chapterId}/members.csv: the header, then every member. */
export function membersCsv(db: Db, provider: MailingListProvider, source: MemberSource): Readable {
  const { members } = source;
  async function* csv() {
    yield csvRecord(CSV_HEADER);
    if (members.kind === 'builtin') {
      for await (const batch of contactsForExport(db, members.id)) {
        yield batch.map(exportRecord).join('');
      }
    } else if (members.kind === 'remote') {
      // Brevo's contacts come without their opens here: the column is left empty.
      const contacts = (await provider.listContacts(members.listId)) ?? [];
      const newest = pageOfContacts(contacts, {
        page: 0,
        pageSize: contacts.length,
        search: '',
        status: null,
      });
      yield newest.members
        .map((m) =>
          exportRecord({ email: m.email, status: m.status, joined: m.created, lastOpened: null }),
        )
        .join('');
    }
  }
  return Readable.from(csv(), { objectMode: false });
}

/** The export's file name: the chapter's slug, kept to characters any file system takes. */
export function exportFileName(chapter: ChapterRow): string {
  const slug = chapter.slug.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'chapter';
  return `${slug}-members.csv`;
}
