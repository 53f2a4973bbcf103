// The public chapter calls over the demo data set, as a visitor and as the people in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { seedDemo } from '../../seed/demo';
import { chapterEvents, chapters, users } from '../../db/schema';
import {
  activeChapterSchema,
  chapterSchema,
  chapterSummarySchema,
  myChapterSchema,
} from '../../../common/schemas/chapters';
import { createSession, SESSION_COOKIE } from '../auth/sessions';
import { get } from './testWorld';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
});
afterAll(() => t.close());

async function cookieOf(email: string): Promise<string> {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  const { token } = await createSession(t.db, user!.id, 1);
  return `${SESSION_COOKIE}=${token}`;
}

const NASHVILLE = 'laughing-liberally-nashville';

describe('the demo network', () => {
  it('keeps Nashville (hidden) from visitors and shows it to its field organizer', async () => {
    const maria = await cookieOf('maria.delgado@example.org');
    const admin = await cookieOf('admin@example.org');
    expect((await get(t, `/api/chapter/slug/${NASHVILLE}`)).statusCode).toBe(404);
    const asMaria = await get(t, `/api/chapter/slug/${NASHVILLE}`, maria);
    expect(asMaria.statusCode).toBe(200);
    expect(chapterSchema.parse(asMaria.json())).toMatchObject({ status: 0, state: 'TN' });
    const titles = (body: unknown) =>
      chapterSummarySchema
        .array()
        .parse(body)
        .map((c) => c.slug);
    expect(titles((await get(t, '/api/chapters/state/tn')).json())).toEqual([]);
    expect(titles((await get(t, '/api/chapters/state/tn', maria)).json())).toEqual([NASHVILLE]);
    expect(titles((await get(t, '/api/chapters', admin)).json())).toContain(NASHVILLE);
    expect(titles((await get(t, '/api/chapters')).json())).not.toContain(NASHVILLE);

    const mine = myChapterSchema.array().parse((await get(t, '/api/chapters/my', maria)).json());
    expect(mine.map((c) => c.slug)).toHaveLength(5);
    expect(mine.every((c) => c.roles.length === 1 && c.roles[0]?.name === 'Field Organizer')).toBe(
      true,
    );
  });

  it('puts every active chapter on the map with a next event, and no hidden one', async () => {
    const res = await get(t, '/api/chapters/active');
    const list = activeChapterSchema.array().parse(res.json());
    const active = await t.db.select().from(chapters).where(eq(chapters.status, 1));
    expect(list.map((c) => c.id).sort()).toEqual(active.map((c) => c.id).sort());
    const events = await t.db.select().from(chapterEvents);
    for (const c of list) {
      const own = events.filter((e) => e.chapterId === c.id);
      if (own.length === 0) continue;
      expect(c.nextEvent, c.slug).not.toBeNull();
      const event = own.find((e) => e.id === c.nextEvent?.eventId);
      expect(event, c.slug).toBeDefined();
      expect(c.nextEvent?.date, c.slug).toMatch(/^\d{4}-\d\d-\d\d$/);
    }
  });
});
