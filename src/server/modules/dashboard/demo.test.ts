// The admin screens over the demo data: something in every state they show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { seedDemo } from '../../seed/demo';
import { users } from '../../db/schema';
import { adminDashboardSchema } from '../../../common/schemas/adminDashboard';
import { hostApplicationListSchema } from '../../../common/schemas/applications';
import { wikiPageListItemSchema } from '../../../common/schemas/content';
import { createSession, SESSION_COOKIE } from '../auth/sessions';
import { send, type TestApp } from '../../test/chapterAdminWorld';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
  const [row] = await t.db.select().from(users).where(eq(users.email, 'admin@example.org'));
  admin = `${SESSION_COOKIE}=${(await createSession(t.db, row!.id, 1)).token}`;
});
afterAll(() => t.close());

const get = (url: string) => send(t, { method: 'GET', url }, admin);

describe('the admin screens over the demo network', () => {
  it('show lapsed and lively chapters, hosts, members and open applications', async () => {
    const { counts, chapters } = adminDashboardSchema.parse(
      (await get('/api/admin/dashboard')).json(),
    );
    expect(counts.activeChapters).toBeGreaterThan(15);
    expect(counts.hiddenChapters).toBeGreaterThanOrEqual(1);
    expect(counts.openApplications).toBeGreaterThanOrEqual(2);
    expect(counts.listMembers).toBeGreaterThan(0);
    const active = chapters.filter((c) => c.status === 1);
    expect(active.some((c) => c.isLapsed)).toBe(true);
    expect(active.some((c) => !c.isLapsed)).toBe(true);
    expect(active.some((c) => c.memberCount > 0 && c.hosts.length > 0)).toBe(true);
    // Chapters that have met for years have a last meeting, though their events' rows are new.
    const meeting = active.filter((c) => c.nextEventDate && !c.graceUntil);
    expect(meeting.length).toBeGreaterThan(10);
    expect(meeting.filter((c) => c.lastEventDate === null)).toEqual([]);
    // The summary card counts exactly the chapters "Lapsed only" lists.
    expect(counts.lapsedChapters).toBe(chapters.filter((c) => c.isLapsed).length);
  });

  it('show applications in every status, archived ones, and private and locked wiki pages', async () => {
    const applications = hostApplicationListSchema.parse(
      (await get('/api/chapter_host_application')).json(),
    );
    for (const status of ['open', 'approved', 'approved_without_creation', 'denied'] as const) {
      expect(
        applications.some((a) => a.status === status),
        status,
      ).toBe(true);
    }
    expect(applications.some((a) => a.isArchived)).toBe(true);
    const wiki = wikiPageListItemSchema.array().parse((await get('/api/wiki_page')).json());
    expect(wiki.some((p) => !p.isPublic)).toBe(true);
    expect(wiki.some((p) => !p.isEditable)).toBe(true);
    const applicant = applications[0]!.user.id;
    const notes = await get(`/api/user_note/user/${applicant}`);
    expect(notes.statusCode).toBe(200);
  });
});
