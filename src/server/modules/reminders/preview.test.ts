// The list reminder's preview on Chapter Settings (issue 34, item 6): the next meeting's reminder
// in the layout every member's copy wears, for those who may change the settings, with nothing
// recorded. NOW is Tuesday 4 March 2031, 10am in New York; Thursdays 6-8pm at the Pencil Factory.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOW, setClock } from '../rsvps/testWorld';
import { createReminderWorld, type ReminderWorld } from '../../test/reminderWorld';
import { grantRole, insertChapter } from '../../test/chapterAdminWorld';
import { chapterEvents, mailingDeliveries, mailingMessages } from '../../db/schema';

let world: ReminderWorld;
beforeAll(async () => {
  world = await createReminderWorld();
  setClock(NOW);
});
afterAll(async () => {
  vi.useRealTimers();
  await world.t.close();
});

const preview = (path: string, cookie: string | undefined) =>
  world.t.app.inject({
    method: 'GET',
    url: path,
    ...(cookie ? { headers: { cookie } } : {}),
  });
const previewOf = (chapterId: number | string, cookie: string | undefined) =>
  preview(`/api/reminders/chapter/${chapterId}/preview`, cookie);

/** Messages and copies in the send ledger. */
const recorded = async () => [
  await world.t.db.select({ n: count() }).from(mailingMessages),
  await world.t.db.select({ n: count() }).from(mailingDeliveries),
];

describe("the list reminder's preview", () => {
  it("shows the host the next meeting's reminder as members get it, and records nothing", async () => {
    const { w } = world;
    const before = await recorded();
    const res = await previewOf(w.chapter.id, w.cookies.host);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ subject: string; fromName: string; html: string }>();
    expect(body.subject).toBe('Reminder: Pencil Factory, Thu, Mar 6, 2031');
    expect(body.fromName).toBeTruthy();
    // The real layout: the whole document, the chapter under the network's name, the meeting,
    // the "I'm going" page (a token that names no copy) and the list's unsubscribe footer.
    expect(body.html).toMatch(/^<!DOCTYPE html>/i);
    expect(body.html).toContain('Pencil Factory');
    expect(body.html).toContain('Thursday, March 6, 2031');
    expect(body.html).toContain('/going/preview"');
    expect(body.html).toContain('/unsubscribe/preview');
    expect(await recorded()).toEqual(before);
  });

  it('is for the chapter’s hosts, its field organizers and the admins', async () => {
    const { w } = world;
    for (const who of ['fieldOrganizer', 'admin'] as const) {
      expect((await previewOf(w.chapter.id, w.cookies[who])).statusCode).toBe(200);
    }
    expect((await previewOf(w.chapter.id, w.cookies.otherHost)).statusCode).toBe(403);
    expect((await previewOf(w.chapter.id, w.cookies.noRole)).statusCode).toBe(403);
    expect((await previewOf(w.chapter.id, undefined)).statusCode).toBe(401);
  });

  it('names the field of a bad chapter id', async () => {
    const res = await previewOf('brooklyn', world.w.cookies.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: [{ field: 'params.chapterId' }] });
  });

  it('says so when the chapter has no meeting coming up', async () => {
    const { t, w } = world;
    const empty = await insertChapter(t, {});
    await grantRole(t, w.users.host.id, 3, empty.id);
    expect(
      await t.db.select().from(chapterEvents).where(eq(chapterEvents.chapterId, empty.id)),
    ).toHaveLength(0);
    const res = await previewOf(empty.id, w.cookies.host);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/no meeting coming up/);
  });
});
