// Chapter roles (spec 2 §2 Chapter Hosts, §6, §7): GET /api/permission/{chapterId} for those who
// run the chapter; POST /api/permission/{chapterId} and POST /api/permission/delete for admins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { permissions } from '../../db/schema';
import { chapterPermissionSchema } from '../../../common/schemas/chapters';
import {
  createChapterAdminWorld,
  fieldNames,
  grantRole,
  insertChapter,
  PAST_INTEGER_RANGE,
  rawJson,
  send,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import { createUser, signedInUser } from '../../test/users';

let t: TestApp;
let w: ChapterAdminWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t);
});
afterAll(() => t.close());

const list = (chapterId: number | string, cookie?: string) =>
  send(t, { method: 'GET', url: `/api/permission/${chapterId}` }, cookie);
const grant = (chapterId: number | string, payload: object, cookie?: string) =>
  send(t, { method: 'POST', url: `/api/permission/${chapterId}`, payload }, cookie);
const revoke = (payload: object, cookie?: string) =>
  send(t, { method: 'POST', url: '/api/permission/delete', payload }, cookie);

async function freshChapter() {
  const chapter = await insertChapter(t);
  await grantRole(t, w.users.host.id, 3, chapter.id);
  await grantRole(t, w.users.fieldOrganizer.id, 2, chapter.id);
  return chapter;
}

async function rolesIn(chapterId: number) {
  const res = await list(chapterId, w.cookies.admin);
  expect(res.statusCode).toBe(200);
  return chapterPermissionSchema
    .array()
    .parse(res.json())
    .map((p) => [p.user.name, p.roleId, p.role.name]);
}

describe('GET /api/permission/:chapterId', () => {
  it('lists hosts first, then field organizers, each by name, with emails, never the admin role', async () => {
    const chapter = await freshChapter();
    const zed = await createUser(t.db, { name: 'Zed Host', hostOf: [chapter.id] });
    await createUser(t.db, { name: 'Abe Organizer', fieldOrganizerOf: [chapter.id] });
    for (const kind of ['host', 'fieldOrganizer', 'admin'] as const) {
      const res = await list(chapter.id, w.cookies[kind]);
      expect(res.statusCode, kind).toBe(200);
      const roles = chapterPermissionSchema.array().parse(res.json());
      expect(
        roles.map((p) => [p.user.name, p.roleId, p.role.name]),
        kind,
      ).toEqual([
        ['Hank Host', 3, 'Chapter Host'],
        ['Zed Host', 3, 'Chapter Host'],
        ['Abe Organizer', 2, 'Field Organizer'],
        ['Fiona Fieldorganizer', 2, 'Field Organizer'],
      ]);
      expect(roles.find((p) => p.user.id === zed.id)).toMatchObject({
        chapterId: chapter.id,
        user: { email: zed.email },
      });
    }
  });

  it('answers 401 to a visitor, 403 to others, 404 for no such chapter and 400 for a bad id', async () => {
    const chapter = await freshChapter();
    expect((await list(chapter.id)).statusCode).toBe(401);
    expect((await list(chapter.id, w.cookies.noRole)).statusCode).toBe(403);
    expect((await list(chapter.id, w.cookies.otherHost)).statusCode).toBe(403);
    expect((await list(999_999, w.cookies.admin)).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1']) {
      const res = await list(id, w.cookies.admin);
      expect(res.statusCode, id).toBe(400);
      expect(fieldNames(res)).toEqual(['params.chapterId']);
    }
  });
});

describe('POST /api/permission/:chapterId', () => {
  it('gives a user the host or field organizer role, which then opens the chapter to them', async () => {
    const chapter = await freshChapter();
    const newcomer = await signedInUser(t, { name: 'Nina Newcomer' });
    const notes = `/api/chapter_note/chapter/${chapter.id}`;
    expect((await send(t, { method: 'GET', url: notes }, newcomer.cookie)).statusCode).toBe(403);

    const res = await grant(chapter.id, { userId: newcomer.id, roleId: 3 }, w.cookies.admin);
    expect(res.statusCode).toBe(200);
    const given = chapterPermissionSchema.parse(res.json());
    expect(given).toMatchObject({
      roleId: 3,
      role: { id: 3, name: 'Chapter Host' },
      chapterId: chapter.id,
      user: { id: newcomer.id, name: 'Nina Newcomer', email: newcomer.email },
    });
    expect((await send(t, { method: 'GET', url: notes }, newcomer.cookie)).statusCode).toBe(200);

    // Giving it again is no second role; the answer is the same permission.
    const again = await grant(chapter.id, { userId: newcomer.id, roleId: 3 }, w.cookies.admin);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(given.id);

    const organizer = await grant(chapter.id, { userId: newcomer.id, roleId: 2 }, w.cookies.admin);
    expect(organizer.json()).toMatchObject({ roleId: 2, role: { name: 'Field Organizer' } });
    expect((await rolesIn(chapter.id)).filter(([name]) => name === 'Nina Newcomer')).toEqual([
      ['Nina Newcomer', 3, 'Chapter Host'],
      ['Nina Newcomer', 2, 'Field Organizer'],
    ]);
  });

  it('is for admins only: a host or field organizer of the chapter may not give roles', async () => {
    const chapter = await freshChapter();
    const friend = await createUser(t.db, { name: 'Friend' });
    expect((await grant(chapter.id, { userId: friend.id, roleId: 3 })).statusCode).toBe(401);
    for (const kind of ['noRole', 'otherHost', 'host', 'fieldOrganizer'] as const) {
      const res = await grant(chapter.id, { userId: friend.id, roleId: 3 }, w.cookies[kind]);
      expect(res.statusCode, kind).toBe(403);
    }
    // Not even to themselves.
    const self = await grant(chapter.id, { userId: w.users.host.id, roleId: 2 }, w.cookies.host);
    expect(self.statusCode).toBe(403);
    expect((await rolesIn(chapter.id)).map(([name]) => name)).not.toContain('Friend');
  });

  it('answers 400 naming the field for a bad role, user or id; 404 for no such user or chapter', async () => {
    const chapter = await freshChapter();
    const user = await createUser(t.db);
    const cases: [object, string][] = [
      [{ userId: user.id, roleId: 1 }, 'body.roleId'],
      [{ userId: user.id, roleId: 4 }, 'body.roleId'],
      [{ userId: user.id, roleId: '3' }, 'body.roleId'],
      [{ userId: user.id }, 'body.roleId'],
      [{ roleId: 3 }, 'body.userId'],
      [{ userId: 'me', roleId: 3 }, 'body.userId'],
      [{ userId: 0, roleId: 3 }, 'body.userId'],
    ];
    for (const [body, field] of cases) {
      const res = await grant(chapter.id, body, w.cookies.admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldNames(res), JSON.stringify(body)).toEqual([field]);
    }
    const noUser = await grant(chapter.id, { userId: 999_999, roleId: 3 }, w.cookies.admin);
    expect(noUser.statusCode).toBe(404);
    expect(fieldNames(noUser)).toEqual(['body.userId']);
    expect((await grant(999_999, { userId: user.id, roleId: 3 }, w.cookies.admin)).statusCode).toBe(
      404,
    );
    const badId = await grant('abc', { userId: user.id, roleId: 3 }, w.cookies.admin);
    expect(badId.statusCode).toBe(400);
    expect(fieldNames(badId)).toEqual(['params.chapterId']);
    const malformed = await send(
      t,
      { method: 'POST', url: `/api/permission/${chapter.id}`, raw: rawJson('{"userId":') },
      w.cookies.admin,
    );
    expect(malformed.statusCode).toBe(400);
  });
});

describe('ids past the integer range', () => {
  it('answer 400 naming the field, never 500', async () => {
    const chapter = await freshChapter();
    const res = await grant(chapter.id, { userId: PAST_INTEGER_RANGE, roleId: 3 }, w.cookies.admin);
    expect(res.statusCode).toBe(400);
    expect(fieldNames(res)).toEqual(['body.userId']);
    const removed = await revoke({ id: PAST_INTEGER_RANGE }, w.cookies.admin);
    expect(removed.statusCode).toBe(400);
    expect(fieldNames(removed)).toEqual(['body.id']);
  });
});

describe('POST /api/permission/delete', () => {
  it('removes a chapter role, after which the user no longer runs the chapter', async () => {
    const chapter = await freshChapter();
    const leaving = await signedInUser(t, { name: 'Leo Leaving', hostOf: [chapter.id] });
    const notes = `/api/chapter_note/chapter/${chapter.id}`;
    expect((await send(t, { method: 'GET', url: notes }, leaving.cookie)).statusCode).toBe(200);
    const roles = chapterPermissionSchema
      .array()
      .parse((await list(chapter.id, w.cookies.admin)).json());
    const role = roles.find((p) => p.user.id === leaving.id)!;
    // The screen sends the permission as the list gave it; only its id counts.
    const res = await revoke(role, w.cookies.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'success' });
    expect((await rolesIn(chapter.id)).map(([name]) => name)).not.toContain('Leo Leaving');
    expect((await send(t, { method: 'GET', url: notes }, leaving.cookie)).statusCode).toBe(403);
    expect((await revoke({ id: role.id }, w.cookies.admin)).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const chapter = await freshChapter();
    const [fo] = await t.db
      .select()
      .from(permissions)
      .where(and(eq(permissions.chapterId, chapter.id), eq(permissions.roleId, 2)));
    expect((await revoke({ id: fo!.id })).statusCode).toBe(401);
    for (const kind of ['noRole', 'otherHost', 'host', 'fieldOrganizer'] as const) {
      expect((await revoke({ id: fo!.id }, w.cookies[kind])).statusCode, kind).toBe(403);
    }
    expect(await t.db.select().from(permissions).where(eq(permissions.id, fo!.id))).toHaveLength(1);
  });

  it('never removes the global admin role, and answers 400 naming the field for a bad id', async () => {
    const [adminRole] = await t.db
      .select()
      .from(permissions)
      .where(and(eq(permissions.userId, w.users.admin.id), eq(permissions.roleId, 1)));
    expect((await revoke({ id: adminRole!.id }, w.cookies.admin)).statusCode).toBe(404);
    expect(
      await t.db.select().from(permissions).where(eq(permissions.id, adminRole!.id)),
    ).toHaveLength(1);
    for (const body of [{}, { id: 'x' }, { id: 0 }, { id: -4 }, { id: null }]) {
      const res = await revoke(body, w.cookies.admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldNames(res), JSON.stringify(body)).toEqual(['body.id']);
    }
    expect((await revoke({ id: 999_999 }, w.cookies.admin)).statusCode).toBe(404);
  });
});
