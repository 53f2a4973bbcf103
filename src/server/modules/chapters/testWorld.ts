// A small network for the public-read tests: an active and a hidden chapter in New York, an
// active one in California, and one caller of each kind the hidden-chapter rule knows.
import { chapters } from '../../db/schema';
import type { createTestApp } from '../../test/app';
import { signedInUser } from '../../test/users';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let made = 0;

export async function createWorld(t: TestApp) {
  made += 1;
  const tag = `w${made}`;
  const [active, hidden, other, paused] = await t.db
    .insert(chapters)
    .values([
      {
        title: 'Greenpoint',
        slug: `${tag}-greenpoint`,
        city: 'Brooklyn',
        state: 'NY',
        status: 1,
        chapterTypeId: 1,
        emailAlias: 'greenpoint',
        about: '<p>Hello <script>alert(1)</script>there</p>',
        sendInBlueListId: '77',
      },
      {
        title: 'Astoria',
        slug: `${tag}-astoria`,
        city: 'Queens',
        state: 'NY',
        status: 0,
        chapterTypeId: 5,
        emailAlias: 'astoria',
      },
      { title: 'Oakland', slug: `${tag}-oakland`, city: 'Oakland', state: 'CA', status: 1 },
      // Any status but 1 is hidden, not only 0.
      { title: 'Buffalo', slug: `${tag}-buffalo`, city: 'Buffalo', state: 'NY', status: 2 },
    ])
    .returning();
  if (!active || !hidden || !other || !paused) throw new Error('insert returned too few rows');
  const [plain, hostOther, host, fieldOrganizer, admin] = await Promise.all([
    signedInUser(t, { name: 'Plain Person' }),
    signedInUser(t, { name: 'Other Host', hostOf: [other.id] }),
    signedInUser(t, { name: 'Hidden Host', hostOf: [hidden.id, active.id] }),
    signedInUser(t, { name: 'Field Organizer', fieldOrganizerOf: [hidden.id] }),
    signedInUser(t, { admin: true }),
  ]);
  /** Callers by kind, and whether each may see the hidden chapter. */
  const callers = [
    { kind: 'visitor', cookie: undefined, seesHidden: false },
    { kind: 'signed-in user with no role', cookie: plain!.cookie, seesHidden: false },
    { kind: 'host of another chapter', cookie: hostOther!.cookie, seesHidden: false },
    { kind: 'host', cookie: host!.cookie, seesHidden: true },
    { kind: 'field organizer', cookie: fieldOrganizer!.cookie, seesHidden: true },
    { kind: 'admin', cookie: admin!.cookie, seesHidden: true },
  ] as const;
  return {
    chapters: { active, hidden, other, paused },
    users: {
      plain: plain!,
      hostOther: hostOther!,
      host: host!,
      fieldOrganizer: fieldOrganizer!,
      admin: admin!,
    },
    callers,
  };
}

/** GET as a caller (no cookie: a visitor). */
export function get(t: TestApp, url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}
