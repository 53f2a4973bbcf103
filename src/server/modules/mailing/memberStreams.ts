// A built-in list read whole, a batch at a time, for the answers that carry every member: the
// spec's whole-list call (JSON) and the export (CSV). Each batch is one keyset query on an index,
// and the next is read only when the client has taken the last (Readable.from pulls the
// generator as the socket drains), so a server's memory stays flat whatever the list's size.
// Between batches each gives the event loop a turn (issue 31): a query answered at once (PGlite
// runs in this thread) would otherwise let one download read batch after batch while sign-ins
// and /api/health wait behind it.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailingListContacts as c } from '../../db/schema';
import { mailingEmailSchema, type ChapterContact } from '../../../common/schemas/mailing';
import { memberStatusName } from '../../../common/memberFilters';
import { asChapterContact, contactColumns, newestFirst } from './memberPages';
import { csvField, csvRecord } from '../../core/csv';

export const STREAM_BATCH = 2000;

const lowerEmail = sql<string>`lower(${c.email})`;

/**
 * Every contact of the list by address (any case), as the whole-list call has always sorted
 * them. lower(email) is unique in a list (its unique index), so it alone is the keyset.
 */
export async function* contactsByEmail(
  db: Db,
  listId: number,
  batch = STREAM_BATCH,
): AsyncGenerator<ChapterContact[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await db
      .select({ ...contactColumns, key: lowerEmail })
      .from(c)
      .where(and(eq(c.listId, listId), after === null ? undefined : sql`${lowerEmail} > ${after}`))
      .orderBy(lowerEmail)
      .limit(batch);
    if (rows.length > 0) yield rows.map(asChapterContact);
    if (rows.length < batch) return;
    after = rows[rows.length - 1]!.key;
    await nextTurn();
  }
}

export interface ExportRow {
  id: number;
  email: string;
  /** From an import (the only source of names so far); absent for a list kept elsewhere. */
  name?: string | null;
  status: string;
  joined: string;
  lastOpened: string | null;
}

// The newest open of any copy the contact was sent (mailing_deliveries_contact_opened_idx).
// contacts.last_activity is not it: a send counts as activity too. The contact's id is named
// with its table: drizzle writes a column of the only table in a select without it.
const lastOpened = sql<string | null>`(
  select to_json(d.opened_at)#>>'{}' from mailing_deliveries d
  where d.contact_id = mailing_list_contacts.id and d.opened_at is not null
  order by d.opened_at desc nulls last limit 1)`;

/**
 * Every contact of the list for the export, newest first as the Members screen shows them. The
 * keyset is the last row's (created_at, id) read back by id, so no timestamp passes through a
 * JavaScript Date (which would drop its microseconds and skip or repeat rows).
 */
export async function* contactsForExport(
  db: Db,
  listId: number,
  batch = STREAM_BATCH,
): AsyncGenerator<ExportRow[]> {
  let afterId: number | null = null;
  for (;;) {
    const rows = await db
      .select({
        id: c.id,
        email: c.email,
        name: c.name,
        status: c.status,
        joined: sql<string>`to_json(${c.createdAt})#>>'{}'`,
        lastOpened,
      })
      .from(c)
      .where(
        and(
          eq(c.listId, listId),
          afterId === null
            ? undefined
            : sql`(${c.createdAt}, ${c.id}) < (select created_at, id from ${c} where id = ${afterId})`,
        ),
      )
      .orderBy(...newestFirst)
      .limit(batch);
    if (rows.length > 0)
      yield rows.map((r) => ({
        ...r,
        joined: isoInstant(r.joined)!,
        lastOpened: isoInstant(r.lastOpened),
      }));
    if (rows.length < batch) return;
    afterId = rows[rows.length - 1]!.id;
    await nextTurn();
  }
}

/** PostgreSQL's JSON timestamp ('2026-11-26T10:00:00.123456+00:00') as an ISO instant in UTC. */
function isoInstant(text: string | null): string | null {
  return text === null ? null : new Date(text).toISOString();
}

// ---------------------------------------------------------------- CSV (RFC 4180)

export const CSV_HEADER = ['email', 'name', 'status', 'joined', 'last_opened'] as const;

export { csvField, csvRecord };

/** The export's word for a stored status: the Members filter's name where there is one. */
export function exportStatus(stored: string): string {
  return memberStatusName(stored) ?? stored;
}

/**
 * A member as a CSV record; the name is an import's, empty for everyone else. A valid address
 * goes out exactly as it is, even "+news@example.org" or "-x@example.org": the file is for
 * moving a list, and a guarded address imports (here or at any service) as another address. It
 * cannot be a formula that does anything: the address check (mailingEmailSchema) lets no "=",
 * "(", "|", "!" or quote in, nor an "@" first, so a spreadsheet at worst shows it as an error.
 * An address that is not valid (older data) is guarded as any other cell.
 */
export function exportRecord(row: Omit<ExportRow, 'id'>): string {
  const email = csvField(row.email, !mailingEmailSchema.safeParse(row.email).success);
  const rest = [row.name ?? '', exportStatus(row.status), row.joined, row.lastOpened ?? ''];
  return `${[email, ...rest.map((cell) => csvField(cell))].join(',')}\r\n`;
}
