import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { verify } from '@node-rs/argon2';
import zipcodes from 'zipcodes';
import { openDatabase } from '../db/client';
import {
  chapterEventExceptions,
  chapterEvents,
  chapterHostApplications,
  chapters,
  mailingListContacts,
  pages,
  permissions,
  users,
  wikiPages,
} from '../db/schema';
import { isStateAbbr } from '../../common/states';
import { epochDay, meetsOn } from '../../common/recurrence';
import { isDatabaseEmpty, seedDemo } from './demo';
import { comingThanksgiving, thanksgiving } from './demo-date-changes';

describe('demo data', () => {
  // Seeding hashes a score of passwords: minutes on a loaded machine; the limit only finds a hang.
  it('seeds an empty database with a realistic network', { timeout: 240_000 }, async () => {
    const database = await openDatabase({ embeddedDir: 'memory' });
    try {
      await database.migrate();
      const { db } = database;
      expect(await isDatabaseEmpty(db)).toBe(true);

      // Made as of a set moment (the Saturday after Thanksgiving), not of the day the suite runs.
      const at = new Date('2026-11-28T12:00:00Z');
      const { adminEmail, adminPassword, signIns } = await seedDemo(db, at);
      expect(adminEmail).toBe('admin@example.org');
      expect(adminPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
      const [admin] = await db.select().from(users).where(eq(users.email, adminEmail));
      expect(admin?.name).toBe('Site Admin');
      expect(await verify(admin?.passwordHash ?? '', adminPassword)).toBe(true);

      // Beside the admin's, a field organizer's and a chapter host's sign-in to try those roles:
      // each password is new, works, and belongs to an account that has the role it is shown as.
      expect(signIns.map((s) => s.role)).toEqual([
        'site admin',
        'field organizer of 5 chapters',
        'chapter host of Upper West Side',
      ]);
      expect(signIns[0]).toEqual({
        role: 'site admin',
        email: adminEmail,
        password: adminPassword,
      });
      expect(new Set(signIns.map((s) => s.password)).size).toBe(3);
      const granted = await db.select().from(permissions);
      for (const [signIn, roleId] of [
        [signIns[1], 2],
        [signIns[2], 3],
      ] as const) {
        expect(signIn?.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
        const [user] = await db
          .select()
          .from(users)
          .where(eq(users.email, signIn?.email ?? ''));
        expect(await verify(user?.passwordHash ?? '', signIn?.password ?? ''), signIn?.email).toBe(
          true,
        );
        expect(granted.some((p) => p.userId === user?.id && p.roleId === roleId)).toBe(true);
      }

      // Chapters: many states, International, every type, exactly one hidden.
      const allChapters = await db.select().from(chapters);
      expect(allChapters.length).toBeGreaterThanOrEqual(18);
      const states = new Set(allChapters.map((c) => c.state));
      expect(states.has('INT')).toBe(true);
      expect([...states].filter((s) => s !== 'INT').length).toBeGreaterThanOrEqual(8);
      for (const s of states) expect(s === s.toUpperCase() && isStateAbbr(s)).toBe(true);
      expect(new Set(allChapters.map((c) => c.chapterTypeId))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
      expect(allChapters.filter((c) => c.status === 0)).toHaveLength(1);
      expect(allChapters.filter((c) => c.status !== 0 && c.status !== 1)).toHaveLength(0);

      // Most chapters name a mailing list of their own, with 2 to 6 members.
      const withList = allChapters.filter((c) => c.brontoListId !== null);
      expect(withList.length).toBeGreaterThan(allChapters.length / 2);
      const contacts = await db.select().from(mailingListContacts);
      for (const c of withList) {
        const members = contacts.filter((m) => String(m.listId) === c.brontoListId);
        expect(members.length).toBeGreaterThanOrEqual(2);
        expect(members.length).toBeLessThanOrEqual(6);
      }

      // Events: every recurrence option, a one-off date, believable places.
      const events = await db.select().from(chapterEvents);
      const indexes = new Set(events.flatMap((e) => e.weeksOfMonthIndexes.split(',')));
      for (let i = 0; i <= 7; i++) expect(indexes.has(String(i))).toBe(true);
      expect(events.some((e) => e.weeksOfMonthIndexes.includes(','))).toBe(true);
      const single = events.filter((e) => e.isSingleDate);
      expect(single.length).toBeGreaterThanOrEqual(1);
      for (const e of single) expect(e.singleDate).toMatch(/^2027-\d\d-\d\d$/);
      const chapterById = new Map(allChapters.map((c) => [c.id, c]));
      for (const e of events) {
        const state = chapterById.get(e.chapterId)?.state;
        expect(e.startTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        expect(e.endTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        expect(e.lat !== 0 && e.lng !== 0, e.slug).toBe(true);
        expect(Math.abs(e.lat) <= 90 && Math.abs(e.lng) <= 180, e.slug).toBe(true);
        if (state === 'INT') continue;
        expect(e.lat, e.slug).toBeGreaterThan(18);
        expect(e.lat, e.slug).toBeLessThan(72);
        expect(e.lng, e.slug).toBeGreaterThan(-170);
        expect(e.lng, e.slug).toBeLessThan(-64);
        // Close to the centre of its ZIP code, and that ZIP code is in the chapter's state.
        const zip = zipcodes.lookup(e.postalCode);
        expect(zip?.state, e.slug).toBe(state);
        expect(Math.abs((zip?.latitude ?? 0) - e.lat), e.slug).toBeLessThan(0.15);
        expect(Math.abs((zip?.longitude ?? 0) - e.lng), e.slug).toBeLessThan(0.15);
      }

      // Capitol Hill and Chicago skip the coming Thanksgiving, each on a date its rule gives.
      const skips = await db.select().from(chapterEventExceptions);
      const eventById = new Map(events.map((e) => [e.id, e]));
      expect(skips.map((x) => eventById.get(x.eventId)?.slug).sort()).toEqual([
        'capitol-hill-hawk-n-dove',
        'chicago-hopleaf',
      ]);
      for (const x of skips) {
        expect(x.date).toBe(comingThanksgiving(at));
        expect(x.date).toBe('2027-11-25');
        expect(x.movedToDate).toBeNull();
        expect(x.note).toMatch(/^No meeting on Thanksgiving/);
        expect(meetsOn(eventById.get(x.eventId)!, epochDay(x.date))).toBe(true);
      }
      expect(thanksgiving(2026)).toBe('2026-11-26');
      expect(thanksgiving(2027)).toBe('2027-11-25');

      const pageSlugs = (await db.select().from(pages)).map((p) => p.slug);
      expect(pageSlugs).toEqual(
        expect.arrayContaining(['about', 'chapter_types', 'chapter_resources']),
      );
      const wiki = await db.select().from(wikiPages);
      expect(wiki.some((w) => w.isPublic)).toBe(true);
      expect(wiki.some((w) => !w.isPublic)).toBe(true);
      expect(wiki.some((w) => !w.isEditable)).toBe(true);

      const applications = await db.select().from(chapterHostApplications);
      const open = applications.filter((a) => a.status === 'open' && !a.isArchived);
      expect(open.length).toBeGreaterThanOrEqual(2);
      for (const status of ['approved', 'approved_without_creation', 'denied']) {
        expect(applications.some((a) => a.status === status)).toBe(true);
      }
      expect(applications.some((a) => a.status === 'approved' && a.chapterId !== null)).toBe(true);
      expect(applications.some((a) => a.isArchived)).toBe(true);

      const roles = await db.select().from(permissions);
      expect(roles.filter((p) => p.roleId === 1)).toHaveLength(1);
      expect(new Set(roles.filter((p) => p.roleId === 2).map((p) => p.userId)).size).toBe(2);
      expect(
        new Set(roles.filter((p) => p.roleId === 3).map((p) => p.userId)).size,
      ).toBeGreaterThanOrEqual(10);

      expect(await isDatabaseEmpty(db)).toBe(false);
    } finally {
      await database.close();
    }
  });
});
