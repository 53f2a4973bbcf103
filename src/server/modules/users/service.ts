// Users for site admins (spec 2 §2 /admin/users, §3 User, §7, §9): the newest 300, a search,
// the count and one user with their chapter roles. Each list is two queries whatever its size:
// the users, then the roles of exactly those users.
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapters, permissions, roles, users } from '../../db/schema';
import type { UserRow } from '../../db/schema';
import { ROLE } from '../../../common/constants';
import { USER_LIST_MAX, type UserDetail, type UserListItem } from '../../../common/schemas/users';
import { HttpError } from '../../core/httpError';
import type { DbOrTx } from '../../core/database';
import { toChapterRef } from '../../core/summaries';

type ListedUser = Pick<UserRow, 'id' | 'name' | 'email' | 'createdAt'>;

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  createdAt: users.createdAt,
};

/** LIKE treats % _ and \ as patterns; a search for them means the characters themselves. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function withRoles(db: Db, rows: ListedUser[]): Promise<UserListItem[]> {
  if (rows.length === 0) return [];
  const held = await db
    .select({
      userId: permissions.userId,
      roleId: permissions.roleId,
      chapterId: permissions.chapterId,
    })
    .from(permissions)
    .where(
      inArray(
        permissions.userId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(permissions.chapterId));
  return rows.map((row) => {
    const mine = held.filter((p) => p.userId === row.id);
    const chaptersWith = (roleId: number) => [
      ...new Set(
        mine.filter((p) => p.roleId === roleId && p.chapterId !== null).map((p) => p.chapterId!),
      ),
    ];
    const chapterHostChapters = chaptersWith(ROLE.chapterHost);
    const fieldOrganizerChapters = chaptersWith(ROLE.fieldOrganizer);
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      isAdmin: mine.some((p) => p.roleId === ROLE.admin),
      isChapterHost: chapterHostChapters.length > 0,
      isFieldOrganizer: fieldOrganizerChapters.length > 0,
      chapterHostChapters,
      fieldOrganizerChapters,
    };
  });
}

/** GET /api/user/all: the newest USER_LIST_MAX users, newest first. */
export async function listUsers(db: Db): Promise<UserListItem[]> {
  const rows = await db
    .select(userColumns)
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(USER_LIST_MAX);
  return withRoles(db, rows);
}

/** POST /api/user/search: any part of the name or email, case-insensitive, by name. */
export async function searchUsers(db: Db, search: string): Promise<UserListItem[]> {
  const pattern = contains(search);
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(or(ilike(users.name, pattern), ilike(users.email, pattern)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(USER_LIST_MAX);
  return withRoles(db, rows);
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function requireUserRow(db: DbOrTx, id: number, where: SQL | undefined = undefined) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, id), where))
    .limit(1);
  if (!row) throw new HttpError(404, 'User not found.');
  return row;
}

/** GET /api/user/user/{id}: the list item and every chapter role, hosts first, by chapter. */
export async function getUserDetail(db: Db, id: number): Promise<UserDetail> {
  const row = await requireUserRow(db, id);
  const [[item], held] = await Promise.all([
    withRoles(db, [row]),
    db
      .select({ permission: permissions, role: roles, chapter: chapters })
      .from(permissions)
      .innerJoin(roles, eq(roles.id, permissions.roleId))
      .innerJoin(chapters, eq(chapters.id, permissions.chapterId))
      .where(and(eq(permissions.userId, id), isNotNull(permissions.chapterId)))
      .orderBy(desc(permissions.roleId), asc(chapters.title), asc(chapters.id)),
  ]);
  return {
    ...item!,
    chapterRoles: held.map(({ permission, role, chapter }) => ({
      id: permission.id,
      roleId: permission.roleId,
      role: { id: role.id, name: role.name },
      createdAt: permission.createdAt.toISOString(),
      chapter: toChapterRef(chapter),
    })),
  };
}
