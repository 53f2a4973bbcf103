// The admin's user calls (spec 2 §2 /admin/users, §3 User, §7, §9): GET /api/user/all (the newest
// 300), GET /api/user/count, GET /api/user/user/{id}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { users } from '../../db/schema';
import { userCountSchema, userDetailSchema, userListSchema } from '../../../common/schemas/users';
import {
  createChapterAdminWorld,
  fieldNames,
  grantRole,
  send,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import { expectAdminOnly } from '../../test/adminOnly';

let t: TestApp;
let w: ChapterAdminWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t);
});
afterAll(() => t.close());

const get = (url: string, cookie = w.cookies.admin) => send(t, { method: 'GET', url }, cookie);

describe('GET /api/user/all', () => {
  it('answers every user with their roles, newest first', async () => {
    // Both roles in two chapters, one of them twice over.
    await grantRole(t, w.users.fieldOrganizer.id, 3, w.other.id);
    const res = await get('/api/user/all');
    expect(res.statusCode).toBe(200);
    const list = userListSchema.parse(res.json());
    const [total] = await t.db.select({ n: count() }).from(users);
    expect(list).toHaveLength(total!.n);
    const created = list.map((u) => Date.parse(u.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const byName = new Map(list.map((u) => [u.name, u]));
    expect(byName.get('Ada Admin')).toMatchObject({
      isAdmin: true,
      isChapterHost: false,
      isFieldOrganizer: false,
      chapterHostChapters: [],
      fieldOrganizerChapters: [],
    });
    expect(byName.get('Hank Host')).toMatchObject({
      isAdmin: false,
      isChapterHost: true,
      chapterHostChapters: [w.chapter.id],
      fieldOrganizerChapters: [],
    });
    expect(byName.get('Fiona Fieldorganizer')).toMatchObject({
      isChapterHost: true,
      isFieldOrganizer: true,
      chapterHostChapters: [w.other.id],
      fieldOrganizerChapters: [w.chapter.id],
    });
    expect(byName.get('Nora Norole')).toMatchObject({ isAdmin: false, isChapterHost: false });
    expect(res.body).not.toMatch(/password|hash/i);
  });

  it('answers at most 300, the newest', async () => {
    const base = Date.now() + 60_000;
    await t.db.insert(users).values(
      Array.from({ length: 310 }, (_, i) => ({
        name: `Many ${i}`,
        email: `many${i}@many.example`,
        username: `many${i}@many.example`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const list = userListSchema.parse((await get('/api/user/all')).json());
    expect(list).toHaveLength(300);
    expect(list[0]!.name).toBe('Many 309');
    expect(list[299]!.name).toBe('Many 10');
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, w, { method: 'GET', url: '/api/user/all' });
  });
});

describe('GET /api/user/count', () => {
  it('answers the number of users', async () => {
    const res = await get('/api/user/count');
    expect(res.statusCode).toBe(200);
    const [total] = await t.db.select({ n: count() }).from(users);
    expect(userCountSchema.parse(res.json())).toEqual({ count: total!.n });
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, w, { method: 'GET', url: '/api/user/count' });
  });
});

describe('GET /api/user/user/{id}', () => {
  it('answers the user and each chapter role, hosts first, with the chapter', async () => {
    const res = await get(`/api/user/user/${w.users.fieldOrganizer.id}`);
    expect(res.statusCode).toBe(200);
    const user = userDetailSchema.parse(res.json());
    expect(user).toMatchObject({
      id: w.users.fieldOrganizer.id,
      name: 'Fiona Fieldorganizer',
      email: w.users.fieldOrganizer.email,
      isFieldOrganizer: true,
    });
    expect(user.chapterRoles.map((r) => [r.roleId, r.role.name, r.chapter.id])).toEqual([
      [3, 'Chapter Host', w.other.id],
      [2, 'Field Organizer', w.chapter.id],
    ]);
    expect(user.chapterRoles[1]!.chapter).toEqual({
      id: w.chapter.id,
      title: w.chapter.title,
      displayTitle: w.chapter.title,
      slug: w.chapter.slug,
      state: 'NY',
      status: 1,
    });
  });

  it('answers 404 for a user that does not exist and 400 naming params.id for a bad id', async () => {
    expect((await get('/api/user/user/999999')).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await get(`/api/user/user/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(fieldNames(res), bad).toEqual(['params.id']);
    }
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, w, { method: 'GET', url: `/api/user/user/${w.users.host.id}` });
  });
});
