// The chapter as the API answers it (spec 1 §3, spec 2 §3), and the public reads around it:
// events, links, chapter posts and press mentions. Request parameters live here too, so the
// browser can check a state or a search before asking.
import { z } from 'zod';
import { chapterRefSchema } from './chapterRef';
import { MAX_DB_ID } from './ids';
import { LIMITS } from '../constants';
import { isStateAbbr } from '../states';

export const chapterTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  hexColor: z.string(),
});

export const chapterEventSchema = z.object({
  id: z.number().int(),
  chapterId: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
  startTime: z.string(),
  endTime: z.string(),
  dayOfWeekIndex: z.number().int(),
  weeksOfMonthIndexes: z.string(),
  isSingleDate: z.boolean(),
  singleDate: z.string().nullable(),
  /** RSVPs past this many people join the waitlist; null: no cap (issue 33). */
  capacity: z.number().int().nullable().default(null),
  /** How many guests one RSVP may bring (0-10). */
  maxGuests: z.number().int().default(2),
});
export type ChapterEvent = z.infer<typeof chapterEventSchema>;

/** What lists and the map need of a chapter; the chapter page adds about, links, hosts... */
export const chapterSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  displayTitle: z.string(),
  slug: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  status: z.number().int(),
  chapterTypeId: z.number().int(),
  chapter_type: chapterTypeSchema,
  emailAlias: z.string(),
  email: z.string(),
  lastBlogPostDate: z.string().nullable(),
  chapter_events: z.array(chapterEventSchema),
});
export type ChapterSummary = z.infer<typeof chapterSummarySchema>;

/** The home map's pin: the soonest occurrence of any of the chapter's events, local to it. */
export const nextEventSchema = z.object({
  eventId: z.number().int(),
  name: z.string(),
  address1: z.string(),
  city: z.string(),
  state: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** 'YYYY-MM-DD' in the chapter's time zone. */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** People going (RSVPs, guests included; issue 33). Not on the home map's pins. */
  going: z.number().int().optional(),
});
export type NextEvent = z.infer<typeof nextEventSchema>;

/** One coming meeting of a chapter: which event, its local date, and its instants. */
export const upcomingDateSchema = z.object({
  eventId: z.number().int(),
  /** 'YYYY-MM-DD' in the chapter's time zone. */
  date: z.string(),
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  /** Local 'HH:MM': the event's, or those of the date a host moved it to. */
  startTime: z.string().optional(),
  endTime: z.string().optional(),
  /** A meeting a host moved: the date its rule gave, and the host's note. */
  movedFrom: z.string().optional(),
  note: z.string().optional(),
  /** People going (RSVPs, guests included; issue 33), as old as the answer's TTL at most. */
  going: z.number().int().optional(),
});
export type UpcomingDate = z.infer<typeof upcomingDateSchema>;

/**
 * GET /api/chapters/state/{state}: a summary, its next meeting (null when nothing is coming up)
 * and the zone that meeting's times are in, the chapter's.
 */
export const stateChapterSchema = chapterSummarySchema.extend({
  nextEvent: nextEventSchema.nullable(),
  timeZone: z.string(),
});
export type StateChapter = z.infer<typeof stateChapterSchema>;

/** GET /api/chapters/active: a summary and its next event (null when nothing is coming up). */
export const activeChapterSchema = chapterSummarySchema.omit({ chapter_events: true }).extend({
  nextEvent: nextEventSchema.nullable(),
});
export type ActiveChapter = z.infer<typeof activeChapterSchema>;

export const roleRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** GET /api/chapters/my: a summary, its next meeting and the roles the signed-in user holds in it. */
export const myChapterSchema = stateChapterSchema.extend({ roles: z.array(roleRefSchema) });
export type MyChapter = z.infer<typeof myChapterSchema>;

/**
 * A host or field organizer of a chapter. `user.email` is null unless the caller has host-level
 * access to the chapter (a visitor sees who hosts, not how to reach them privately; the chapter
 * address is public).
 */
export const chapterPermissionSchema = z.object({
  id: z.number().int(),
  roleId: z.number().int(),
  role: roleRefSchema,
  chapterId: z.number().int(),
  createdAt: z.string(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }),
});
export type ChapterPermission = z.infer<typeof chapterPermissionSchema>;

/** GET /api/chapter/slug/{slug} and /api/chapter/id/{id}. */
export const chapterSchema = chapterSummarySchema.extend({
  about: z.string(),
  /** The domain of the type's mailbox; `email` is `{emailAlias}@{emailDomain}`. */
  emailDomain: z.string(),
  brontoListName: z.string(),
  brontoListId: z.string().nullable(),
  sendInBlueListId: z.string().nullable(),
  /** Email that goes by itself (issue 34; chapterFields.ts REMINDER_LIMITS). */
  reminderDaysBefore: z.number().int(),
  reminderHour: z.number().int(),
  rsvpReminderHours: z.number().int(),
  hostDigestHours: z.number().int(),
  /** Hosts (role 3) first, then field organizers (role 2), each by name. */
  permissions: z.array(chapterPermissionSchema),
  /** The IANA zone its meetings are in. */
  timeZone: z.string(),
  /** The next four meetings of all its events, soonest first (spec 1 §2). */
  upcoming: z.array(upcomingDateSchema),
  /** Where its header image is, when it has one. */
  headerImageUrl: z.string().nullable().optional(),
  /**
   * The active members of its built-in list, as kept when the answer was built (it may be stale
   * for the answer cache's TTL); null when it has no list or Brevo keeps the lists.
   */
  memberCount: z.number().int().nonnegative().nullable(),
});
export type Chapter = z.infer<typeof chapterSchema>;

/** GET /api/chapter_event/slug/{slug}: the event and enough of its chapter to link to it. */
export const chapterEventDetailSchema = chapterEventSchema.extend({
  chapter: chapterRefSchema,
});
export type ChapterEventDetail = z.infer<typeof chapterEventDetailSchema>;

/** GET /api/chapter_link/chapter/{chapterId}: ordered by position. */
export const chapterLinkSchema = z.object({
  id: z.number().int(),
  chapterId: z.number().int(),
  title: z.string(),
  url: z.string(),
  position: z.number().int(),
});
export type ChapterLink = z.infer<typeof chapterLinkSchema>;

export const CHAPTER_POST_PAGE_SIZE = 10;

export const chapterPostSchema = z.object({
  id: z.number().int(),
  chapterId: z.number().int(),
  title: z.string(),
  slug: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** The author by name only; null once the user is gone. */
  user: z.object({ name: z.string() }).nullable(),
});
export type ChapterPost = z.infer<typeof chapterPostSchema>;
/** GET /api/chapter_blog_post/{chapterId}: every post of a chapter, newest first. */
export const chapterPostListSchema = z.array(chapterPostSchema);

/**
 * GET /api/chapter_blog_post/public/{chapterId}/{page}: newest first, CHAPTER_POST_PAGE_SIZE per
 * page, page from 0; `hasMore` drives Load More (same shape as the network blog's pages).
 */
export const chapterPostPageSchema = z.object({
  posts: z.array(chapterPostSchema),
  hasMore: z.boolean(),
});
export type ChapterPostPage = z.infer<typeof chapterPostPageSchema>;

export const pressMentionChapterSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  displayTitle: z.string(),
  slug: z.string(),
  state: z.string(),
});

/** A press mention as the public calls answer it; `chapter` is null for network-wide press. */
export const pressMentionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  notes: z.string(),
  slug: z.string(),
  createdAt: z.string(),
  isVisible: z.boolean(),
  chapterId: z.number().int().nullable(),
  chapter: pressMentionChapterSchema.nullable(),
});
export type PressMention = z.infer<typeof pressMentionSchema>;

// ---------------------------------------------------------------- request parameters

export const MAX_PRESS_MENTION_COUNT = 100;
export const MAX_SEARCH_RESULTS = 50;

/** A numeric id in a path: '12' is 12; 'abc', '1.5', '1e3' and '0' are a 400 naming the field. */
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'Expected a positive whole number')
  .transform(Number)
  .pipe(z.number().int().max(MAX_DB_ID, 'No such id'));

/** A page number in a path, from 0. */
export const pageParam = z
  .string()
  .regex(/^\d{1,6}$/, 'Expected a page number from 0')
  .transform(Number);

/** A state in a path, in any case ('ny', 'int' for International); answers the abbreviation. */
export const stateParam = z
  .string()
  .refine(isStateAbbr, 'Unknown state')
  .transform((s) => s.toUpperCase());

export const chapterSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(LIMITS.minSearchLength, `Type at least ${LIMITS.minSearchLength} characters`)
    .max(100),
  activeOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type ChapterSearchQuery = z.input<typeof chapterSearchQuerySchema>;

// What hosts edit (a press mention, the links) lives in chapterEdits.ts, apart from the answers.
export {
  PRESS_MESSAGES,
  chapterLinksSaveSchema,
  isSafeLinkUrl,
  pressMentionSaveSchema,
  type ChapterLinksSave,
  type PressMentionSave,
} from './chapterEdits';
