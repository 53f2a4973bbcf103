// `npm run admin:create`: makes a site admin. A new user gets a random password, shown once and
// to be changed at their first sign-in; an
// existing user keeps theirs (we cannot know it) and gets a one-hour reset link instead.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { permissions, users } from '../../db/schema';
import { ROLE } from '../../../common/constants';
import { hashPasswordToChange } from './passwords';
import { createResetToken, resetLink } from './service';

export const adminCreateArgsSchema = z.object({
  email: z.email({ error: '--email must be an email address' }),
  name: z.string({ error: '--name is required' }).trim().min(1, '--name is required'),
});

export type AdminCreateResult =
  | { created: true; email: string; password: string }
  | { created: false; email: string; resetUrl: string };

export async function createOrPromoteAdmin(
  db: Db,
  args: z.infer<typeof adminCreateArgsSchema>,
  publicUrl: string,
): Promise<AdminCreateResult> {
  const [existing] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, args.email.toLowerCase()));
  let result: AdminCreateResult;
  let userId: number;
  if (existing) {
    userId = existing.id;
    result = {
      created: false,
      email: existing.email,
      resetUrl: resetLink(publicUrl, await createResetToken(db, userId)),
    };
  } else {
    const password = randomBytes(12).toString('base64url');
    const [row] = await db
      .insert(users)
      .values({
        name: args.name,
        email: args.email,
        username: args.email,
        // Printed to a terminal (and so perhaps to logs): good for one sign-in only.
        passwordHash: await hashPasswordToChange(password),
      })
      .returning({ id: users.id });
    userId = row!.id;
    result = { created: true, email: args.email, password };
  }
  // The unique constraint (nulls not distinct) makes a second grant a no-op.
  await db
    .insert(permissions)
    .values({ userId, roleId: ROLE.admin, chapterId: null })
    .onConflictDoNothing();
  return result;
}
