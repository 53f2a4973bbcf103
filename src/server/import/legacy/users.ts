// Users and their admin role. No password comes over (the original never gives one out): they
// set one through "forgot password" or the invitation (invite.ts). A user who already has an
// account here with the same email, in any case, is that account: merged, never duplicated.
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { permissions, users } from '../../db/schema';
import { ROLE } from '../../../common/constants';
import { importEntity, eachLimit, localIdOf, parseDate, type ImportContext } from './context';
import { legacyUserCountSchema, legacyUserSchema, type LegacyUser } from './schemas';
import { inOneTransaction, slices } from './batch';
import { checkAsSaved, userEmailRules } from './saveRules';

const KIND = 'user';
/** Users written in one transaction. */
const BATCH = 250;

export async function importUsers(ctx: ImportContext): Promise<void> {
  ctx.reporter.phase([KIND]);
  const list = await ctx.client.get('/api/user/all', z.array(z.unknown()));
  const { count } = await ctx.client.get('/api/user/count', legacyUserCountSchema);
  if (list.length < count) {
    ctx.reporter.warn(
      `GET /api/user/all answered ${list.length} users of ${count}: the others are not imported`,
    );
  }
  ctx.reporter.read(KIND, list.length);
  const valid: LegacyUser[] = [];
  for (const [index, item] of list.entries()) {
    const parsed = legacyUserSchema.safeParse(item);
    if (parsed.success) {
      valid.push(parsed.data);
      continue;
    }
    const id = (item as { id?: unknown } | null)?.id ?? `#${index}`;
    const issue = parsed.error.issues[0]!;
    ctx.reporter.skip(KIND, String(id), `malformed ${issue.path.join('.')}: ${issue.message}`);
  }
  await eachLimit(slices(valid, BATCH), ctx.concurrency, (batch) =>
    inOneTransaction(ctx, async (c) => {
      for (const user of batch) await importUser(c, user);
    }),
  );
}

async function importUser(ctx: ImportContext, user: LegacyUser): Promise<void> {
  const email = user.email.trim();
  const localId = await importEntity(ctx, KIND, user.id, user, async (tx, known) => {
    // Sign-up's and an email change's rule. The name is not checked: those saves require one
    // but set no length, and one the original left blank stays blank until its owner sets it.
    checkAsSaved(userEmailRules, { email });
    const createdAt = parseDate(user.createdAt, 'createdAt');
    let id: number;
    let merged = false;
    if (known !== null) {
      const [row] = await tx
        .update(users)
        .set({ name: user.name, email, username: email })
        .where(eq(users.id, known))
        .returning({ id: users.id });
      id = row?.id ?? (await insertUser(tx, user.name, email, createdAt));
    } else {
      // Every account here was read at the start (run.ts); one made since by a sign-up is
      // refused by the unique index and skipped, and merged by the next run.
      const existing = ctx.usersByEmail.get(email.toLowerCase());
      merged = existing !== undefined;
      id = existing ?? (await insertUser(tx, user.name, email, createdAt));
    }
    if (user.isAdmin) {
      await tx.insert(permissions).values({ userId: id, roleId: ROLE.admin }).onConflictDoNothing();
    }
    return merged ? { id, merged: true } : id;
  });
  if (localId === null) return;
  const remember = () => ctx.usersByEmail.set(email.toLowerCase(), localId);
  // In a batch, only once it committed: a batch done again must not find rows that are gone.
  if (ctx.batch) ctx.batch.after.push(remember);
  else remember();
}

async function insertUser(tx: ImportContext['db'], name: string, email: string, createdAt: Date) {
  const [row] = await tx
    .insert(users)
    .values({ name, email, username: email, passwordHash: null, createdAt })
    .returning({ id: users.id });
  return row!.id;
}

/** The local user someone of the original is: by their original id, else by email. */
export function localUser(
  ctx: ImportContext,
  who: { id?: number | undefined; email?: string } | null,
): number | null {
  if (!who) return null;
  const byId = who.id === undefined ? null : localIdOf(ctx, KIND, who.id);
  return byId ?? ctx.usersByEmail.get((who.email ?? '').trim().toLowerCase()) ?? null;
}
