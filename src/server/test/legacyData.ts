// The data of a stand-in of the original site (legacySite.ts), in the original's own shapes as
// the spec documents give them (spec 1 §3, spec 2 §3): `state` 'int' for International,
// `weeksOfMonthIndexes` a comma-joined string, the spec's application statuses, list ids as
// the original keeps them. `edgeCases` adds one entity for every reason the importer skips
// (legacyEdgeCases.ts).
import { addEdgeCases } from './legacyEdgeCases';

export interface LUser {
  id: number;
  name: string;
  email: string;
  createdAt: string;
  isAdmin: boolean;
}
export interface LEvent {
  name: string;
  slug: string;
  description: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  lat: number;
  lng: number;
  chapterId: number;
  startTime: string;
  endTime: string;
  dayOfWeekIndex: number;
  weeksOfMonthIndexes: string;
  isSingleDate: boolean;
  singleDate: string | null;
}
export interface LChapter {
  id: number;
  title: string;
  displayTitle: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  slug: string;
  status: number;
  chapterTypeId: number;
  emailAlias: string;
  sendInBlueListId: string | null;
  brontoListId: string | null;
  brontoListName: string;
  about: string;
  events: LEvent[];
  links: { title: string; url: string }[];
  posts: { title: string; body: string; slug: string; createdAt: string; userId: number }[];
  press: {
    title: string;
    url: string;
    notes: string;
    slug: string;
    createdAt: string;
    isVisible: boolean;
  }[];
  notes: { note: string; adminOnly: boolean; userId: number; createdAt: string }[];
  permissions: { id: number; userId: number; roleId: number; createdAt: string }[];
  headerImage: Buffer | null;
}
export interface LContent {
  title: string;
  slug: string;
  body: string;
  isPublic: boolean;
  isEditable?: boolean;
  createdAt: string;
  userId?: number;
}
export interface LegacyData {
  admin: { email: string; password: string };
  users: LUser[];
  chapters: LChapter[];
  userNotes: { aboutUserId: number; note: string; userId: number; createdAt: string }[];
  blog: LContent[];
  pages: LContent[];
  wiki: LContent[];
  networkPress: LChapter['press'];
  applications: {
    slug: string;
    status: 'open' | 'approved' | 'approved_without_creation' | 'denied';
    isArchived: boolean;
    userId: number;
    city: string;
    state: string;
    type: string;
    reason: string;
    createdAt: string;
    didHavePhoneCall: boolean;
    didSignAgreement: boolean;
    didGiveAdditionalInfo: boolean;
  }[];
  activity: {
    type: string;
    title: string;
    note: string;
    userId: number;
    createdAt: string;
    adminOnly: boolean;
    objectId: number | null;
  }[];
  frontPage: { imageLinkURL: string };
  emailSettings: { serviceName: 'bronto' | 'sendInBlue' };
}

export interface LegacyDataSize {
  chapters: number;
  users: number;
  eventsPerChapter: number;
  postsPerChapter: number;
  edgeCases: boolean;
}

const STATES = ['ny', 'CA', 'TX', 'int', 'IL', 'WA'];
export const day = (n: number) => new Date(Date.UTC(2015, 0, 1) + n * 86_400_000).toISOString();

/** The slug a test gives a chapter of its own before importing: 'slug taken here'. */
export const TAKEN_SLUG = 'taken-here';
/** The email of a user the test makes here first (in another case): merged on import. */
export const MERGED_EMAIL = 'Merge.Me@Example.org';

export function legacyData(size: LegacyDataSize): LegacyData {
  const users: LUser[] = [
    { id: 1, name: 'Old Admin', email: 'admin@old.example.org', createdAt: day(0), isAdmin: true },
  ];
  for (let i = 2; i <= size.users; i++) {
    users.push({
      id: i,
      name: `Member ${i}`,
      email: `member${i}@old.example.org`,
      createdAt: day(i % 3000),
      isAdmin: false,
    });
  }
  const host = (c: number) => 2 + (c % Math.max(1, size.users - 1));
  const chapters: LChapter[] = [];
  let permissionId = 1;
  for (let c = 1; c <= size.chapters; c++) {
    const state = STATES[c % STATES.length]!;
    const events: LEvent[] = [];
    for (let e = 1; e <= size.eventsPerChapter; e++) {
      events.push({
        name: `Tavern ${c}-${e}`,
        slug: `chapter-${c}-event-${e}`,
        description: 'Drinks and talk',
        address1: `${e} Main St`,
        address2: '',
        city: `City ${c}`,
        state: state.toUpperCase() === 'INT' ? '' : state.toUpperCase(),
        postalCode: '10001',
        country: 'US',
        lat: 40.7,
        lng: -74,
        chapterId: c,
        startTime: '19:00',
        endTime: '21:30',
        dayOfWeekIndex: e % 7,
        weeksOfMonthIndexes: e % 2 ? '1,3' : '0',
        isSingleDate: false,
        singleDate: null,
      });
    }
    chapters.push({
      id: c,
      title: `Drinking Liberally City ${c}`,
      displayTitle: `City ${c}`,
      city: `City ${c}`,
      state,
      postalCode: '10001',
      country: 'US',
      slug: `city-${c}`,
      status: 1,
      chapterTypeId: 1 + (c % 6),
      emailAlias: `city${c}`,
      sendInBlueListId: String(1000 + c),
      brontoListId: c % 2 ? `0${5000 + c}` : null,
      brontoListName: `City ${c} list`,
      about: `<p>About city ${c}</p>`,
      events,
      links: [{ title: 'Our page', url: `https://example.org/city-${c}` }],
      posts: Array.from({ length: size.postsPerChapter }, (_, p) => ({
        title: `News ${p + 1} of city ${c}`,
        body: `<p>Post ${p + 1}</p>`,
        slug: `city-${c}-post-${p + 1}`,
        createdAt: day(c + p),
        userId: host(c),
      })),
      press:
        c % 10 === 1
          ? [
              {
                title: `Press about city ${c}`,
                url: `https://news.example.org/${c}`,
                notes: '',
                slug: `press-city-${c}`,
                createdAt: day(c),
                isVisible: c % 20 !== 1,
              },
            ]
          : [],
      notes:
        c % 10 === 2
          ? [{ note: `Note on city ${c}`, adminOnly: c % 20 === 2, userId: 1, createdAt: day(c) }]
          : [],
      permissions:
        size.users > 1
          ? [{ id: permissionId++, userId: host(c), roleId: 3, createdAt: day(c) }]
          : [],
      headerImage: null,
    });
  }
  const data: LegacyData = {
    admin: { email: 'admin@old.example.org', password: 'old-secret' },
    users,
    chapters,
    userNotes:
      size.users > 2
        ? [{ aboutUserId: 2, note: 'Called about hosting', userId: 1, createdAt: day(10) }]
        : [],
    blog: [
      {
        title: 'We are moving',
        slug: 'we_are_moving',
        body: '<p>Soon</p>',
        isPublic: true,
        createdAt: day(100),
        userId: 1,
      },
    ],
    pages: [
      {
        title: 'About',
        slug: 'about',
        body: '<p>About the network</p>',
        isPublic: true,
        createdAt: day(1),
      },
    ],
    wiki: [
      {
        title: 'Host guide',
        slug: 'host_guide',
        body: '<p>How to host</p>',
        isPublic: false,
        isEditable: false,
        createdAt: day(2),
      },
    ],
    networkPress: [
      {
        title: 'The network in the news',
        url: 'https://news.example.org/network',
        notes: 'Front page',
        slug: 'network-news',
        createdAt: day(5),
        isVisible: true,
      },
    ],
    applications:
      size.users > 3
        ? [
            {
              slug: 'app-open',
              status: 'open',
              isArchived: false,
              userId: 3,
              city: 'Austin',
              state: 'tx',
              type: 'drinking',
              reason: 'Thirsty',
              createdAt: day(20),
              didHavePhoneCall: true,
              didSignAgreement: false,
              didGiveAdditionalInfo: false,
            },
            {
              slug: 'app-denied',
              status: 'denied',
              isArchived: true,
              userId: 3,
              city: 'Reno',
              state: 'NV',
              type: 'laughing',
              reason: 'Jokes',
              createdAt: day(21),
              didHavePhoneCall: false,
              didSignAgreement: false,
              didGiveAdditionalInfo: false,
            },
            {
              slug: 'app-half',
              status: 'approved_without_creation',
              isArchived: false,
              userId: 2,
              city: 'Paris',
              state: 'int',
              type: 'dining',
              reason: 'Food',
              createdAt: day(22),
              didHavePhoneCall: true,
              didSignAgreement: true,
              didGiveAdditionalInfo: true,
            },
          ]
        : [],
    activity: [],
    frontPage: { imageLinkURL: 'https://old.example.org/donate' },
    emailSettings: { serviceName: 'sendInBlue' },
  };
  const noted = chapters.find((ch) => ch.notes.length > 0);
  if (noted) {
    const n = noted.notes[0]!;
    data.activity.push({
      type: 'chapter_note',
      title: noted.title,
      note: n.note,
      userId: 1,
      createdAt: n.createdAt,
      adminOnly: n.adminOnly,
      objectId: 77,
    });
  }
  if (size.edgeCases) addEdgeCases(data);
  return data;
}
