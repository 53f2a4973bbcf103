// The public chapter answer's member count (issue 25): the active members of the chapter's
// built-in list, from the counts the triggers keep; null when Brevo keeps the lists or the
// chapter has none. The first app keeps no answers (PUBLIC_CACHE_SECONDS=0), so every read is
// fresh; the second keeps them an hour, so what changes its answer was forgotten.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import {
  addContacts,
  createMailingWorld,
  getAs,
  postAs,
  setContactStatus,
  setEmailService,
  type MailingWorld,
  type TestApp,
} from '../mailing/testWorld';

// Brevo is configured (never called: the count is not asked of it) so the setting can pick it.
const BREVO = { BREVO_API_KEY: 'test-key', BREVO_API_URL: 'http://127.0.0.1:9' };

let fresh: TestApp;
let kept: TestApp;
let w: MailingWorld;
let k: MailingWorld;

beforeAll(async () => {
  [fresh, kept] = await Promise.all([
    createTestApp({ env: { ...BREVO, PUBLIC_CACHE_SECONDS: '0' } }),
    createTestApp({ env: { ...BREVO, PUBLIC_CACHE_SECONDS: '3600' } }),
  ]);
  await Promise.all([fresh.app.ready(), kept.app.ready()]);
  [w, k] = await Promise.all([createMailingWorld(fresh), createMailingWorld(kept)]);
});
afterAll(() => Promise.all([fresh.close(), kept.close()]));

const memberCount = async (t: TestApp, slug: string, cookie?: string) => {
  const res = await getAs(t, `/api/chapter/slug/${slug}`, cookie);
  expect(res.statusCode).toBe(200);
  return res.json<{ memberCount: number | null }>().memberCount;
};

const setStatus = (listId: string, email: string, status: string) =>
  setContactStatus(fresh, listId, email, status);

describe("the public chapter answer's member count", () => {
  it('counts the active members of the built-in list, as they join and leave', async () => {
    await setEmailService(fresh, null);
    const { town } = w.chapters;
    expect(await memberCount(fresh, town.slug)).toBe(3);

    await addContacts(fresh, w.lists.town, ['dan@example.org', 'eve@example.org']);
    // A sign-up not yet confirmed is no member.
    await addContacts(fresh, w.lists.town, ['fay@example.org'], 'unconfirmed');
    expect(await memberCount(fresh, town.slug)).toBe(5);

    await setStatus(w.lists.town, 'dan@example.org', 'unsub');
    await setStatus(w.lists.town, 'eve@example.org', 'blocked');
    await setStatus(w.lists.town, 'carol@example.org', 'bounce');
    expect(await memberCount(fresh, town.slug)).toBe(2);
    await setStatus(w.lists.town, 'fay@example.org', 'active');
    expect(await memberCount(fresh, town.slug)).toBe(3);
    // The same count by id, and in the answer its hosts read.
    const byId = await getAs(fresh, `/api/chapter/id/${town.id}`);
    expect(byId.json().memberCount).toBe(3);
    expect(await memberCount(fresh, town.slug, w.users.host.cookie)).toBe(3);
  });

  it('is null for a chapter without a list, and 0 for a list of no active member', async () => {
    await setEmailService(fresh, null);
    const listless = await getAs(
      fresh,
      `/api/chapter/id/${w.chapters.listless.id}`,
      w.users.listlessHost.cookie,
    );
    expect(listless.json().memberCount).toBeNull();
    await setStatus(w.lists.other, 'olga@example.org', 'unsub');
    expect(await memberCount(fresh, w.chapters.other.slug)).toBe(0);
  });

  it('is null when Brevo keeps the lists: the count is Brevo’s', async () => {
    await setEmailService(fresh, 'sendInBlue');
    expect(await memberCount(fresh, w.chapters.town.slug)).toBeNull();
    expect(await memberCount(fresh, w.chapters.town.slug, w.users.host.cookie)).toBeNull();
    await setEmailService(fresh, null);
  });

  it('counts the Brevo-era list under that setting when no Brevo key is set', async () => {
    const plain = await createTestApp({ env: { PUBLIC_CACHE_SECONDS: '0' } });
    try {
      await plain.app.ready();
      const world = await createMailingWorld(plain);
      await addContacts(plain, world.lists.townSib, ['sib@example.org']);
      await setEmailService(plain, 'sendInBlue');
      expect(await memberCount(plain, world.chapters.town.slug)).toBe(1);
    } finally {
      await plain.close();
    }
  });
});

describe('a kept chapter answer', () => {
  it('keeps its count until the answer is forgotten, and a change of email service forgets it', async () => {
    await setEmailService(kept, null);
    const { town } = k.chapters;
    expect(await memberCount(kept, town.slug)).toBe(3);
    // Members joining announce nothing: the kept answer stays, for the TTL at most.
    await addContacts(kept, k.lists.town, ['dan@example.org']);
    expect(await memberCount(kept, town.slug)).toBe(3);

    const saved = await postAs(
      kept,
      '/api/email_settings',
      { serviceName: 'sendInBlue' },
      k.users.admin.cookie,
    );
    expect(saved.statusCode).toBe(200);
    expect(await memberCount(kept, town.slug)).toBeNull();
    await postAs(kept, '/api/email_settings', { serviceName: 'bronto' }, k.users.admin.cookie);
    expect(await memberCount(kept, town.slug)).toBe(4);
  });
});
