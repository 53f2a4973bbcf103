import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp } from '../test/app';
import { chapters } from '../db/schema';
import { canSeeChapter, summarizeRoles } from '../../common/policy';
import type { User } from '../../common/schemas/auth';
import { chapterVisibleTo, hiddenChaptersShownIn } from './visibility';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function userWith(perms: { roleId: number; chapterId: number | null }[]): User {
  return {
    id: 1,
    name: 'U',
    email: 'u@example.org',
    permissions: perms,
    passwordChangeRequired: false,
    ...summarizeRoles(perms),
  };
}

describe('chapterVisibleTo', () => {
  it('agrees with canSeeChapter for every status and every kind of caller', async () => {
    const { rows, callers } = await world();
    for (const user of callers) {
      for (const row of rows) {
        const [hit] = await t.db
          .select({ id: chapters.id })
          .from(chapters)
          .where(and(eq(chapters.id, row.id), chapterVisibleTo(user)));
        expect(
          hit !== undefined,
          `${JSON.stringify(user?.permissions)} / status ${row.status}`,
        ).toBe(canSeeChapter(user, row));
      }
    }
  });
});

describe('hiddenChaptersShownIn', () => {
  it('names exactly the hidden chapters of the states that canSeeChapter shows the caller', async () => {
    const { rows, callers } = await world();
    for (const user of callers) {
      for (const states of [['VT'], ['NH'], ['VT', 'NH']]) {
        const expected = rows
          .filter((r) => r.status !== 1 && states.includes(r.state) && canSeeChapter(user, r))
          .map((r) => r.id);
        expect(
          await hiddenChaptersShownIn(t.db, user, states),
          `${JSON.stringify(user?.permissions)} / ${states.join(',')}`,
        ).toEqual(expected);
      }
    }
  });
});

let made: Awaited<ReturnType<typeof makeWorld>> | undefined;
const world = async () => (made ??= await makeWorld());

/** Chapters of every status in two states, and a caller of every kind. */
async function makeWorld() {
  const rows = await t.db
    .insert(chapters)
    .values(
      [0, 1, 2, -1, 0, 1].map((status, i) => ({
        title: `V${i}`,
        slug: `vis-${i}`,
        status,
        state: i < 3 ? 'VT' : 'NH',
      })),
    )
    .returning();
  const [h0, a1, h2, hm1, other0, other1] = rows.map((r) => r.id) as number[];
  const callers: (User | null)[] = [
    null,
    userWith([]),
    userWith([{ roleId: 1, chapterId: null }]),
    userWith([{ roleId: 3, chapterId: h0! }]),
    userWith([{ roleId: 2, chapterId: h2! }]),
    userWith([
      { roleId: 3, chapterId: hm1! },
      { roleId: 2, chapterId: other1! },
    ]),
    userWith([
      { roleId: 3, chapterId: other0! },
      { roleId: 3, chapterId: a1! },
    ]),
  ];
  return { rows, callers };
}
