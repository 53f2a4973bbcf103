// The one vocabulary between cached answers and the writes that make them stale. A cached answer
// declares the things it shows (`shows`); a write names the things it changed (`changed`), and
// every app server forgets the answers showing any of them (answerCache.ts). Things are named by
// what a write knows without another query: a deleted event by its slug, a revoked role by its
// id. A new cached answer lists what it shows with `shows`; a write the table below does not
// cover gets a `changed` entry here, next to the others.

/** Forgets every answer: sent when too much changed to name, or after a missed notice. */
export const EVERY_ANSWER = '*';

/** The names themselves (prefer `shows` and `changed` below). */
export const key = {
  chapter: (id: number) => `chapter:${id}`,
  state: (state: string) => `state:${state.toUpperCase()}`,
  event: (slug: string) => `event:${slug}`,
  /** The RSVP counts of an event's dates (issue 33). */
  rsvps: (slug: string) => `rsvps:${slug}`,
  user: (id: number) => `user:${id}`,
  role: (permissionId: number) => `role:${permissionId}`,
  /** Answers that list every chapter (the home map, the admin dashboard, a site-wide feed). */
  allChapters: 'chapters',
  press: (slug: string) => `press:${slug}`,
  allPress: 'press',
  content: (kind: 'blog' | 'page' | 'wiki') => `content:${kind}`,
  frontPage: 'front-page',
  emailSettings: 'email-settings',
  /** An uploaded image by its hash (servers keep images by hash: uploads/imageMemory.ts). */
  image: (hash: string) => `image:${hash}`,
} as const;

interface ChapterShown {
  id: number;
  chapter_events?: readonly { slug: string }[];
}

/** What cached answers show. */
export const shows = {
  /**
   * One chapter's read: its fields, events, hosts (their names) and their roles, and the member
   * count of the list the email settings pick.
   */
  chapter(
    chapter: ChapterShown & { permissions: readonly { id: number; user: { id: number } }[] },
  ) {
    return [
      ...shows.chapters([chapter]),
      ...chapter.permissions.flatMap((p) => [key.role(p.id), key.user(p.user.id)]),
      key.emailSettings,
    ];
  },
  /** A list of chapters with their events. */
  chapters(chapters: readonly ChapterShown[]) {
    return chapters.flatMap((c) => [
      key.chapter(c.id),
      ...(c.chapter_events ?? []).map((e) => key.event(e.slug)),
    ]);
  },
  /** A state's list: also forgotten when a chapter joins it. */
  stateList(state: string, chapters: readonly ChapterShown[]) {
    return [key.state(state), ...shows.chapters(chapters)];
  },
  /** An event's own page (and whatever of its chapter it shows). */
  event(slug: string, chapterId: number) {
    return [key.event(slug), key.chapter(chapterId)];
  },
  /**
   * One date's RSVP counts. Only this answer is forgotten on each RSVP: the counts other answers
   * carry (event page, chapter and state cards) are as old as their TTL at most.
   */
  rsvpCounts(slug: string, chapterId: number) {
    return [key.rsvps(slug), key.event(slug), key.chapter(chapterId)];
  },
  /**
   * A page of a chapter's posts: a new post (chapterPart) moves every page, and each author's
   * name is shown (by id, which the answer leaves out).
   */
  chapterPosts(chapterId: number, authorIds: readonly number[]) {
    return [key.chapter(chapterId), ...authorIds.map((id) => key.user(id))];
  },
  /**
   * A chapter's calendar, or one event's: the chapter's name and place, and every one of its
   * events, since any of them may set the time zone all its dates are written in.
   */
  calendar(chapterId: number, eventSlugs: readonly string[]) {
    return [key.chapter(chapterId), ...eventSlugs.map((slug) => key.event(slug))];
  },
  allChapters: () => [key.allChapters],
  press: (slug: string) => [key.press(slug), key.allPress],
  content: (kind: 'blog' | 'page' | 'wiki') => [key.content(kind)],
  frontPage: () => [key.frontPage],
  /** Images deleted from storage (no slot shows them): no server serves them any more. */
  imagesGone: (hashes: readonly (string | null)[]) =>
    hashes.filter((hash) => hash !== null).map(key.image),
  emailSettings: () => [key.emailSettings],
};

/**
 * What writes change. Anything about a chapter (its fields, events, posts, hosts, header image,
 * links, list) also changes the answers that list every chapter.
 */
export const changed = {
  /** A chapter saved or created; `state` is where it is now (the list it left shows its id). */
  chapter(chapter: { id: number; state: string }) {
    return [key.chapter(chapter.id), key.state(chapter.state), key.allChapters];
  },
  /** Something that belongs to the chapter: a post, a link, its header image, its list. */
  chapterPart(chapterId: number) {
    return [key.chapter(chapterId), key.allChapters];
  },
  /** An event saved, deleted, or one of its dates skipped, moved or restored. */
  event(slug: string, chapterId?: number) {
    return [
      key.event(slug),
      ...(chapterId === undefined ? [] : [key.chapter(chapterId)]),
      key.allChapters,
    ];
  },
  /** Someone's place at one of the event's dates: going, waiting, cancelled. */
  rsvps: (slug: string) => [key.rsvps(slug)],
  /** A role granted (by chapter) or revoked (by the permission's id). */
  role(which: { chapterId: number } | { permissionId: number }) {
    return [
      'chapterId' in which ? key.chapter(which.chapterId) : key.role(which.permissionId),
      key.allChapters,
    ];
  },
  /**
   * A user's name or email: shown in the chapters they host, the posts they wrote, and the
   * network's blog (whose lists are not kept by author: only pages carry them).
   */
  user: (id: number) => [key.user(id), key.content('blog')],
  press(slug: string, chapterId: number | null) {
    return [key.press(slug), key.allPress, ...(chapterId === null ? [] : [key.chapter(chapterId)])];
  },
  content: (kind: 'blog' | 'page' | 'wiki') => [key.content(kind)],
  frontPage: () => [key.frontPage],
  /** Images deleted from storage (no slot shows them): no server serves them any more. */
  imagesGone: (hashes: readonly (string | null)[]) =>
    hashes.filter((hash) => hash !== null).map(key.image),
  /** Which list-id field is used: the dashboard's list sizes, a chapter's member count. */
  emailSettings: () => [key.emailSettings, key.allChapters],
};
