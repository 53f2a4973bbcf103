// Chapter roles (spec 2 §2 Chapter Hosts): anyone who runs a chapter sees who else does; only
// admins give or take a role.
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { permissions, roles, users } from '../../db/schema';
import type { PermissionRow, RoleRow, UserRow } from '../../db/schema';
import { ROLE } from '../../../common/constants';
import type { User } from '../../../common/schemas/auth';
import type { ChapterPermission } from '../../../common/schemas/chapters';
import type { PermissionGrant } from '../../../common/schemas/permissions';
import { fieldError, HttpError } from '../../core/httpError';
import { requireChapterHostAccess } from '../../core/access';

type Row = {
  permission: PermissionRow;
  role: RoleRow;
  user: UserRow;
};

function toPermission({ permission, role, user }: Row): ChapterPermission {
  return {
    id: permission.id,
    roleId: permission.roleId,
    role: { id: role.id, name: role.name },
    chapterId: permission.chapterId ?? 0,
    createdAt: permission.createdAt.toISOString(),
    user: { id: user.id, name: user.name, email: user.email },
  };
}

function selectPermissions(db: Db) {
  return db
    .select({ permission: permissions, role: roles, user: users })
    .from(permissions)
    .innerJoin(roles, eq(roles.id, permissions.roleId))
    .innerJoin(users, eq(users.id, permissions.userId));
}

/** Hosts (role 3) first, then field organizers (role 2), each by name. */
export async function listChapterPermissions(
  db: Db,
  user: User,
  chapterId: number,
): Promise<ChapterPermission[]> {
  await requireChapterHostAccess(db, user, chapterId);
  const rows = await selectPermissions(db)
    .where(and(eq(permissions.chapterId, chapterId), ne(permissions.roleId, ROLE.admin)))
    .orderBy(desc(permissions.roleId), asc(users.name), asc(users.id));
  return rows.map(toPermission);
}

/** Gives the role; giving one the user already holds answers the existing permission. */
export async function grantPermission(
  db: Db,
  chapterId: number,
  grant: PermissionGrant,
): Promise<ChapterPermission> {
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, grant.userId));
  if (!target) {
    const message = 'No such user.';
    throw fieldError(404, 'body.userId', message);
  }
  await db
    .insert(permissions)
    .values({ userId: grant.userId, roleId: grant.roleId, chapterId })
    .onConflictDoNothing();
  const [row] = await selectPermissions(db).where(
    and(
      eq(permissions.userId, grant.userId),
      eq(permissions.roleId, grant.roleId),
      eq(permissions.chapterId, chapterId),
    ),
  );
  if (!row) throw new Error('permission vanished after insert');
  return toPermission(row);
}

/** Removes a chapter role. The global admin role is not removed here. */
export async function revokePermission(db: Db, permissionId: number): Promise<void> {
  const [removed] = await db
    .delete(permissions)
    .where(and(eq(permissions.id, permissionId), ne(permissions.roleId, ROLE.admin)))
    .returning({ id: permissions.id });
  if (!removed) throw new HttpError(404, 'No such chapter role.');
}
