import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { chapterBlogPosts, chapterEvents } from '../../db/schema';
import {
  chapterSchema,
  chapterSummarySchema,
  myChapterSchema,
} from '../../../common/schemas/chapters';
import { createWorld, get } from './testWorld';

let t: Awaited<ReturnType<typeof createTestApp>>;
let w: Awaited<ReturnType<typeof createWorld>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

const titles = (body: string) => (JSON.parse(body) as { title: string }[]).map((c) => c.title);

describe('GET /api/chapter/slug/:slug and /api/chapter/id/:id', () => {
  it('answers the full chapter', async () => {
    const { active } = w.chapters;
    await t.db.insert(chapterEvents).values({
      chapterId: active.id,
      name: 'The Pub',
      slug: `${active.slug}-pub`,
      address1: '1 Main St',
      city: 'Brooklyn',
      startTime: '19:00',
      endTime: '21:00',
      dayOfWeekIndex: 2,
      weeksOfMonthIndexes: '1,3',
    });
    const posted = new Date('2024-03-04T05:06:07.000Z');
    await t.db.insert(chapterBlogPosts).values([
      { chapterId: active.id, title: 'Old', slug: `${active.slug}-old`, createdAt: new Date(0) },
      { chapterId: active.id, title: 'New', slug: `${active.slug}-new`, createdAt: posted },
    ]);
    for (const url of [`/api/chapter/slug/${active.slug}`, `/api/chapter/id/${active.id}`]) {
      const res = await get(t, url);
      expect(res.statusCode, url).toBe(200);
      const chapter = chapterSchema.parse(res.json());
      expect(chapter).toMatchObject({
        id: active.id,
        title: 'Greenpoint',
        displayTitle: 'Greenpoint',
        city: 'Brooklyn',
        state: 'NY',
        slug: active.slug,
        status: 1,
        chapterTypeId: 1,
        chapter_type: { id: 1, name: 'Drinking', hexColor: '#1f5fa8' },
        emailAlias: 'greenpoint',
        emailDomain: 'drinkingliberally.org',
        email: 'greenpoint@drinkingliberally.org',
        sendInBlueListId: '77',
        brontoListId: null,
        brontoListName: '',
        lastBlogPostDate: posted.toISOString(),
      });
      expect(chapter.about).toBe('<p>Hello there</p>');
      expect(chapter.chapter_events.map((e) => e.name)).toEqual(['The Pub']);
      expect(chapter.chapter_events[0]).toMatchObject({
        weeksOfMonthIndexes: '1,3',
        dayOfWeekIndex: 2,
      });
    }
  });

  it('shows hosts to everyone, and their emails only to host-level users', async () => {
    const { hidden, active } = w.chapters;
    for (const c of w.callers) {
      const res = await get(t, `/api/chapter/id/${active.id}`, c.cookie);
      const { permissions } = chapterSchema.parse(res.json());
      expect(permissions).toHaveLength(1);
      expect(permissions[0]).toMatchObject({
        roleId: 3,
        role: { id: 3, name: 'Chapter Host' },
        chapterId: active.id,
        user: { id: w.users.host.id, name: 'Hidden Host' },
      });
      const seesEmails = c.kind === 'host' || c.kind === 'admin';
      expect(permissions[0]?.user.email, c.kind).toBe(seesEmails ? w.users.host.email : null);
      expect(res.body.includes(w.users.host.email), c.kind).toBe(seesEmails);
    }
    // Hosts first, then field organizers; the field organizer sees them all with emails.
    const res = await get(t, `/api/chapter/id/${hidden.id}`, w.users.fieldOrganizer.cookie);
    const { permissions } = chapterSchema.parse(res.json());
    expect(permissions.map((p) => [p.roleId, p.user.name, p.user.email])).toEqual([
      [3, 'Hidden Host', w.users.host.email],
      [2, 'Field Organizer', w.users.fieldOrganizer.email],
    ]);
  });

  it('answers a hidden chapter with a 404 that says only "This Chapter is not active."', async () => {
    const { hidden, paused } = w.chapters;
    // A chapter that never existed is not found; one that is hidden says it is not active
    // (spec 1 §2), still a 404 so that search engines drop it, and nothing else of it.
    const missing = await get(t, '/api/chapter/slug/no-such-chapter');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Chapter not found.',
    });
    expect((await get(t, '/api/chapter/id/999999')).json()).toEqual(missing.json());
    const notActive = {
      statusCode: 404,
      error: 'Not Found',
      message: 'This Chapter is not active.',
    };
    for (const c of w.callers) {
      for (const url of [`/api/chapter/slug/${hidden.slug}`, `/api/chapter/id/${hidden.id}`]) {
        const res = await get(t, url, c.cookie);
        expect(res.statusCode, `${c.kind} ${url}`).toBe(c.seesHidden ? 200 : 404);
        if (!c.seesHidden) expect(res.json(), `${c.kind} ${url}`).toEqual(notActive);
      }
      const pausedRes = await get(t, `/api/chapter/id/${paused.id}`, c.cookie);
      expect(pausedRes.statusCode, c.kind).toBe(c.kind === 'admin' ? 200 : 404);
      if (c.kind !== 'admin') expect(pausedRes.json(), c.kind).toEqual(notActive);
    }
  });

  it('answers 404 for an unknown id and 400 naming the field for a bad one', async () => {
    expect((await get(t, '/api/chapter/id/999999')).statusCode).toBe(404);
    for (const bad of ['abc', '1.5', '0', '-3', '1e3', '99999999999']) {
      const res = await get(t, `/api/chapter/id/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(
        res.json().fields.map((f: { field: string }) => f.field),
        bad,
      ).toEqual(['params.id']);
    }
  });
});

describe('GET /api/chapters', () => {
  it('lists what the caller may see, by display title', async () => {
    const expected: Record<string, string[]> = {
      visitor: ['Greenpoint', 'Oakland'],
      'signed-in user with no role': ['Greenpoint', 'Oakland'],
      'host of another chapter': ['Greenpoint', 'Oakland'],
      host: ['Astoria', 'Greenpoint', 'Oakland'],
      'field organizer': ['Astoria', 'Greenpoint', 'Oakland'],
      admin: ['Astoria', 'Buffalo', 'Greenpoint', 'Oakland'],
    };
    for (const c of w.callers) {
      const res = await get(t, '/api/chapters', c.cookie);
      expect(res.statusCode).toBe(200);
      chapterSummarySchema.array().parse(res.json());
      expect(titles(res.body), c.kind).toEqual(expected[c.kind]);
    }
  });
});

describe('GET /api/chapters/my', () => {
  it('asks a visitor to sign in', async () => {
    expect((await get(t, '/api/chapters/my')).statusCode).toBe(401);
  });

  it("answers the user's chapters with the roles held in each", async () => {
    const res = await get(t, '/api/chapters/my', w.users.host.cookie);
    const mine = myChapterSchema.array().parse(res.json());
    expect(mine.map((c) => [c.title, c.roles])).toEqual([
      ['Astoria', [{ id: 3, name: 'Chapter Host' }]],
      ['Greenpoint', [{ id: 3, name: 'Chapter Host' }]],
    ]);
    const fo = myChapterSchema
      .array()
      .parse((await get(t, '/api/chapters/my', w.users.fieldOrganizer.cookie)).json());
    expect(fo.map((c) => [c.title, c.roles])).toEqual([
      ['Astoria', [{ id: 2, name: 'Field Organizer' }]],
    ]);
    for (const cookie of [w.users.plain.cookie, w.users.admin.cookie]) {
      expect((await get(t, '/api/chapters/my', cookie)).json()).toEqual([]);
    }
  });
});
