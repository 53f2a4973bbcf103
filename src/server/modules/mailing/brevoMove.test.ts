// "Move the lists home" (issue 24) against the fake Brevo: the Brevo tab's button copies each
// chapter's Brevo list into its built-in list (more than one page of contacts), keeps who is
// blocklisted or unsubscribed, adds nothing the second time, runs one at a time, and switching
// the email service to the built-in lists afterwards loses no member. Admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { signedInUser } from '../../test/users';
import { FAKE_BREVO_KEY, startFakeBrevo, type FakeBrevo } from '../../test/fakeBrevo';
import { brevoListMoves, chapters, mailingListContacts } from '../../db/schema';
import { brevoSettings, mailingListProvider } from '../../mail/lists/factory';
import { getEmailService } from '../settings/service';
import { BREVO_MOVE_TEXT, type BrevoMoveState } from '../../../common/schemas/brevoMove';
import { BREVO_BLOCK_REASON } from './brevoMove';
import { setEmailService } from './testWorld';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const PATH = '/api/admin/email/brevo_move';
// Three pages of Brevo's 500.
const BIG = 1203;

let fake: FakeBrevo;
let t: TestApp;
let adminCookie: string;
let userCookie: string;
let big: { id: number; listId: number };
let small: { id: number; listId: number };
let missing: { id: number };
const bigEmails = Array.from({ length: BIG }, (_, i) => `member${i}@big.example.org`);

const call = (method: 'GET' | 'POST', cookie?: string) =>
  t.app.inject({ method, url: PATH, ...(cookie && { headers: { cookie } }) });

/** Polls as the screen does until the run is over. */
async function finished(): Promise<BrevoMoveState> {
  for (let i = 0; i < 600; i++) {
    const state = (await call('GET', adminCookie)).json<BrevoMoveState>();
    if (state.run && state.run.status !== 'running') return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the move did not finish');
}

async function chapter(title: string, sendInBlueListId: string, brontoListId: string | null) {
  const [row] = await t.db
    .insert(chapters)
    .values({
      title,
      slug: `${title.toLowerCase()}-${Date.now()}`,
      status: 1,
      sendInBlueListId,
      brontoListId,
    })
    .returning({ id: chapters.id });
  return row!.id;
}

/** A chapter's built-in list, by address: status. */
async function builtinMembers(chapterId: number): Promise<Map<string, string>> {
  const [row] = await t.db.select().from(chapters).where(eq(chapters.id, chapterId));
  const rows = await t.db
    .select()
    .from(mailingListContacts)
    .where(eq(mailingListContacts.listId, Number(row!.brontoListId)));
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.status]));
}

beforeAll(async () => {
  fake = await startFakeBrevo();
  t = await createTestApp({ env: { BREVO_API_KEY: FAKE_BREVO_KEY, BREVO_API_URL: fake.url } });
  await t.app.ready();
  await setEmailService(t, 'sendInBlue');
  adminCookie = (await signedInUser(t, { admin: true })).cookie;
  userCookie = (await signedInUser(t)).cookie;

  const bigList = fake.addList('Big city');
  fake.seed(bigList, bigEmails);
  fake.seed(bigList, [bigEmails[7]!], true);
  fake.unsubscribe(bigList, bigEmails[8]!);
  // A chapter's brontoListId from the old Bronto service names no built-in list here.
  big = { id: await chapter('Big', String(bigList), '987654'), listId: bigList };

  const smallList = fake.addList('Small town');
  fake.seed(smallList, ['Mixed.Case@Small.example.org', 'two@small.example.org', bigEmails[0]!]);
  fake.seed(smallList, ['blocked@small.example.org'], true);
  small = { id: await chapter('Small', String(smallList), null), listId: smallList };
  missing = { id: await chapter('Gone', '424242', null) };
}, 120_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('moving the Brevo lists home', () => {
  it('is for site admins only: 401 signed out, 403 to anyone else, and nothing starts', async () => {
    for (const method of ['GET', 'POST'] as const) {
      expect((await call(method)).statusCode).toBe(401);
      const refused = await call(method, userCookie);
      expect(refused.statusCode).toBe(403);
    }
    expect(await t.db.select().from(brevoListMoves)).toEqual([]);
  });

  it('answers that nothing ran yet', async () => {
    const res = await call('GET', adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ brevoConfigured: true, run: null });
  });

  it('copies every member of every chapter list, keeping blocklisted and unsubscribed ones so', async () => {
    const started = await call('POST', adminCookie);
    expect(started.statusCode).toBe(202);
    expect(started.json<BrevoMoveState>().run).toMatchObject({ status: 'running' });
    const { run } = await finished();
    expect([run!.status, run!.error]).toEqual(['done', null]);
    expect(run!.progress).toMatchObject({ chaptersTotal: 3, chaptersDone: 3 });
    expect(run!.progress.totals).toEqual({
      read: BIG + 4,
      added: BIG + 4,
      already: 0,
      unsubscribed: 1,
      blocklisted: 2,
    });
    const lines = new Map(run!.chapters.map((c) => [c.chapterId, c]));
    expect(lines.get(big.id)).toMatchObject({
      read: BIG,
      added: BIG,
      blocklisted: 1,
      unsubscribed: 1,
      error: null,
    });
    expect(lines.get(small.id)).toMatchObject({ read: 4, added: 4, blocklisted: 1, error: null });
    expect(lines.get(missing.id)).toMatchObject({
      read: 0,
      added: 0,
      error: 'Brevo has no list 424242',
    });

    const bigHere = await builtinMembers(big.id);
    expect(bigHere.size).toBe(BIG);
    expect(bigHere.get(bigEmails[7]!)).toBe('blocked');
    expect(bigHere.get(bigEmails[8]!)).toBe('unsub');
    expect([...bigHere.values()].filter((s) => s === 'active')).toHaveLength(BIG - 2);
    const [blocked] = await t.db
      .select()
      .from(mailingListContacts)
      .where(eq(mailingListContacts.email, bigEmails[7]!));
    expect(blocked).toMatchObject({ blockedReason: BREVO_BLOCK_REASON });
    expect(blocked!.blockedDate).not.toBeNull();

    const smallHere = await builtinMembers(small.id);
    expect(Object.fromEntries(smallHere)).toEqual({
      'mixed.case@small.example.org': 'active',
      'two@small.example.org': 'active',
      [bigEmails[0]!]: 'active',
      'blocked@small.example.org': 'blocked',
    });
    // The old Bronto id was replaced by the chapter's new built-in list.
    const [bigRow] = await t.db.select().from(chapters).where(eq(chapters.id, big.id));
    expect(bigRow!.brontoListId).not.toBe('987654');
    expect(lines.get(big.id)!.builtinListId).toBe(bigRow!.brontoListId);
  }, 120_000);

  it('adds nothing the second time, and says all were there already', async () => {
    expect((await call('POST', adminCookie)).statusCode).toBe(202);
    const { run } = await finished();
    expect(run!.status).toBe('done');
    expect(run!.progress.totals).toEqual({
      read: BIG + 4,
      added: 0,
      already: BIG + 4,
      unsubscribed: 1,
      blocklisted: 2,
    });
    expect((await builtinMembers(big.id)).size).toBe(BIG);
  }, 120_000);

  it('brings over a block made at Brevo since, never reactivates an unsubscribe here, and reads a page again after a timeout', async () => {
    fake.seed(small.listId, ['two@small.example.org'], true);
    fake.seed(small.listId, ['late@small.example.org']);
    const [row] = await t.db.select().from(chapters).where(eq(chapters.id, small.id));
    await t.db
      .update(mailingListContacts)
      .set({ status: 'unsub' })
      .where(eq(mailingListContacts.email, 'mixed.case@small.example.org'));
    // Brevo times out once on the way: the page is read again, and the run goes on.
    fake.fail(504, 1);
    expect((await call('POST', adminCookie)).statusCode).toBe(202);
    const { run } = await finished();
    expect(run!.chapters.find((c) => c.chapterId === small.id)).toMatchObject({
      read: 5,
      added: 1,
      already: 4,
      blocklisted: 2,
    });
    const here = await builtinMembers(small.id);
    expect(here.get('two@small.example.org')).toBe('blocked');
    expect(here.get('mixed.case@small.example.org')).toBe('unsub');
    expect(here.get('late@small.example.org')).toBe('active');
    expect(row!.brontoListId).toBeTruthy();
  }, 120_000);

  it('runs one at a time on the whole network: a second start while one runs is 409', async () => {
    const [other] = await t.db
      .insert(brevoListMoves)
      .values({
        origin: 'command',
        progress: {
          chaptersTotal: 0,
          chaptersDone: 0,
          current: null,
          totals: { read: 0, added: 0, already: 0, unsubscribed: 0, blocklisted: 0 },
        },
      })
      .returning();
    const refused = await call('POST', adminCookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: BREVO_MOVE_TEXT.running });
    expect((await call('GET', adminCookie)).json<BrevoMoveState>().run).toMatchObject({
      id: other!.id,
      status: 'running',
    });

    // Its process went away (no heartbeat for minutes): it reads as stopped, and a start goes.
    await t.db
      .update(brevoListMoves)
      .set({ heartbeatAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(brevoListMoves.id, other!.id));
    expect((await call('GET', adminCookie)).json<BrevoMoveState>().run).toMatchObject({
      status: 'stopped',
      error: BREVO_MOVE_TEXT.stopped,
    });
    expect((await call('POST', adminCookie)).statusCode).toBe(202);
    expect((await finished()).run!.status).toBe('done');
    const [old] = await t.db.select().from(brevoListMoves).where(eq(brevoListMoves.id, other!.id));
    expect(old!.status).toBe('stopped');
  }, 120_000);

  it('loses no member when the email service switches to the built-in lists', async () => {
    const provider = mailingListProvider(t.db, {
      settings: brevoSettings(t.config)!,
      emailService: getEmailService,
    });
    const members = async (listId: string) =>
      new Map((await provider.listContacts(listId))!.map((c) => [c.email.toLowerCase(), c.status]));
    const before = new Map<number, Map<string, string>>();
    for (const c of [big, small]) before.set(c.id, await members(String(c.listId)));
    expect(before.get(big.id)!.size).toBe(BIG);

    await setEmailService(t, 'bronto');
    for (const c of [big, small]) {
      const [row] = await t.db.select().from(chapters).where(eq(chapters.id, c.id));
      const after = await members(row!.brontoListId!);
      // Everyone Brevo has is here, blocked and unsubscribed as Brevo has them (the one who
      // unsubscribed here, above, stays so).
      for (const [email, status] of before.get(c.id)!) {
        const expected = email === 'mixed.case@small.example.org' ? 'unsub' : status;
        expect([email, after.get(email)]).toEqual([email, expected]);
      }
    }
    await setEmailService(t, 'sendInBlue');
  }, 120_000);
});
