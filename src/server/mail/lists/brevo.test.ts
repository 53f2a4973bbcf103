// The Brevo provider against a fake Brevo (src/server/test/fakeBrevo.ts): the behaviour suite
// every provider passes, then what only a remote service does: paging, failures and its rate
// limit, each answered in the spec's words (spec 2 §8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_ERROR_TEXT } from '../../../common/schemas/emailAdmin';
import { FAKE_BREVO_KEY, startFakeBrevo, type FakeBrevo } from '../../test/fakeBrevo';
import { ProviderError } from '../providerHttp';
import { providerAnswer } from '../../plugins/errors';
import { brevoProvider } from './brevo';
import { brevoClient, BREVO_PAGE } from './brevoClient';
import { describeProvider } from './providerSuite';

let fake: FakeBrevo;
const settings = () => ({
  apiKey: FAKE_BREVO_KEY,
  apiUrl: fake.url,
  senderEmail: 'no-reply@example.org',
});

beforeAll(async () => {
  fake = await startFakeBrevo();
});
afterAll(() => fake.close());

describeProvider('brevo', async () => ({
  provider: brevoProvider(settings()),
  async unsubscribe(listId, email) {
    fake.unsubscribe(Number(listId), email);
  },
}));

/** The provider's failure, with the answer our API makes of it (plugins/errors.ts). */
async function failure(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  const answer = providerAnswer(err as ProviderError);
  return {
    statusCode: answer.statusCode,
    message: answer.message,
    headers: answer.headers,
    upstreamStatus: (err as ProviderError).upstreamStatus,
  };
}

describe('brevo provider: what only a remote service does', () => {
  it('reads every page of a long list and of many lists', async () => {
    const provider = brevoProvider(settings());
    const list = await provider.createList('Big');
    const emails = Array.from(
      { length: BREVO_PAGE.listContacts * 2 + 7 },
      (_, i) => `p${i}@big.example.org`,
    );
    const client = brevoClient(settings());
    for (const email of emails) await client.createContact(email, [Number(list.id)]);
    const contacts = await provider.listContacts(list.id);
    expect(contacts).toHaveLength(emails.length);
    for (let i = 0; i < BREVO_PAGE.lists + 3; i++) fake.addList(`Extra ${i}`);
    const lists = await provider.allLists();
    expect(lists.length).toBeGreaterThan(BREVO_PAGE.lists + 3);
    expect(new Set(lists.map((l) => l.id)).size).toBe(lists.length);
  }, 60_000);

  it('sends a chapter email as a campaign, and shows it in recent messages', async () => {
    const provider = brevoProvider(settings());
    const list = await provider.createList('Campaigns');
    await provider.addContacts(list.id, ['reader@example.org']);
    const queued = await provider.queueMessage({
      listId: list.id,
      subject: 'Meeting moved',
      html: '<p>Thursday</p>',
      fromName: 'Town',
      replyTo: 'town@drinkingliberally.org',
      chapterId: null,
      senderId: null,
    });
    expect(fake.campaigns.get(queued.messageId)).toMatchObject({
      subject: 'Meeting moved',
      status: 'sent',
      listIds: [Number(list.id)],
    });
    fake.open('reader@example.org', queued.messageId);
    const details = await provider.contactDetails(list.id, 'reader@example.org');
    expect(details).toMatchObject({ numSends: 1, numOpens: 1 });
    expect(details!.lastActivity).not.toBeNull();
    expect(details!.recentMessages).toEqual([
      {
        sentDate: expect.any(String),
        subject: 'Meeting moved',
        campaignName: 'Town: Meeting moved',
        campaignId: queued.messageId,
        opened: true,
        clicked: false,
      },
    ]);
  });

  it('answers a wrong key, a refusal, a timeout and other failures in the spec words', async () => {
    const wrongKey = brevoProvider({ ...settings(), apiKey: 'wrong' });
    const auth = await failure(wrongKey.findContact('a@example.org'));
    expect([auth.statusCode, auth.message, auth.upstreamStatus]).toEqual([
      502,
      PROVIDER_ERROR_TEXT.auth,
      401,
    ]);

    const provider = brevoProvider(settings());
    fake.fail(403);
    expect((await failure(provider.findContact('a@example.org'))).message).toBe(
      PROVIDER_ERROR_TEXT.forbidden,
    );
    fake.fail(504);
    const timeout = await failure(provider.findContact('a@example.org'));
    expect([timeout.statusCode, timeout.message]).toEqual([504, PROVIDER_ERROR_TEXT.timeout]);
    fake.fail(500);
    expect((await failure(provider.findContact('a@example.org'))).message).toBe(
      'Server error: 500 Internal Server Error',
    );
  });

  it('answers an address nothing listens on as unreachable', async () => {
    const closed = await startFakeBrevo();
    const url = closed.url;
    await closed.close();
    const provider = brevoProvider({ ...settings(), apiUrl: url });
    const err = await failure(provider.getList('4'));
    expect([err.statusCode, err.message, err.upstreamStatus]).toEqual([
      502,
      PROVIDER_ERROR_TEXT.unreachable,
      0,
    ]);
  });

  it('passes on the rate limit with the time Brevo says to wait', async () => {
    const provider = brevoProvider(settings());
    fake.rateLimit(1);
    const err = await failure(provider.allLists());
    expect(err.statusCode).toBe(429);
    expect(err.message).toBe(PROVIDER_ERROR_TEXT.rateLimited);
    expect(err.headers).toEqual({ 'retry-after': '7' });
    // The limit has passed: the same call works.
    await expect(provider.allLists()).resolves.toBeInstanceOf(Array);
  });
});
