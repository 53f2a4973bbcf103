// The demo data set: a realistic network of chapters, people and content for a fresh embedded
// database. Pure data, no database code (that is demo.ts). The larger parts live in the files
// imported below; this file gathers them and holds the mailing lists, aliases and settings.
import { EAST_CHAPTERS } from './demo-chapters';
import { WEST_CHAPTERS } from './demo-chapters-west';
import { EAST_EVENTS } from './demo-events';
import { WEST_EVENTS } from './demo-events-west';
import type { DemoChapter, DemoContact, DemoEvent } from './demo-types';

export {
  DEMO_ADMIN,
  DEMO_CHAPTER_NOTES,
  DEMO_HOST_APPLICATIONS,
  DEMO_SIGN_IN_AS,
  DEMO_USER_NOTES,
} from './demo-people';
export { DEMO_USERS } from './demo-people';
export { DEMO_CHAPTER_POSTS } from './demo-posts';
export { DEMO_BLOG_POSTS, DEMO_PRESS_MENTIONS } from './demo-content';
export { DEMO_PAGES, DEMO_WIKI_PAGES } from './demo-pages';
export type * from './demo-types';

export const DEMO_CHAPTERS: readonly DemoChapter[] = [...EAST_CHAPTERS, ...WEST_CHAPTERS];
export const DEMO_EVENTS: readonly DemoEvent[] = [...EAST_EVENTS, ...WEST_EVENTS];

/**
 * Members of each chapter's mailing list (chapters with `hasMailingList`). A few have
 * unsubscribed or bounced, so the members screen shows more than one status.
 */
export const DEMO_LIST_CONTACTS: Readonly<Record<string, readonly DemoContact[]>> = {
  'upper-west-side': [
    { email: 'ellen.park@example.com' },
    { email: 'mike.sullivan@example.net' },
    { email: 'joan.abrams@example.com' },
    { email: 'ravi.shah@example.org', status: 'unsub' },
    { email: 'lena.fischer@example.com' },
    { email: 'tony.baptiste@example.net' },
  ],
  brooklyn: [
    { email: 'nadia.haddad@example.com' },
    { email: 'sam.whitfield@example.net' },
    { email: 'gloria.mendez@example.com' },
  ],
  pittsburgh: [
    { email: 'frank.novak@example.com' },
    { email: 'beth.yoder@example.net' },
    { email: 'carl.washington@example.com' },
    { email: 'dana.petrakis@example.com', status: 'bounce' },
    { email: 'mei.lin@example.org' },
  ],
  philadelphia: [{ email: 'jules.moreau@example.com' }, { email: 'pat.gallagher@example.net' }],
  'capitol-hill': [
    { email: 'hill.staffer@example.org' },
    { email: 'andre.thomas@example.com' },
    { email: 'kate.morrison@example.net' },
    { email: 'leah.goldman@example.com' },
  ],
  'u-street': [{ email: 'imani.jones@example.com' }, { email: 'greg.holt@example.net' }],
  chicago: [
    { email: 'tomasz.nowak@example.com' },
    { email: 'aisha.brown@example.net' },
    { email: 'bill.oconnor@example.com' },
    { email: 'yuki.sato@example.com', status: 'blocked' },
  ],
  austin: [
    { email: 'maribel.garza@example.com' },
    { email: 'dale.jenkins@example.net' },
    { email: 'shannon.reyes@example.com' },
  ],
  madison: [
    { email: 'erik.olson@example.com' },
    { email: 'molly.schultz@example.net' },
    { email: 'paul.vang@example.com' },
  ],
  seattle: [{ email: 'hana.kim@example.com' }, { email: 'owen.price@example.net' }],
  portland: [
    { email: 'river.jackson@example.com' },
    { email: 'tess.mcallister@example.net' },
    { email: 'jorge.alvarez@example.com', status: 'unsub' },
  ],
  'san-francisco': [
    { email: 'carmen.ortiz@example.com' },
    { email: 'dev.patel@example.net' },
    { email: 'lucy.wong@example.com' },
    { email: 'max.bernstein@example.org' },
  ],
  'los-angeles': [{ email: 'ruby.castillo@example.com' }, { email: 'adam.greene@example.net' }],
  berkeley: [
    { email: 'ingrid.larsen@example.com' },
    { email: 'kofi.mensah@example.net' },
    { email: 'zoe.silver@example.com' },
  ],
  cambridge: [{ email: 'noah.cohen@example.com' }, { email: 'siobhan.kelly@example.net' }],
  durham: [
    { email: 'tanya.mcneil@example.com' },
    { email: 'wes.harper@example.net' },
    { email: 'ana.rivera@example.com' },
  ],
  atlanta: [
    { email: 'keisha.williams@example.com' },
    { email: 'ron.tate@example.net' },
    { email: 'parker.hughes@example.com' },
    { email: 'dina.ali@example.org' },
    { email: 'lamar.gibson@example.com' },
  ],
  denver: [{ email: 'megan.ross@example.com' }, { email: 'eli.romero@example.net' }],
  london: [
    { email: 'fiona.walsh@example.co.uk' },
    { email: 'george.ames@example.com' },
    { email: 'priti.desai@example.co.uk' },
  ],
  toronto: [{ email: 'marc.tremblay@example.ca' }, { email: 'sofia.rossi@example.ca' }],
};

/** Forwarding addresses of a few chapters: {emailAlias}@{type's mail domain} to their hosts. */
export const DEMO_EMAIL_ALIASES: readonly { chapter: string; recipients: readonly string[] }[] = [
  { chapter: 'upper-west-side', recipients: ['rachel.goldberg@example.com'] },
  { chapter: 'pittsburgh', recipients: ['tom.kowalski@example.com'] },
  { chapter: 'capitol-hill', recipients: ['marcus.bell@example.com'] },
  { chapter: 'san-francisco', recipients: ['nora.feldman@example.com'] },
];

export const DEMO_SETTINGS: readonly { key: string; value: Record<string, unknown> }[] = [
  { key: 'frontPage', value: { imageLinkURL: 'https://livingliberally.org/donate' } },
  { key: 'emailService', value: { serviceName: 'bronto' } },
];
