// The Brevo tab's calls (spec 2 §7) on the built-in provider and on Brevo (a fake Brevo on
// 127.0.0.1): the same answers from both, refusals, and Brevo's failures in the spec's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { signedInUser } from '../../test/users';
import { FAKE_BREVO_KEY, startFakeBrevo, type FakeBrevo } from '../../test/fakeBrevo';
import { chapters } from '../../db/schema';
import { BREVO_TEXT, PROVIDER_ERROR_TEXT } from '../../../common/schemas/emailAdmin';
import { setEmailService } from './testWorld';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let fake: FakeBrevo;
let builtinApp: TestApp;
let brevoApp: TestApp;

beforeAll(async () => {
  fake = await startFakeBrevo();
  builtinApp = await createTestApp();
  brevoApp = await createTestApp({
    env: { BREVO_API_KEY: FAKE_BREVO_KEY, BREVO_API_URL: fake.url },
  });
  await Promise.all([builtinApp.app.ready(), brevoApp.app.ready()]);
  await setEmailService(brevoApp, 'sendInBlue');
  // sendInBlue without a key is no error: the built-in provider answers.
  await setEmailService(builtinApp, 'sendInBlue');
}, 60_000);
afterAll(async () => {
  await builtinApp.close();
  await brevoApp.close();
  await fake.close();
});

function caller(t: TestApp, cookie: string) {
  return (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie } });
}

for (const [label, get] of [
  ['builtin', () => builtinApp],
  ['brevo', () => brevoApp],
] as const) {
  describe(`the Brevo tab on the ${label} provider`, () => {
    let t: TestApp;
    let call: ReturnType<typeof caller>;
    let listId: number;
    let otherListId: number;
    const email = `person-${label}-${Date.now()}@example.org`;

    beforeAll(async () => {
      t = get();
      call = caller(t, (await signedInUser(t, { admin: true })).cookie);
      // A chapter with a list, made as a host would (the first sign-up makes the list).
      const [chapter] = await t.db
        .insert(chapters)
        .values({ title: `Tab ${label}`, slug: `tab-${label}-${Date.now()}`, status: 1 })
        .returning();
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/api/mailing_list/sign_up_chapter',
        payload: { email, chapterId: chapter!.id },
      });
      // Built-in lists confirm a sign-up by email; Brevo runs its own double opt-in, if any.
      expect(signUp.json()).toEqual({
        results: [
          { isError: false, errorString: '', ...(label === 'builtin' && { confirmByEmail: true }) },
        ],
      });
      const host = await signedInUser(t, { hostOf: [chapter!.id] });
      const list = await t.app.inject({
        url: `/api/mailing_list/chapter_list_id/${chapter!.id}`,
        headers: { cookie: host.cookie },
      });
      listId = Number(list.json().listId);
      const [other] = await t.db
        .insert(chapters)
        .values({ title: `Other ${label}`, slug: `other-${label}-${Date.now()}`, status: 1 })
        .returning();
      await t.app.inject({
        method: 'POST',
        url: '/api/mailing_list/sign_up_chapter',
        payload: { email: `someone-${label}@example.org`, chapterId: other!.id },
      });
      otherListId = Number(
        (
          await t.app.inject({
            url: `/api/mailing_list/chapter_list_id/${other!.id}`,
            headers: { cookie: (await signedInUser(t, { admin: true })).cookie },
          })
        ).json().listId,
      );
    });

    it('finds the contact, its lists and their chapters', async () => {
      const found = await call(
        'GET',
        `/api/admin/brevo/contact/${encodeURIComponent(email.toUpperCase())}`,
      );
      expect(found.json()).toEqual({ email, emailBlacklisted: false, listIds: [listId] });
      const search = await call(
        'GET',
        `/api/admin/brevo/contacts/search?query=${encodeURIComponent(email)}`,
      );
      expect(search.json().contacts).toEqual([found.json()]);
      const lists = await call('GET', '/api/admin/brevo/lists');
      expect(lists.json().lists.map((l: { id: number }) => l.id)).toEqual(
        expect.arrayContaining([listId, otherListId]),
      );
      const byList = await call('POST', '/api/admin/brevo/chapters/by-list-ids', {
        listIds: [listId, 999999],
      });
      expect(byList.json().chapters).toEqual([
        { listId, chapterId: expect.any(Number), displayName: `Tab ${label}` },
      ]);
      const missing = await call('GET', '/api/admin/brevo/contact/nobody-here@example.org');
      expect([missing.statusCode, missing.json().message]).toEqual([404, BREVO_TEXT.notFound]);
    });

    it('blocks and unblocks', async () => {
      expect((await call('POST', `/api/admin/brevo/contact/${email}/block`)).json()).toEqual({
        result: 'success',
      });
      expect((await call('GET', `/api/admin/brevo/contact/${email}`)).json().emailBlacklisted).toBe(
        true,
      );
      expect((await call('POST', `/api/admin/brevo/contact/${email}/unblock`)).json()).toEqual({
        result: 'success',
      });
      expect((await call('GET', `/api/admin/brevo/contact/${email}`)).json().emailBlacklisted).toBe(
        false,
      );
      expect(
        (await call('POST', '/api/admin/brevo/contact/nobody-here@example.org/block')).statusCode,
      ).toBe(404);
    });

    it('adds to another chapter list and removes from one', async () => {
      expect(
        (await call('POST', `/api/admin/brevo/contact/${email}/lists/${otherListId}`)).json(),
      ).toEqual({
        result: 'success',
      });
      expect(
        (await call('GET', `/api/admin/brevo/contact/${email}`)).json().listIds.sort(),
      ).toEqual([listId, otherListId].sort());
      expect(
        (await call('DELETE', `/api/admin/brevo/contact/${email}/lists/${listId}`)).json(),
      ).toEqual({
        result: 'success',
      });
      expect(
        (await call('DELETE', `/api/admin/brevo/contact/${email}/lists/${listId}`)).statusCode,
      ).toBe(404);
      expect((await call('GET', `/api/admin/brevo/contact/${email}`)).json().listIds).toEqual([
        otherListId,
      ]);
      expect(
        (await call('POST', `/api/admin/brevo/contact/${email}/lists/987654`)).statusCode,
      ).toBe(404);
    });

    it('refuses non-admins and bad input, naming the field', async () => {
      const host = await signedInUser(t);
      const anon = caller(t, '');
      const plain = caller(t, host.cookie);
      for (const [method, url, body] of [
        ['GET', `/api/admin/brevo/contact/${email}`],
        ['POST', `/api/admin/brevo/contact/${email}/block`],
        ['POST', `/api/admin/brevo/contact/${email}/unblock`],
        ['POST', `/api/admin/brevo/contact/${email}/lists/${listId}`],
        ['DELETE', `/api/admin/brevo/contact/${email}/lists/${listId}`],
        ['GET', '/api/admin/brevo/lists'],
        ['GET', '/api/admin/brevo/contacts/search?query=a'],
        ['POST', '/api/admin/brevo/chapters/by-list-ids', { listIds: [] }],
      ] as const) {
        expect((await anon(method, url, body)).statusCode, url).toBe(401);
        expect((await plain(method, url, body)).statusCode, url).toBe(403);
      }
      const bad: [method: 'GET' | 'POST', url: string, field: string, body?: object][] = [
        ['GET', '/api/admin/brevo/contact/not-an-address', 'params.email'],
        ['POST', `/api/admin/brevo/contact/${email}/lists/x`, 'params.listId'],
        ['GET', '/api/admin/brevo/contacts/search?query=%20', 'querystring.query'],
        ['POST', '/api/admin/brevo/chapters/by-list-ids', 'body.listIds.0', { listIds: ['a'] }],
      ];
      for (const [method, url, field, body] of bad) {
        const res = await call(method, url, body);
        expect(res.statusCode, url).toBe(400);
        expect(
          res.json().fields.map((f: { field: string }) => f.field),
          url,
        ).toContain(field);
      }
    });
  });
}

describe('GET /api/admin/email/status', () => {
  it('says which provider serves the lists: Brevo only with sendInBlue and a key', async () => {
    for (const [t, listProvider, brevoConfigured] of [
      [builtinApp, 'builtin', false],
      [brevoApp, 'brevo', true],
    ] as const) {
      const call = caller(t, (await signedInUser(t, { admin: true })).cookie);
      expect((await call('GET', '/api/admin/email/status')).json()).toEqual({
        listProvider,
        brevoConfigured,
        aliasDelivery: 'postfix',
      });
      expect((await caller(t, '')('GET', '/api/admin/email/status')).statusCode).toBe(401);
    }
  });
});

describe("Brevo's failures on the Brevo tab", () => {
  it('answers them in the spec words', async () => {
    const call = caller(brevoApp, (await signedInUser(brevoApp, { admin: true })).cookie);
    fake.fail(401);
    const auth = await call('GET', '/api/admin/brevo/lists');
    expect([auth.statusCode, auth.json().message]).toEqual([502, PROVIDER_ERROR_TEXT.auth]);
    fake.fail(403);
    expect((await call('GET', '/api/admin/brevo/lists')).json().message).toBe(
      PROVIDER_ERROR_TEXT.forbidden,
    );
    fake.fail(504);
    const timeout = await call('GET', '/api/admin/brevo/lists');
    expect([timeout.statusCode, timeout.json().message]).toEqual([
      504,
      PROVIDER_ERROR_TEXT.timeout,
    ]);
    fake.rateLimit(1);
    const limited = await call('GET', '/api/admin/brevo/lists');
    expect([limited.statusCode, limited.headers['retry-after']]).toEqual([429, '7']);
    expect((await call('GET', '/api/admin/brevo/lists')).statusCode).toBe(200);
  });

  it('reports an unreachable Brevo', async () => {
    const closed = await startFakeBrevo();
    await closed.close();
    const t = await createTestApp({
      env: { BREVO_API_KEY: FAKE_BREVO_KEY, BREVO_API_URL: closed.url },
    });
    try {
      await setEmailService(t, 'sendInBlue');
      const call = caller(t, (await signedInUser(t, { admin: true })).cookie);
      const res = await call('GET', '/api/admin/brevo/lists');
      expect([res.statusCode, res.json().message]).toEqual([502, PROVIDER_ERROR_TEXT.unreachable]);
      // With the bronto setting the built-in provider answers, Brevo or not.
      await setEmailService(t, 'bronto');
      expect((await call('GET', '/api/admin/brevo/lists')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
