// Exactly once with several app servers, one killed with -9 (issue 34, "Done means"): two real
// server processes (src/server/main.ts, as `npm start` runs it) on one PostgreSQL database plan
// and fire the same schedule; one is killed with SIGKILL while it holds copies in flight. The
// other finishes: every member of every chapter has the reminder once, none twice, none lost.
//
// Each server has an SMTP peer of its own, so the test knows who sent what. Server A's peer takes
// its first copies, then holds every later one unanswered; once A has recorded what its peer
// took, A is killed, with copies claimed and in the middle of their SMTP conversation. Holding
// them keeps the one window the ledger cannot close (a copy the peer took that its sender died
// before recording, sent again with the same Message-ID: docs/decisions/07-chapter-email.md)
// out of this test, which is about the schedule.
//
// The processes keep the machine's clock (they are not this test's), so the meetings are set
// relative to it: each chapter meets two days from today, its reminder (3 days before) already
// due and its meeting more than 12 hours away, so it goes within one poll.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { startMain, type MainProcess } from '../../test/mainProcess';
import { queryRows } from '../../core/database';
import { dateWithWeekday } from '../../../common/eventSchedule';
import type { Database } from '../../db/client';
import {
  chapterEvents,
  chapters,
  mailingListContacts,
  mailingLists,
  settings,
} from '../../db/schema';

const adminUrl = process.env.TEST_DATABASE_URL;
const CHAPTERS = 8;
const MEMBERS = 30;
/** Copies server A's peer takes before it holds the rest. */
const TAKEN_BY_A = 20;

/**
 * An SMTP peer that records what it takes. `answer` decides each copy when it arrives: take it
 * (true), or hold it unanswered for good (false); it may take its time (a slow peer).
 */
class Peer {
  readonly received: ParsedMail[] = [];
  held = 0;
  private server: SMTPServer | undefined;

  constructor(private readonly answer: () => boolean | Promise<boolean>) {}

  async open(): Promise<number> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      disableReverseLookup: true,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then(async (mail) => {
            if (!(await this.answer())) {
              this.held += 1;
              return; // never answered: its sender dies waiting
            }
            this.received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    // A sender killed mid-conversation resets its connection: expected here.
    server.on('error', () => {});
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    const server = this.server;
    return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

/** Sunday 0 .. Saturday 6, and the date, of the day `days` from now in New York. */
function newYorkDay(days: number): { weekday: number; date: string } {
  const at = new Date(Date.now() + days * 86_400_000);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  return { weekday, date: `${part('year')}-${part('month')}-${part('day')}` };
}

const started: MainProcess[] = [];
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const server of started) await server.kill();
  for (const close of closers.reverse()) await close();
});

async function seed(database: Database) {
  const { db } = database;
  await db.insert(settings).values({ key: 'emailService', value: { serviceName: 'bronto' } });
  const meets = newYorkDay(2);
  const emails: string[] = [];
  for (let c = 0; c < CHAPTERS; c++) {
    const [list] = await db
      .insert(mailingLists)
      .values({ name: `Town ${c} list` })
      .returning();
    const [chapter] = await db
      .insert(chapters)
      .values({
        title: `Town ${c}`,
        slug: `town-${c}`,
        status: 1,
        emailAlias: `town${c}`,
        brontoListId: String(list!.id),
        reminderDaysBefore: 3,
        reminderHour: 10,
        // Only the list's reminder is due in this test.
        rsvpReminderHours: 0,
        hostDigestHours: 0,
      })
      .returning();
    await db.insert(chapterEvents).values({
      chapterId: chapter!.id,
      name: `Meeting ${c}`,
      slug: `meeting-${c}`,
      address1: '142 Franklin St',
      city: 'Brooklyn',
      state: 'NY',
      postalCode: '11222',
      lat: 40.7297,
      lng: -73.9576,
      startTime: '18:00',
      endTime: '20:00',
      dayOfWeekIndex: meets.weekday,
      weeksOfMonthIndexes: '0',
    });
    const members = Array.from({ length: MEMBERS }, (_, i) => `m${i}.town${c}@example.org`);
    await db.insert(mailingListContacts).values(
      members.map((email) => ({
        listId: list!.id,
        email,
        status: 'active',
        unsubscribeToken: randomBytes(16).toString('hex'),
      })),
    );
    emails.push(...members);
  }
  return { emails, meetsOn: meets.date };
}

describe.skipIf(!adminUrl)('two app servers on PostgreSQL, one killed with -9', () => {
  it(
    'every member gets the reminder once: none twice, none lost',
    { timeout: 600_000 },
    async () => {
      const database = await createTestDatabase();
      closers.push(() => database.close());
      const { emails, meetsOn } = await seed(database);
      const [{ name } = { name: '' }] = await queryRows<{ name: string }>(
        database.db,
        sql`select current_database() as name`,
      );
      const url = new URL(adminUrl!);
      url.pathname = `/${name}`;

      // A's peer takes its first copies and holds the rest; B's answers once A has taken
      // those (a slow peer: both servers are surely at work when A dies).
      let aTook!: () => void;
      const aHasTaken = new Promise<void>((resolve) => (aTook = resolve));
      const a = new Peer(() => {
        if (a.received.length >= TAKEN_BY_A) return false;
        if (a.received.length + 1 === TAKEN_BY_A) aTook();
        return true;
      });
      const b = new Peer(() => aHasTaken.then(() => true));
      const [portA, portB] = [await a.open(), await b.open()];
      closers.push(
        () => a.close(),
        () => b.close(),
      );
      const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'chapters-two-')));
      closers.push(async () => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
      const env = (port: number, dir: string) => ({
        DATABASE_URL: url.toString(),
        DATA_DIR: dir,
        WEB_DIR: path.join(dir, 'no-web-app'),
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        PUBLIC_URL: 'https://chapters.example.org',
        LOG_LEVEL: 'warn',
        SHUTDOWN_DRAIN_SECONDS: '0',
        // Both look often, so both plan and fire the same schedule at once.
        MAIL_SCHEDULE_POLL_MS: '200',
        MAIL_SEND_POLL_MS: '200',
        // What the dead one claimed is another's once this has passed without its heartbeat.
        MAIL_SEND_LEASE_SECONDS: '5',
      });
      const [serverA, serverB] = await Promise.all([
        startMain(env(portA, dirs[0]!)),
        startMain(env(portB, dirs[1]!)),
      ]);
      started.push(serverA!, serverB!);

      // A has copies in flight (held by its peer), and has recorded those its peer took.
      await vi.waitFor(
        async () => {
          expect(a.held).toBeGreaterThan(0);
          const took = a.received.map((m) => (m.to as { text: string }).text);
          const [recorded] = await queryRows<{ n: number }>(
            database.db,
            sql`select count(*)::int as n from mailing_deliveries d
                join mailing_list_contacts c on c.id = d.contact_id
                where d.status = 'sent'
                  and c.email in (select json_array_elements_text(${JSON.stringify(took)}::json))`,
          );
          expect(Number(recorded!.n)).toBe(TAKEN_BY_A);
        },
        { timeout: 300_000, interval: 50 },
      );
      await serverA!.kill();
      // Mid-way: the dead server left copies claimed, and copies not yet sent.
      const [left] = await queryRows<{ sending: number; sent: number }>(
        database.db,
        sql`select count(*) filter (where status = 'sending')::int as sending,
                   count(*) filter (where status = 'sent')::int as sent
            from mailing_deliveries`,
      );
      expect(Number(left!.sending)).toBeGreaterThan(0);
      expect(Number(left!.sent)).toBeLessThan(emails.length);

      // The living server finishes, the dead one's claims included once their lease ran out.
      await vi.waitFor(
        async () => {
          expect(a.received.length + b.received.length).toBeGreaterThanOrEqual(emails.length);
          const [open] = await queryRows<{ n: number }>(
            database.db,
            sql`select count(*)::int as n from mailing_messages
                where kind = 'reminder' and occurrence = ${meetsOn}::date
                  and status <> 'finished'`,
          );
          expect(Number(open!.n)).toBe(0);
        },
        { timeout: 300_000, interval: 100 },
      );
      // Stopped (its loops end what they began): nothing more can arrive after this.
      await serverB!.stop();
      const received = [...a.received, ...b.received];
      const to = received.map((m) => (m.to as { text: string }).text).sort();
      expect(to).toEqual([...emails].sort());
      expect(a.received.length).toBe(TAKEN_BY_A);
      expect(b.received.length).toBe(emails.length - TAKEN_BY_A);
      expect(new Set(received.map((m) => m.subject))).toEqual(
        new Set(
          Array.from(
            { length: CHAPTERS },
            (_, c) => `Reminder: Meeting ${c}, ${dateWithWeekday(meetsOn)}`,
          ),
        ),
      );
      // One reminder per meeting in the schedule, all sent, from both servers' plans.
      const messages = await queryRows<{ n: number; copies: number }>(
        database.db,
        sql`select count(*)::int as n, sum(queued)::int as copies from mailing_messages
            where kind = 'reminder' and occurrence = ${meetsOn}::date`,
      );
      expect(messages[0]).toEqual({ n: CHAPTERS, copies: emails.length });
    },
  );
});
