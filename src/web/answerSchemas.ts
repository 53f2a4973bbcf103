// The schemas of the API's answers, as the screens' calls name them (api.ts), and the only place
// the screens take them from. A production build refers to none of them, so neither this module
// nor anything it imports is part of it. A screen that imported a schema module (or zod) itself
// would keep that import in the build, unused, and rolldown still places chunks by it: the home
// page's first load came in more, smaller pieces, 2.9 kB gzip larger. Forms take the schemas they
// validate with from common/schemas.
import { z } from 'zod';
import { activityItemSchema } from '../common/schemas/activity';
import {
  chapterLinkSchema,
  chapterPermissionSchema,
  chapterSummarySchema,
  myChapterSchema,
  stateChapterSchema,
  pressMentionSchema,
} from '../common/schemas/chapters';
import {
  blogPostListItemSchema,
  pageListItemSchema,
  wikiPageListItemSchema,
} from '../common/schemas/content';
import { chapterNoteSchema } from '../common/schemas/notes';

export { adminDashboardSchema, dashboardChapterSchema } from '../common/schemas/adminDashboard';
export { chapterSetupSchema } from '../common/schemas/chapterSetup';
export { emailQueueSchema } from '../common/schemas/emailQueue';
export { goingPageSchema } from '../common/schemas/going';
export { brevoMoveStateSchema } from '../common/schemas/brevoMove';
export { hostApplicationListSchema, hostApplicationSchema } from '../common/schemas/applications';
export {
  accountSchema,
  authResponseSchema,
  emailChangeAnswerSchema,
  passwordResetAnswerSchema,
} from '../common/schemas/auth';
export { postalCodeAnswerSchema } from '../common/schemas/chapterCreate';
export { chapterMapSchema } from '../common/schemas/chapterMap';
export {
  chapterEventDetailSchema,
  chapterEventSchema,
  chapterPermissionSchema,
  chapterPostPageSchema,
  chapterPostListSchema,
  chapterPostSchema,
  chapterSchema,
  pressMentionSchema,
} from '../common/schemas/chapters';
export {
  blogPostPageSchema,
  blogPostSchema,
  pageSchema,
  wikiPageSchema,
} from '../common/schemas/content';
export {
  aliasDomainsSchema,
  aliasTestAnswerSchema,
  aliasesAnswerSchema,
  brevoContactSchema,
  brevoListsSchema,
  chaptersByListIdsAnswerSchema,
  emailAliasSchema,
  emailStatusSchema,
} from '../common/schemas/emailAdmin';
export {
  chapterEventDatesSchema,
  eventDatesSchema,
  eventPageSchema,
} from '../common/schemas/eventDates';
export {
  chapterListIdSchema,
  chapterRecipientsSchema,
  confirmAnswerSchema,
  contactDetailsSchema,
  emailPreviewSchema,
  sendMessageAnswerSchema,
  signUpAnswerSchema,
  signUpManyAnswerSchema,
  testMessageAnswerSchema,
  unsubscribeInfoSchema,
} from '../common/schemas/mailing';
export { memberImportAnswerSchema } from '../common/schemas/memberImport';
export { memberPageSchema } from '../common/schemas/members';
export {
  attendanceAnswerSchema,
  attendanceHistorySchema,
  guestListSchema,
  myRsvpsSchema,
  rsvpAnswerSchema,
  rsvpCountsSchema,
  rsvpPageSchema,
  rsvpSummarySchema,
} from '../common/schemas/rsvps';
export { chapterSendSchema, chapterSendsSchema } from '../common/schemas/sends';
export { chapterNoteSchema } from '../common/schemas/notes';
export { resultSchema } from '../common/schemas/permissions';
export { emailSettingsSchema, frontPageSchema } from '../common/schemas/settings';
export { userNoteListSchema, userNoteSchema } from '../common/schemas/userNotes';
export { userCountSchema, userDetailSchema, userListSchema } from '../common/schemas/users';

// Lists and answers the API's routes declare in place.
export const activityItemListSchema = z.array(activityItemSchema);
export const blogPostListSchema = z.array(blogPostListItemSchema);
export const pageListSchema = z.array(pageListItemSchema);
export const wikiPageListSchema = z.array(wikiPageListItemSchema);
export const chapterLinkListSchema = z.array(chapterLinkSchema);
export const chapterNoteListSchema = z.array(chapterNoteSchema);
export const chapterPermissionListSchema = z.array(chapterPermissionSchema);
export const chapterSummaryListSchema = z.array(chapterSummarySchema);
export const stateChapterListSchema = z.array(stateChapterSchema);
export const myChapterListSchema = z.array(myChapterSchema);
/** Where a chapter's pages are: what sign-in needs to land on its dashboard (auth/landing.ts). */
export const chapterPlaceSchema = chapterSummarySchema.pick({ state: true, slug: true });
export const pressMentionListSchema = z.array(pressMentionSchema);
/** GET /api/geocode */
export const placeSchema = z.object({ lat: z.number(), lng: z.number(), label: z.string() });
/** POST /api/mailing_list/chapter/:id/list */
export const createdListSchema = z.object({ listId: z.string() });
