// Sign-in's lockout rule (docs/decisions/03-accounts.md, "Sign-in lockouts"): wrong passwords lock
// out the address that sent them, never the account's owner somewhere else; guessing one account
// from many addresses makes every attempt on it wait, the owner's too, but nobody is refused for
// it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/app';
import { createUser } from '../../test/users';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { hashPassword } from './passwords';
import { clientAddress } from './rateLimit';
import { SIGNIN_FAILED } from './service';
import { accountWaits, accountWaitSeconds, MAX_ACCOUNT_WAIT_SECONDS } from './signinLimit';

const MAX = 3;
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: String(MAX) } });
});
afterAll(() => t.close());

const PASSWORD = 'the-right-password';

/** An account with PASSWORD; its email. */
async function account(): Promise<string> {
  const user = await createUser(t.db);
  await t.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, user.id));
  return user.email;
}

async function signIn(from: string, username: string, password: string) {
  const started = Date.now();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    remoteAddress: from,
    payload: { username, password },
  });
  return { res, seconds: (Date.now() - started) / 1000 };
}

describe('sign-in lockouts', () => {
  it("lets the owner in from another address after a stranger's wrong passwords", async () => {
    const email = await account();
    for (let i = 0; i < MAX; i++) {
      const { res } = await signIn('198.51.100.1', email, `guess-${i}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null, error: SIGNIN_FAILED });
    }
    // The guessing address is refused, whatever it sends, the right password included.
    for (const password of ['another-guess', PASSWORD]) {
      const { res } = await signIn('198.51.100.1', email, password);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(
        /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
      );
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The owner, elsewhere, gets in.
    const { res } = await signIn('203.0.113.20', email, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email);
  });

  it('slows guessing of one account from many addresses, and never refuses its owner', async () => {
    const email = await account();
    const guessers = ['192.0.2.11', '192.0.2.12', '192.0.2.13'];
    // Each address spends its allowance at once: 9 failures for the account.
    const first = await Promise.all(
      guessers.flatMap((from) =>
        Array.from({ length: MAX }, (_, i) => signIn(from, email, `${from}-${i}`)),
      ),
    );
    expect(first.map(({ res }) => res.statusCode)).toEqual(Array(9).fill(200));
    for (const from of guessers) {
      expect((await signIn(from, email, 'once more')).res.statusCode).toBe(429);
    }
    // 9 failures at 3 per address: every attempt on the account now waits 3 s first, the right
    // password's as well, so a wait tells a guesser nothing. The guess waits for real (the wait
    // holds its answer back); after it, the waits are seen and not slept (the wait itself is
    // checked below, on a clock the test moves).
    const guess = await signIn('192.0.2.14', email, 'yet another');
    expect(guess.res.json()).toEqual({ user: null, error: SIGNIN_FAILED });
    expect(guess.seconds).toBeGreaterThanOrEqual(3);
    const waits = vi.spyOn(accountWaits, 'wait').mockResolvedValue();
    try {
      const owner = await signIn('192.0.2.15', email, PASSWORD);
      expect(owner.res.statusCode).toBe(200);
      expect(owner.res.json().user.email).toBe(email);
      expect(waits.mock.calls).toEqual([[3]]);
      waits.mockClear();
      // Another account is not slowed by it: its attempt waits for nothing.
      const other = await signIn('192.0.2.15', await account(), PASSWORD);
      expect(other.res.statusCode).toBe(200);
      expect(waits).not.toHaveBeenCalled();
      // The guessed account's attempts still wait, as many seconds as before.
      expect((await signIn('192.0.2.16', email, 'still guessing')).res.statusCode).toBe(200);
      expect(waits.mock.calls).toEqual([[3]]);
    } finally {
      waits.mockRestore();
    }
  });

  it('counts an IPv6 client by its /64, so one machine cannot guess from a new address each time', async () => {
    const email = await account();
    for (let i = 1; i <= MAX; i++) {
      expect((await signIn(`2001:db8:5:6::${i}`, email, `g${i}`)).res.statusCode).toBe(200);
    }
    expect((await signIn('2001:db8:5:6:ffff::9', email, 'g9')).res.statusCode).toBe(429);
    // Another /64 is another client.
    expect((await signIn('2001:db8:5:7::1', email, PASSWORD)).res.json().user.email).toBe(email);
  });
});

describe('the rule in numbers', () => {
  it('waits the seconds it is asked, and not a moment less', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      let waited = false;
      void accountWaits.wait(3).then(() => (waited = true));
      await vi.advanceTimersByTimeAsync(2999);
      expect(waited).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(waited).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("makes an account's attempts wait longer the more it has failed, never past the cap", () => {
    const waits = [0, 9, 10, 19, 20, 55, 99, 100, 10_000].map((f) => accountWaitSeconds(f, 10));
    expect(waits).toEqual([0, 0, 1, 1, 2, 5, 9, 10, 10]);
    expect(MAX_ACCOUNT_WAIT_SECONDS).toBe(10);
  });

  it('names a client by its IPv4 address, or by the /64 of its IPv6 one', () => {
    expect(clientAddress('198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddress('2001:DB8:5:6::1')).toBe('2001:db8:5:6::/64');
    expect(clientAddress('2001:db8:0005:0006:ffff:1:2:3')).toBe('2001:db8:5:6::/64');
    expect(clientAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
    expect(clientAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
