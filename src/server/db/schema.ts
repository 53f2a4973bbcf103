// The whole data model of both spec documents. drizzle-kit generates the migrations from this
// file (`npm run db:generate`); never edit a generated migration by hand.
//
// ON DELETE choices, in one place:
// - rows that only make sense inside their parent (sessions, permissions, events, links, notes,
//   chapter posts, list contacts, ledger rows) CASCADE with it;
// - rows that record who did something (authors of posts and notes) SET NULL, so deleting a user
//   never deletes the network's history;
// - a chapter's type RESTRICTs: types are data the code depends on.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------- people and access

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    // The spec's registration sets username equal to the email; kept for the API's shape.
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Emails are unique without regard to case.
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_name_idx').on(t.name),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie's token: a leaked table does not sign anyone in.
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

// A change of email asked for in Your Settings: it takes effect only when the link mailed to
// `newEmail` is opened. Like reset links: only the token's hash is kept, single use, expiring.
export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_change_tokens_user_idx').on(t.userId)],
);

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

/** A role held by a user: admin is global (no chapter); the others are per chapter. */
export const permissions = pgTable(
  'permissions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    chapterId: integer('chapter_id').references(() => chapters.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    // NULLS NOT DISTINCT: the global admin role (no chapter) is held at most once too.
    unique('permissions_user_role_chapter_uq')
      .on(t.userId, t.roleId, t.chapterId)
      .nullsNotDistinct(),
    index('permissions_chapter_idx').on(t.chapterId),
    index('permissions_user_idx').on(t.userId),
    check(
      'permissions_admin_is_global',
      sql`(${t.roleId} = 1 and ${t.chapterId} is null) or (${t.roleId} <> 1 and ${t.chapterId} is not null)`,
    ),
  ],
);

/** Rate-limit counters live in the database so that every app server shares them. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------- chapters

export const chapterTypes = pgTable('chapter_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  hexColor: text('hex_color').notNull(),
  // The domain of the type's mailbox: a chapter's address is {emailAlias}@{mailDomain}.
  mailDomain: text('mail_domain').notNull(),
});

export const chapters = pgTable(
  'chapters',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    city: text('city').notNull().default(''),
    // Upper-case abbreviation from the state list; 'INT' for International.
    state: text('state').notNull().default('INT'),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull().default('US'),
    status: integer('status').notNull().default(0),
    chapterTypeId: integer('chapter_type_id')
      .notNull()
      .default(1)
      .references(() => chapterTypes.id, { onDelete: 'restrict' }),
    emailAlias: text('email_alias').notNull().default(''),
    brontoListName: text('bronto_list_name').notNull().default(''),
    brontoListId: text('bronto_list_id'),
    sendInBlueListId: text('send_in_blue_list_id'),
    about: text('about').notNull().default(''),
    // 'Last Active': the latest of its posts and chapter emails, kept by triggers on those two
    // tables (migration 0007), so that lists read it instead of scanning every post.
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chapters_slug_uq').on(t.slug),
    // One chapter per list: two chapters naming one list would each read and mail the other's
    // members. Ids are stored canonical (common/schemas/ids.ts canonicalListId), so equal text
    // is the same list and the unique index is the whole rule, race included.
    uniqueIndex('chapters_bronto_list_id_uq').on(t.brontoListId),
    uniqueIndex('chapters_send_in_blue_list_id_uq').on(t.sendInBlueListId),
    check('chapters_bronto_list_id_canonical', sql`${t.brontoListId} ~ '^[1-9][0-9]{0,9}$'`),
    check(
      'chapters_send_in_blue_list_id_canonical',
      sql`${t.sendInBlueListId} ~ '^[1-9][0-9]{0,9}$'`,
    ),
    index('chapters_state_status_idx').on(t.state, t.status),
    index('chapters_status_idx').on(t.status),
    index('chapters_type_idx').on(t.chapterTypeId),
  ],
);

export const chapterEvents = pgTable(
  'chapter_events',
  {
    id: serial('id').primaryKey(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull().default('US'),
    lat: doublePrecision('lat').notNull().default(0),
    lng: doublePrecision('lng').notNull().default(0),
    // 'HH:MM', 24-hour, local to the chapter.
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    dayOfWeekIndex: integer('day_of_week_index').notNull().default(0),
    // Comma-separated recurrence option indexes (spec 1 §3), e.g. '1,3'.
    weeksOfMonthIndexes: text('weeks_of_month_indexes').notNull().default('0'),
    isSingleDate: boolean('is_single_date').notNull().default(false),
    singleDate: date('single_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chapter_events_slug_uq').on(t.slug),
    index('chapter_events_chapter_idx').on(t.chapterId),
    check('chapter_events_day_of_week', sql`${t.dayOfWeekIndex} between 0 and 6`),
    check(
      'chapter_events_single_date_present',
      sql`not ${t.isSingleDate} or ${t.singleDate} is not null`,
    ),
  ],
);

// One date of a repeating event that does not happen as its rule says: cancelled (no moved-to
// date) or moved to another date and time. `date` is the date the rule gives, local to the
// chapter; an exception whose date the rule no longer gives is kept but has no effect.
export const chapterEventExceptions = pgTable(
  'chapter_event_exceptions',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => chapterEvents.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    movedToDate: date('moved_to_date', { mode: 'string' }),
    // 'HH:MM', 24-hour, local to the chapter; set exactly when movedToDate is.
    movedToStartTime: text('moved_to_start_time'),
    movedToEndTime: text('moved_to_end_time'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chapter_event_exceptions_event_date_uq').on(t.eventId, t.date),
    index('chapter_event_exceptions_moved_idx').on(t.movedToDate),
    check(
      'chapter_event_exceptions_moved_complete',
      sql`(${t.movedToDate} is null) = (${t.movedToStartTime} is null) and (${t.movedToDate} is null) = (${t.movedToEndTime} is null)`,
    ),
  ],
);

export const chapterLinks = pgTable(
  'chapter_links',
  {
    id: serial('id').primaryKey(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('chapter_links_chapter_idx').on(t.chapterId, t.position)],
);

export const chapterBlogPosts = pgTable(
  'chapter_blog_posts',
  {
    id: serial('id').primaryKey(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    slug: text('slug').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chapter_blog_posts_slug_uq').on(t.slug),
    // Serves both a chapter's posts by page and its 'Last Active' date.
    index('chapter_blog_posts_chapter_created_idx').on(t.chapterId, t.createdAt.desc()),
  ],
);

export const chapterNotes = pgTable(
  'chapter_notes',
  {
    id: serial('id').primaryKey(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    adminOnly: boolean('admin_only').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('chapter_notes_chapter_created_idx').on(t.chapterId, t.createdAt.desc())],
);

/** Press about the network (no chapter) or about one chapter. */
export const pressMentions = pgTable(
  'press_mentions',
  {
    id: serial('id').primaryKey(),
    chapterId: integer('chapter_id').references(() => chapters.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    url: text('url').notNull(),
    notes: text('notes').notNull().default(''),
    slug: text('slug').notNull(),
    isVisible: boolean('is_visible').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('press_mentions_slug_uq').on(t.slug),
    index('press_mentions_chapter_idx').on(t.chapterId),
    index('press_mentions_visible_created_idx').on(t.isVisible, t.createdAt.desc()),
  ],
);

// ---------------------------------------------------------------- network content

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    slug: text('slug').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('blog_posts_slug_uq').on(t.slug),
    index('blog_posts_public_created_idx').on(t.isPublic, t.createdAt.desc()),
  ],
);

export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    slug: text('slug').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('pages_slug_uq').on(t.slug)],
);

export const wikiPages = pgTable(
  'wiki_pages',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    slug: text('slug').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    isEditable: boolean('is_editable').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('wiki_pages_slug_uq').on(t.slug), index('wiki_pages_title_idx').on(t.title)],
);

// ---------------------------------------------------------------- applications and notes

export const chapterHostApplications = pgTable(
  'chapter_host_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    city: text('city').notNull(),
    state: text('state').notNull(),
    type: text('type').notNull().default('drinking'),
    reason: text('reason').notNull(),
    slug: text('slug').notNull(),
    status: text('status').notNull().default('open'),
    isArchived: boolean('is_archived').notNull().default(false),
    didHavePhoneCall: boolean('did_have_phone_call').notNull().default(false),
    didSignAgreement: boolean('did_sign_agreement').notNull().default(false),
    didGiveAdditionalInfo: boolean('did_give_additional_info').notNull().default(false),
    // The chapter created from this application, once there is one.
    chapterId: integer('chapter_id').references(() => chapters.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chapter_host_applications_slug_uq').on(t.slug),
    index('chapter_host_applications_user_idx').on(t.userId),
    index('chapter_host_applications_status_idx').on(t.status, t.createdAt.desc()),
    check('chapter_host_applications_type', sql`${t.type} in ('drinking', 'dining', 'laughing')`),
    check(
      'chapter_host_applications_status',
      sql`${t.status} in ('open', 'approved', 'approved_without_creation', 'denied')`,
    ),
  ],
);

export const userNotes = pgTable(
  'user_notes',
  {
    id: serial('id').primaryKey(),
    aboutUserId: integer('about_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_notes_about_created_idx').on(t.aboutUserId, t.createdAt.desc())],
);

export const activityFeedItems = pgTable(
  'activity_feed_items',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    note: text('note').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    chapterId: integer('chapter_id').references(() => chapters.id, { onDelete: 'cascade' }),
    // The id of the note, user note or press mention the item is about.
    objectId: integer('object_id'),
    adminOnly: boolean('admin_only').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_feed_items_created_idx').on(t.createdAt.desc()),
    index('activity_feed_items_chapter_created_idx').on(t.chapterId, t.createdAt.desc()),
    check(
      'activity_feed_items_type',
      sql`${t.type} in ('chapter_note', 'user_note', 'press_mention', 'chapter_host_application')`,
    ),
  ],
);

/** Site-wide settings edited by admins: 'frontPage' ({ imageLinkURL }), 'emailService' ... */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- mail

/** Mailing lists of the built-in provider. A chapter names its list by id in a list-id field. */
export const mailingLists = pgTable('mailing_lists', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const mailingListContacts = pgTable(
  'mailing_list_contacts',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => mailingLists.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status').notNull().default('active'),
    // Random token in every message's unsubscribe link.
    unsubscribeToken: text('unsubscribe_token').notNull(),
    blockedDate: timestamp('blocked_date', { withTimezone: true }),
    blockedReason: text('blocked_reason'),
    lastActivity: timestamp('last_activity', { withTimezone: true }),
    numSends: integer('num_sends').notNull().default(0),
    numOpens: integer('num_opens').notNull().default(0),
    numClicks: integer('num_clicks').notNull().default(0),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mailing_list_contacts_list_email_uq').on(t.listId, sql`lower(${t.email})`),
    uniqueIndex('mailing_list_contacts_unsubscribe_uq').on(t.unsubscribeToken),
    index('mailing_list_contacts_list_status_idx').on(t.listId, t.status),
  ],
);

/** One message sent to a list (a "campaign"). */
export const mailingMessages = pgTable(
  'mailing_messages',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => mailingLists.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id').references(() => chapters.id, { onDelete: 'set null' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    // The sender's name on every copy (the chapter's display title) and where replies go (the
    // chapter's address), as they were when the message was written.
    fromName: text('from_name').notNull().default(''),
    replyTo: text('reply_to'),
    // queued -> finished, once no delivery of the message is pending or being sent.
    status: text('status').notNull().default('queued'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('mailing_messages_list_created_idx').on(t.listId, t.createdAt.desc()),
    // A chapter's latest email, for the trigger that keeps chapters.last_active_at.
    index('mailing_messages_chapter_created_idx').on(t.chapterId, t.createdAt.desc()),
    check('mailing_messages_status', sql`${t.status} in ('queued', 'finished')`),
  ],
);

/** The per-recipient ledger: one row per contact per message; a send resumes from it. */
export const mailingDeliveries = pgTable(
  'mailing_deliveries',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => mailingMessages.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => mailingListContacts.id, { onDelete: 'cascade' }),
    // pending -> sending (claimed by a worker until lease_until) -> sent, failed or skipped (the
    // contact was no longer active). A 'sending' row whose lease ran out belonged to a worker
    // that died: it is claimed again. A 'pending' row with a lease waits for a retry.
    status: text('status').notNull().default('pending'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    // Claims so far, the one that died included: a message that kills its worker every time
    // stops being retried.
    attempts: integer('attempts').notNull().default(0),
    // Random token of this copy's open pixel and tracked links.
    trackingToken: text('tracking_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('mailing_deliveries_message_contact_uq').on(t.messageId, t.contactId),
    index('mailing_deliveries_contact_sent_idx').on(t.contactId, t.sentAt.desc()),
    index('mailing_deliveries_message_status_idx').on(t.messageId, t.status),
    uniqueIndex('mailing_deliveries_tracking_uq').on(t.trackingToken),
    // The workers' one question, "what is there to send?", reads only unfinished rows.
    index('mailing_deliveries_claimable_idx')
      .on(t.id)
      .where(sql`status in ('pending', 'sending')`),
    check(
      'mailing_deliveries_status',
      sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'skipped')`,
    ),
  ],
);

/** Forwarding addresses of the built-in alias store (the Mailgun tab's other implementation). */
export const emailAliases = pgTable(
  'email_aliases',
  {
    id: serial('id').primaryKey(),
    localPart: text('local_part').notNull(),
    domain: text('domain').notNull(),
    recipients: text('recipients').array().notNull(),
    chapterId: integer('chapter_id').references(() => chapters.id, { onDelete: 'set null' }),
    // A chapter's alias forwards to its hosts, kept so by triggers (migration 0005), unless an
    // admin set its recipients by hand.
    recipientsManual: boolean('recipients_manual').notNull().default(false),
    // The Mailgun route that delivers this alias, and the `updated_at` it was last made from:
    // a row whose updated_at differs is due for a push to Mailgun (src/server/mail/aliases).
    mailgunRouteId: text('mailgun_route_id'),
    mailgunSyncedAt: timestamp('mailgun_synced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('email_aliases_address_uq').on(sql`lower(${t.localPart})`, sql`lower(${t.domain})`),
    // One alias per chapter: the one the chapter's emailAlias names.
    uniqueIndex('email_aliases_chapter_uq').on(t.chapterId),
  ],
);

/** Mailgun routes of deleted aliases, still to be deleted at Mailgun (filled by a trigger). */
export const mailgunRouteDeletions = pgTable('mailgun_route_deletions', {
  routeId: text('route_id').primaryKey(),
  createdAt: createdAt(),
});

/** Transactional mail when no SMTP server is configured: kept here and printed to the log. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt.desc()),
    index('mail_outbox_to_idx').on(t.to),
  ],
);
