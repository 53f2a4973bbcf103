// Email aliases (spec 2 §2 Mailgun tab): `local part @ domain -> recipients`, optionally a
// chapter's. Our table is the one source of truth; a chapter's own alias is kept right by the
// database's triggers (migration 0005), Mailgun by its routes (mail/aliases), Postfix by reading
// the mail_virtual_aliases view.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapters, chapterTypes, emailAliases } from '../../db/schema';
import type { EmailAlias } from '../../../common/schemas/emailAdmin';
import { fieldError, HttpError } from '../../core/httpError';
import type { MailgunClient } from '../../mail/aliases/mailgunClient';
import { dropRoute, pushAlias } from '../../mail/aliases/mailgunSync';
import { displayTitle } from '../../core/summaries';
import { isUniqueViolation } from '../../db/errors';
import { mayUseAliasName } from '../../../common/policy';
import { RESERVED_ALIAS_MESSAGE } from '../../../common/reservedAliases';
import type { User } from '../../../common/schemas/auth';

export const ALIAS_NOT_FOUND = 'Alias not found.';
const MAX_LISTED = 1000;

type Saved = {
  /** Who saves: a reserved name (common/reservedAliases.ts) is an admin's to give out. */
  by: User;
  localPart: string;
  domain: string;
  recipients: string[];
  chapterId?: number | null | undefined;
  followHosts?: boolean | undefined;
};

/** The chapter types' mailbox domains, each once, the first type's first (the default). */
export async function aliasDomains(db: Db): Promise<string[]> {
  const rows = await db
    .select({ domain: chapterTypes.mailDomain })
    .from(chapterTypes)
    .orderBy(asc(chapterTypes.id));
  return [...new Set(rows.map((r) => r.domain.toLowerCase()))];
}

const aliasColumns = {
  id: emailAliases.id,
  localPart: emailAliases.localPart,
  domain: emailAliases.domain,
  recipients: emailAliases.recipients,
  chapterId: emailAliases.chapterId,
  recipientsManual: emailAliases.recipientsManual,
  chapterTitle: chapters.title,
  chapterCity: chapters.city,
};

function toAlias(row: {
  id: number;
  localPart: string;
  domain: string;
  recipients: string[];
  chapterId: number | null;
  recipientsManual: boolean;
  chapterTitle: string | null;
  chapterCity: string | null;
}): EmailAlias {
  const hasChapter = row.chapterId !== null && row.chapterTitle !== null;
  return {
    id: row.id,
    localPart: row.localPart,
    domain: row.domain,
    recipients: row.recipients,
    chapterId: row.chapterId,
    chapterName: hasChapter
      ? displayTitle({ title: row.chapterTitle!, city: row.chapterCity ?? '' })
      : null,
    followsHosts: hasChapter && !row.recipientsManual,
  };
}

/** Aliases by address; a search matches the address, a recipient or the chapter's name. */
export async function listAliases(db: Db, search?: string): Promise<EmailAlias[]> {
  const text = search?.trim().toLowerCase() ?? '';
  const rows = await db
    .select(aliasColumns)
    .from(emailAliases)
    .leftJoin(chapters, eq(chapters.id, emailAliases.chapterId))
    .where(
      text
        ? sql`strpos(lower(${emailAliases.localPart} || '@' || ${emailAliases.domain}), ${text}) > 0
            or strpos(lower(array_to_string(${emailAliases.recipients}, ' ')), ${text}) > 0
            or strpos(lower(coalesce(${chapters.title}, '') || ' ' || coalesce(${chapters.city}, '')), ${text}) > 0`
        : undefined,
    )
    .orderBy(asc(sql`lower(${emailAliases.domain})`), asc(sql`lower(${emailAliases.localPart})`))
    .limit(MAX_LISTED);
  return rows.map(toAlias);
}

export async function getAlias(db: Db, id: number): Promise<EmailAlias | null> {
  const [row] = await db
    .select(aliasColumns)
    .from(emailAliases)
    .leftJoin(chapters, eq(chapters.id, emailAliases.chapterId))
    .where(eq(emailAliases.id, id))
    .limit(1);
  return row ? toAlias(row) : null;
}

/** What is stored for a save: a chapter's alias takes the chapter's address. */
async function resolve(db: Db, input: Saved, id: number | null) {
  const domains = await aliasDomains(db);
  let { localPart, domain } = input;
  domain = domain.toLowerCase();
  const chapterId = input.chapterId ?? null;
  if (chapterId !== null) {
    const [chapter] = await db
      .select({ emailAlias: chapters.emailAlias, mailDomain: chapterTypes.mailDomain })
      .from(chapters)
      .innerJoin(chapterTypes, eq(chapterTypes.id, chapters.chapterTypeId))
      .where(eq(chapters.id, chapterId))
      .limit(1);
    if (!chapter) throw fieldError(400, 'body.chapterId', 'No such chapter');
    if (!chapter.emailAlias.trim()) {
      throw fieldError(
        400,
        'body.chapterId',
        'This chapter has no email alias yet: set it in its Chapter Settings first',
      );
    }
    const [other] = await db
      .select({ id: emailAliases.id })
      .from(emailAliases)
      .where(eq(emailAliases.chapterId, chapterId))
      .limit(1);
    if (other && other.id !== id) {
      throw new HttpError(409, 'This chapter already has an alias: edit that one.');
    }
    localPart = chapter.emailAlias.trim();
    domain = chapter.mailDomain.toLowerCase();
  } else if (!domains.includes(domain)) {
    throw fieldError(400, 'body.domain', 'Choose one of the alias domains');
  }
  if (!mayUseAliasName(input.by, localPart)) {
    throw fieldError(
      400,
      chapterId === null ? 'body.localPart' : 'body.chapterId',
      RESERVED_ALIAS_MESSAGE,
    );
  }
  const followHosts = chapterId !== null && input.followHosts === true;
  const [conflict] = await db
    .select({ id: emailAliases.id })
    .from(emailAliases)
    .where(
      sql`lower(${emailAliases.localPart}) = ${localPart.toLowerCase()} and lower(${emailAliases.domain}) = ${domain}`,
    )
    .limit(1);
  if (conflict && conflict.id !== id) {
    throw new HttpError(409, `An alias for ${localPart}@${domain} already exists.`);
  }
  return {
    localPart,
    domain,
    chapterId,
    recipientsManual: !followHosts,
    recipients: followHosts
      ? sql<string[]>`chapter_host_emails(${chapterId})`
      : [...new Set(input.recipients)],
  };
}

/** A save that lost the race to the address (the check in resolve saw it free) answers 409 too. */
const takenAddress =
  (values: { localPart: string; domain: string }) =>
  (err: unknown): never => {
    if (isUniqueViolation(err, 'email_aliases_address_uq')) {
      throw new HttpError(409, `An alias for ${values.localPart}@${values.domain} already exists.`);
    }
    throw err;
  };

/** Saves in one transaction with its Mailgun route: if Mailgun refuses, nothing is saved. */
async function saveWith<T>(
  db: Db,
  mailgun: MailgunClient | null,
  work: (tx: Db) => Promise<{ id: number; result: T }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { id, result } = await work(tx);
    if (mailgun) await pushAlias(tx, mailgun, id);
    return result;
  });
}

export async function createAlias(
  db: Db,
  input: Saved,
  mailgun: MailgunClient | null,
): Promise<EmailAlias> {
  const id = await saveWith(db, mailgun, async (tx) => {
    const values = await resolve(tx, input, null);
    const [row] = await tx
      .insert(emailAliases)
      .values(values)
      .returning({ id: emailAliases.id })
      .catch(takenAddress(values));
    return { id: row!.id, result: row!.id };
  });
  return (await getAlias(db, id))!;
}

export async function updateAlias(
  db: Db,
  id: number,
  input: Saved,
  mailgun: MailgunClient | null,
): Promise<EmailAlias> {
  await saveWith(db, mailgun, async (tx) => {
    const [existing] = await tx
      .select({
        id: emailAliases.id,
        localPart: emailAliases.localPart,
        chapterId: emailAliases.chapterId,
      })
      .from(emailAliases)
      .where(eq(emailAliases.id, id))
      .for('update')
      .limit(1);
    if (!existing) throw new HttpError(404, ALIAS_NOT_FOUND);
    // The local part is locked when editing (spec 2 §5).
    const values = await resolve(tx, { ...input, localPart: existing.localPart }, id);
    await tx
      .update(emailAliases)
      .set(values)
      .where(eq(emailAliases.id, id))
      .catch(takenAddress(values));
    return { id, result: null };
  });
  return (await getAlias(db, id))!;
}

export async function deleteAlias(
  db: Db,
  id: number,
  mailgun: MailgunClient | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(emailAliases)
      .where(eq(emailAliases.id, id))
      .returning({ routeId: emailAliases.mailgunRouteId });
    if (!row) throw new HttpError(404, ALIAS_NOT_FOUND);
    // The trigger queued the route for deletion; with Mailgun at hand, delete it now.
    if (mailgun && row.routeId) await dropRoute(tx, mailgun, row.routeId);
  });
}

/** The alias's address and its recipients, for the alias test. */
export async function aliasAddress(db: Db, id: number) {
  const alias = await getAlias(db, id);
  if (!alias) throw new HttpError(404, ALIAS_NOT_FOUND);
  return alias;
}
