// Writing a member import (issue 23) to a built-in list: in ONE transaction, a chunk of
// addresses per statement (arrays through unnest, so a statement has three parameters however
// many rows), never a row at a time. 200,000 rows are 40 chunks.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { IMPORT_REFUSALS } from '../../../common/memberImport';
import type { ImportRefusal, MemberImportAnswer } from '../../../common/schemas/memberImport';
import { queryRows, textArray } from '../../core/database';
import type { ImportCandidate } from './importParse';

export const IMPORT_CHUNK = 5000;

// What an import does with an address this list already has, by its stored status. Unlike a
// sign-up, an import never undoes an unsubscribe: only the person can
// (docs/decisions/18-list-members.md).
const REFUSED_HERE: Record<string, string> = {
  unsub: IMPORT_REFUSALS.unsubscribed,
  deleted: IMPORT_REFUSALS.unsubscribed,
  blocked: IMPORT_REFUSALS.blocked,
  bounce: IMPORT_REFUSALS.bounced,
  bounced: IMPORT_REFUSALS.bounced,
};
// Blocks and bounces are about the address, not one list (a block or a bounce marks every list
// the address is on): an address blocked or bounced on any list of the site is not added here.
const REFUSED_ANYWHERE: Record<string, string> = {
  blocked: IMPORT_REFUSALS.blocked,
  bounce: IMPORT_REFUSALS.bounced,
  bounced: IMPORT_REFUSALS.bounced,
};

interface Known {
  key: string;
  /** A row of this list, another list's row, or what a deleted row left (suppressions.ts). */
  source: 'here' | 'elsewhere' | 'kept';
  status: string;
}

async function writeChunk(tx: Db, listId: number, chunk: readonly ImportCandidate[]) {
  const keys = textArray(chunk.map((c) => c.key));
  const known = await queryRows<Known>(
    tx,
    sql`select lower(email) as key,
               case when list_id = ${listId} then 'here' else 'elsewhere' end as source, status
        from mailing_list_contacts
        where lower(email) = any(${keys}::text[])
          and (list_id = ${listId} or status in ('blocked', 'bounce', 'bounced'))
        union all
        select lower(email), 'kept', kind from mailing_suppressions
        where lower(email) = any(${keys}::text[]) and (kind <> 'unsub' or list_id = ${listId})`,
  );
  const here = new Map<string, string>();
  const elsewhere = new Map<string, string>();
  const keptUnsub = new Set<string>();
  for (const row of known) {
    if (row.source === 'here') here.set(row.key, row.status);
    else if (row.source === 'kept' && row.status === 'unsub') keptUnsub.add(row.key);
    else {
      const reason = REFUSED_ANYWHERE[row.status];
      // A block outranks a bounce, wherever each is.
      if (reason && elsewhere.get(row.key) !== IMPORT_REFUSALS.blocked) {
        elsewhere.set(row.key, reason);
      }
    }
  }
  // This list's own row answers for the address; without one, a block or bounce anywhere, or an
  // unsubscribe from this list whose row was deleted. An unconfirmed row whose unsubscribe is
  // kept signed up again after leaving: only its owner's link makes it a member again.
  const refusedBy = new Map<string, string>();
  const onList = new Set(here.keys());
  const unconfirmed: string[] = [];
  for (const c of chunk) {
    const status = here.get(c.key);
    const held = keptUnsub.has(c.key);
    let reason: string | undefined;
    if (status === undefined) {
      reason = elsewhere.get(c.key) ?? (held ? IMPORT_REFUSALS.unsubscribed : undefined);
    } else if (status === 'unconfirmed') {
      if (held) reason = IMPORT_REFUSALS.unsubscribed;
      else unconfirmed.push(c.key);
    } else reason = REFUSED_HERE[status];
    if (reason) refusedBy.set(c.key, reason);
  }
  const fresh = chunk.filter((c) => !onList.has(c.key) && !refusedBy.has(c.key));
  const insertedKeys = new Set<string>();
  if (fresh.length > 0) {
    // A sign-up of the same address in between is a member already, not an error.
    const inserted = await queryRows<{ key: string }>(
      tx,
      sql`insert into mailing_list_contacts (list_id, email, name, status, unsubscribe_token)
          select ${listId}, i.email, i.name, 'active', replace(gen_random_uuid()::text, '-', '')
          from unnest(${textArray(fresh.map((c) => c.email))}::text[],
                      ${textArray(fresh.map((c) => c.name))}::text[]) as i(email, name)
          on conflict do nothing
          returning lower(email) as key`,
    );
    for (const row of inserted) insertedKeys.add(row.key);
  }
  // Signed up and not confirmed yet: the host's import vouches for them (as Add Members does).
  if (unconfirmed.length > 0) {
    await tx.execute(
      sql`update mailing_list_contacts set status = 'active'
          where list_id = ${listId} and status = 'unconfirmed'
            and lower(email) = any(${textArray(unconfirmed)}::text[])`,
    );
  }
  const refused: ImportRefusal[] = [];
  let added = 0;
  let alreadyMembers = 0;
  for (const c of chunk) {
    const reason = refusedBy.get(c.key);
    if (reason) refused.push({ line: c.line, value: c.email, reason });
    else if (insertedKeys.has(c.key)) added += 1;
    else alreadyMembers += 1;
  }
  return { added, alreadyMembers, refused };
}

/**
 * Adds the candidates (already checked and without repeats) to the list, all or nothing, and
 * answers with `refusedEarlier` (the file's own refusals) merged in, in the file's order.
 */
export async function writeImport(
  db: Db,
  listId: number,
  candidates: readonly ImportCandidate[],
  refusedEarlier: readonly ImportRefusal[],
): Promise<MemberImportAnswer> {
  const answer: MemberImportAnswer = { added: 0, alreadyMembers: 0, refused: [...refusedEarlier] };
  await db.transaction(async (tx) => {
    for (let i = 0; i < candidates.length; i += IMPORT_CHUNK) {
      const part = await writeChunk(tx, listId, candidates.slice(i, i + IMPORT_CHUNK));
      answer.added += part.added;
      answer.alreadyMembers += part.alreadyMembers;
      answer.refused.push(...part.refused);
    }
  });
  answer.refused.sort((a, b) => a.line - b.line);
  return answer;
}
