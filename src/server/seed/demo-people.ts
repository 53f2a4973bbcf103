// Demo people: the site admin, two field organizers, the chapter hosts, two would-be hosts with
// no role yet, their host applications and the notes admins keep about chapters and applicants.
import type { DemoChapterNote, DemoHostApplication, DemoUser, DemoUserNote } from './demo-types';

export const DEMO_ADMIN = { name: 'Site Admin', email: 'admin@example.org' } as const;

/**
 * The field organizer and the chapter host whose passwords are printed beside the admin's at
 * the first start (and kept in DATA_DIR/demo-sign-ins.txt), so each role can be tried. Maria
 * organizes the Upper West Side, which Rachel hosts: the two see one chapter from both sides.
 */
export const DEMO_SIGN_IN_AS = {
  fieldOrganizer: 'maria.delgado@example.org',
  host: 'rachel.goldberg@example.com',
} as const;

export const DEMO_USERS: readonly DemoUser[] = [
  {
    name: 'Maria Delgado',
    email: 'maria.delgado@example.org',
    daysAgo: 910,
    fieldOrganizerOf: ['upper-west-side', 'pittsburgh', 'capitol-hill', 'atlanta', 'nashville'],
  },
  {
    name: 'James Whitaker',
    email: 'james.whitaker@example.org',
    daysAgo: 860,
    fieldOrganizerOf: ['chicago', 'austin', 'denver', 'seattle', 'london'],
  },
  {
    name: 'Rachel Goldberg',
    email: 'rachel.goldberg@example.com',
    daysAgo: 800,
    hostOf: ['upper-west-side'],
  },
  { name: 'David Okafor', email: 'david.okafor@example.com', daysAgo: 640, hostOf: ['brooklyn'] },
  {
    name: 'Tom Kowalski',
    email: 'tom.kowalski@example.com',
    daysAgo: 760,
    hostOf: ['pittsburgh'],
  },
  {
    name: 'Angela Rossi',
    email: 'angela.rossi@example.com',
    daysAgo: 530,
    hostOf: ['philadelphia'],
  },
  {
    name: 'Marcus Bell',
    email: 'marcus.bell@example.com',
    daysAgo: 720,
    hostOf: ['capitol-hill', 'u-street'],
  },
  { name: 'Priya Raman', email: 'priya.raman@example.com', daysAgo: 480, hostOf: ['chicago'] },
  {
    name: 'Luis Hernandez',
    email: 'luis.hernandez@example.com',
    daysAgo: 690,
    hostOf: ['austin'],
  },
  {
    name: 'Karen Lindqvist',
    email: 'karen.lindqvist@example.com',
    daysAgo: 610,
    hostOf: ['madison'],
  },
  {
    name: 'Ben Takahashi',
    email: 'ben.takahashi@example.com',
    daysAgo: 450,
    hostOf: ['seattle'],
  },
  { name: "Sarah O'Neill", email: 'sarah.oneill@example.com', daysAgo: 400, hostOf: ['portland'] },
  {
    name: 'Nora Feldman',
    email: 'nora.feldman@example.com',
    daysAgo: 560,
    hostOf: ['san-francisco', 'berkeley'],
  },
  { name: 'Kevin Price', email: 'kevin.price@example.com', daysAgo: 330, hostOf: ['durham'] },
  { name: 'Jamal Carter', email: 'jamal.carter@example.com', daysAgo: 705, hostOf: ['atlanta'] },
  { name: 'Emily Chen', email: 'emily.chen@example.com', daysAgo: 420, hostOf: ['denver'] },
  { name: 'Oliver Hughes', email: 'oliver.hughes@example.com', daysAgo: 380, hostOf: ['london'] },
  { name: 'Claire Dubois', email: 'claire.dubois@example.com', daysAgo: 260, hostOf: ['toronto'] },
  // No role yet: they have applied to host.
  { name: 'Hannah Brooks', email: 'hannah.brooks@example.com', daysAgo: 520 },
  { name: 'Victor Nguyen', email: 'victor.nguyen@example.com', daysAgo: 150 },
];

export const DEMO_HOST_APPLICATIONS: readonly DemoHostApplication[] = [
  {
    user: 'hannah.brooks@example.com',
    city: 'Columbus',
    state: 'OH',
    type: 'drinking',
    reason:
      'I organized canvassing in Franklin County last fall and a lot of those volunteers still want a reason to get together. There is no regular progressive social night near campus.',
    slug: 'columbus-oh-hannah-brooks',
    status: 'open',
    isArchived: false,
    didHavePhoneCall: true,
    didSignAgreement: false,
    didGiveAdditionalInfo: false,
    daysAgo: 6,
  },
  {
    user: 'victor.nguyen@example.com',
    city: 'Tucson',
    state: 'AZ',
    type: 'dining',
    reason:
      'My partner and I host potlucks for neighbors who care about water policy and the border. We would like to open them up and meet monthly at a restaurant on Fourth Avenue.',
    slug: 'tucson-az-victor-nguyen',
    status: 'open',
    isArchived: false,
    didHavePhoneCall: false,
    didSignAgreement: false,
    didGiveAdditionalInfo: true,
    daysAgo: 2,
  },
  {
    user: 'jamal.carter@example.com',
    city: 'Atlanta',
    state: 'GA',
    type: 'drinking',
    reason:
      "Atlanta has no Drinking Liberally any more and Manuel's has said they would give us the back room on Thursdays.",
    slug: 'atlanta-ga-jamal-carter',
    status: 'approved',
    isArchived: false,
    didHavePhoneCall: true,
    didSignAgreement: true,
    didGiveAdditionalInfo: true,
    chapter: 'atlanta',
    daysAgo: 700,
  },
  {
    user: 'emily.chen@example.com',
    city: 'Denver',
    state: 'CO',
    type: 'drinking',
    reason:
      'I moved to Denver from Oakland and want to start a drinking chapter downtown. Happy to join an existing group if there is one.',
    slug: 'denver-co-emily-chen',
    status: 'approved_without_creation',
    isArchived: false,
    didHavePhoneCall: true,
    didSignAgreement: true,
    didGiveAdditionalInfo: false,
    daysAgo: 415,
  },
  {
    user: 'victor.nguyen@example.com',
    city: 'Phoenix',
    state: 'AZ',
    type: 'laughing',
    reason:
      'I would like to run a monthly comedy night as a fundraiser for a state senate campaign I am working on.',
    slug: 'phoenix-az-victor-nguyen',
    status: 'denied',
    isArchived: false,
    didHavePhoneCall: true,
    didSignAgreement: false,
    didGiveAdditionalInfo: true,
    daysAgo: 120,
  },
  {
    user: 'hannah.brooks@example.com',
    city: 'Dayton',
    state: 'OH',
    type: 'drinking',
    reason: 'Starting something in Dayton while I finish school there.',
    slug: 'dayton-oh-hannah-brooks',
    status: 'denied',
    isArchived: true,
    didHavePhoneCall: false,
    didSignAgreement: false,
    didGiveAdditionalInfo: false,
    daysAgo: 500,
  },
];

export const DEMO_USER_NOTES: readonly DemoUserNote[] = [
  {
    about: 'hannah.brooks@example.com',
    author: 'admin@example.org',
    note: 'Her Dayton application from last year never went anywhere after she moved; archived it.',
    daysAgo: 40,
  },
  {
    about: 'hannah.brooks@example.com',
    author: 'maria.delgado@example.org',
    note: 'Orientation call done (45 min). She has two bars near Ohio State in mind and will send the agreement once she has talked to the managers.',
    daysAgo: 4,
  },
  {
    about: 'victor.nguyen@example.com',
    author: 'admin@example.org',
    note: 'Denied the Phoenix application: chapters cannot raise money for a candidate. Told him he is welcome to apply again for a regular night.',
    daysAgo: 115,
  },
  {
    about: 'victor.nguyen@example.com',
    author: 'james.whitaker@example.org',
    note: 'Left a voicemail about the Tucson dining application. Will try again Monday.',
    daysAgo: 1,
  },
];

export const DEMO_CHAPTER_NOTES: readonly DemoChapterNote[] = [
  {
    chapter: 'pittsburgh',
    author: 'maria.delgado@example.org',
    note: 'Checked in with Tom: around twenty people a night since the move to Lawrenceville.',
    adminOnly: false,
    daysAgo: 25,
  },
  {
    chapter: 'nashville',
    author: 'admin@example.org',
    note: 'Host stepped down in the spring. Chapter hidden until we find a replacement; Zanies is happy to have us back.',
    adminOnly: true,
    daysAgo: 90,
  },
  {
    chapter: 'atlanta',
    author: 'maria.delgado@example.org',
    note: 'Jamal wants an election night party in November 2027. Added it as a one-off event.',
    adminOnly: false,
    daysAgo: 12,
  },
  {
    chapter: 'capitol-hill',
    author: 'admin@example.org',
    note: 'The venue asked us to use the upstairs room on Thursdays. Marcus agreed.',
    adminOnly: false,
    daysAgo: 60,
  },
  {
    chapter: 'london',
    author: 'james.whitaker@example.org',
    note: 'Oliver asked whether overseas chapters can send through the mailing list tool. Checking the terms with the provider before we say yes.',
    adminOnly: true,
    daysAgo: 18,
  },
  {
    chapter: 'denver',
    author: 'james.whitaker@example.org',
    note: 'Emily now runs a film night as well as the brewery meet-up, so the chapter stays a Living chapter.',
    adminOnly: false,
    daysAgo: 45,
  },
];
