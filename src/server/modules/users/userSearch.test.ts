// POST /api/user/search (spec 2 §2 Chapter Hosts, §6, §7, §9): admins find users by name or
// email to give them a chapter role; at most 300 answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { users } from '../../db/schema';
import { userListItemSchema } from '../../../common/schemas/users';
import {
  createChapterAdminWorld,
  fieldNames,
  rawJson,
  send,
  WITH_NUL,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import { createUser } from '../../test/users';

let t: TestApp;
let w: ChapterAdminWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t);
  await createUser(t.db, { name: 'Quentin Zephyr', email: 'qz@zephyr-mail.example' });
  await createUser(t.db, { name: 'Alma Zephyrine', email: 'alma@example.org' });
  await createUser(t.db, { name: 'Bob Plain', email: 'BOB.ZEPHYR@Example.net' });
  await createUser(t.db, { name: 'Percent 100% Sure', email: 'percent@example.org' });
  await createUser(t.db, { name: 'Under_Score', email: 'under@example.org' });
  await createUser(t.db, { name: 'Zelda Admin-Zephyr', email: 'zelda@example.org', admin: true });
});
afterAll(() => t.close());

const search = (payload: object, cookie?: string) =>
  send(t, { method: 'POST', url: '/api/user/search', payload }, cookie);

async function names(text: string) {
  const res = await search({ search: text }, w.cookies.admin);
  expect(res.statusCode).toBe(200);
  return userListItemSchema
    .array()
    .parse(res.json())
    .map((u) => u.name);
}

describe('POST /api/user/search', () => {
  it('finds users by any part of their name or email, case-insensitive, by name', async () => {
    expect(await names('zephyr')).toEqual([
      'Alma Zephyrine',
      'Bob Plain',
      'Quentin Zephyr',
      'Zelda Admin-Zephyr',
    ]);
    expect(await names('  ZEPHYR-MAIL ')).toEqual(['Quentin Zephyr']);
    expect(await names('nobody-like-this')).toEqual([]);
  });

  it('answers id, name, email and created date, and nothing secret', async () => {
    const res = await search({ search: 'Zelda' }, w.cookies.admin);
    const [zelda] = userListItemSchema.array().parse(res.json());
    expect(zelda).toMatchObject({ name: 'Zelda Admin-Zephyr', email: 'zelda@example.org' });
    expect(Number.isNaN(Date.parse(zelda!.createdAt))).toBe(false);
    // The same item as GET /api/user/all (spec 2 §3 User).
    expect(Object.keys(res.json()[0]).sort()).toEqual([
      'chapterHostChapters',
      'createdAt',
      'email',
      'fieldOrganizerChapters',
      'id',
      'isAdmin',
      'isChapterHost',
      'isFieldOrganizer',
      'name',
    ]);
  });

  it('flags admins, and only admins, as admins', async () => {
    const flags = userListItemSchema
      .array()
      .parse((await search({ search: 'zephyr' }, w.cookies.admin)).json())
      .map((u) => [u.name, u.isAdmin]);
    expect(flags).toEqual([
      ['Alma Zephyrine', false],
      ['Bob Plain', false],
      ['Quentin Zephyr', false],
      ['Zelda Admin-Zephyr', true],
    ]);
  });

  it('takes % and _ as the characters themselves', async () => {
    expect(await names('0%')).toEqual(['Percent 100% Sure']);
    expect(await names('r_s')).toEqual(['Under_Score']);
    expect(await names('%%')).toEqual([]);
    expect(await names('__')).toEqual([]);
  });

  it('answers at most 300 users', async () => {
    await t.db.insert(users).values(
      Array.from({ length: 305 }, (_, i) => ({
        name: `Bulk Person ${String(i).padStart(3, '0')}`,
        email: `bulk${i}@bulk.example`,
        username: `bulk${i}@bulk.example`,
      })),
    );
    const found = await names('Bulk Person');
    expect(found).toHaveLength(300);
    expect(found[0]).toBe('Bulk Person 000');
    expect(found[299]).toBe('Bulk Person 299');
  });

  it('is for admins only', async () => {
    expect((await search({ search: 'zephyr' })).statusCode).toBe(401);
    for (const kind of ['noRole', 'otherHost', 'host', 'fieldOrganizer'] as const) {
      const res = await search({ search: 'zephyr' }, w.cookies[kind]);
      expect(res.statusCode, kind).toBe(403);
      expect(res.body, kind).not.toContain('zephyr-mail');
    }
  });

  it('answers 400 naming body.search for a search holding a NUL character, never 500', async () => {
    const res = await search({ search: WITH_NUL }, w.cookies.admin);
    expect(res.statusCode).toBe(400);
    expect(fieldNames(res)).toEqual(['body.search']);
  });

  it('answers 400 naming the field for a search that is missing, too short or not text', async () => {
    for (const body of [
      {},
      { search: '' },
      { search: 'a' },
      { search: '  b  ' },
      { search: 42 },
      { search: ['ab'] },
      { search: 'x'.repeat(201) },
    ]) {
      const res = await search(body, w.cookies.admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect([...new Set(fieldNames(res))], JSON.stringify(body)).toEqual(['body.search']);
    }
    const malformed = await send(
      t,
      { method: 'POST', url: '/api/user/search', raw: rawJson('{search: "ab"}') },
      w.cookies.admin,
    );
    expect(malformed.statusCode).toBe(400);
  });
});
