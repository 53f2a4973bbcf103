// Email administration (spec 2 §2 /admin/email, §5, §7, §8): the Mailgun tab's aliases and the
// Brevo tab's contacts.
import { z } from 'zod';
import { ALIAS_TEXT, BREVO_TEXT } from '../emailAdminText';
import { dbId } from './ids';

// The words of the tab's messages, which the screen shows without any schema, live in a plain
// module (common/emailAdminText.ts); passed on here for the server.
export {
  ALIAS_TEXT,
  BREVO_TEXT,
  PROVIDER_ERROR_TEXT,
  providerErrorText,
  serverErrorText,
} from '../emailAdminText';

/** GET /api/admin/email/status: who serves the lists and who delivers the aliases. */
export const emailStatusSchema = z.object({
  /** brevo only when the email service is sendInBlue and BREVO_API_KEY is set. */
  listProvider: z.enum(['builtin', 'brevo']),
  brevoConfigured: z.boolean(),
  aliasDelivery: z.enum(['mailgun', 'postfix']),
});

// ---------------------------------------------------------------- aliases

const email = z.string().trim().max(254).pipe(z.email('Enter a valid email address'));

export const emailAliasSchema = z.object({
  id: z.number().int(),
  localPart: z.string(),
  domain: z.string(),
  recipients: z.array(z.string()),
  chapterId: z.number().int().nullable(),
  chapterName: z.string().nullable(),
  /** A chapter's alias that forwards to the chapter's hosts, kept so as they change. */
  followsHosts: z.boolean(),
});
export type EmailAlias = z.infer<typeof emailAliasSchema>;

/** GET /api/admin/mailgun/aliases?search= : a search needs 2 characters (spec 2 §5, §9). */
export const aliasSearchQuerySchema = z.object({
  search: z
    .string()
    .max(200)
    .optional()
    .refine(
      (s) => s === undefined || s.trim() === '' || s.trim().length >= 2,
      ALIAS_TEXT.minSearch,
    ),
});
export const aliasesAnswerSchema = z.object({ aliases: z.array(emailAliasSchema) });

/** GET /api/admin/mailgun/domains: the chapter types' mailbox domains, the first the default. */
export const aliasDomainsSchema = z.object({ domains: z.array(z.string()) });

export const localPartSchema = z
  .string()
  .trim()
  .min(1, 'Local part is required')
  .max(64)
  .regex(/^[A-Za-z0-9_+-]+(\.[A-Za-z0-9_+-]+)*$/, {
    message: 'Use letters, digits and . _ + - only',
  });

/**
 * POST and PUT /api/admin/mailgun/aliases: blank recipient rows are dropped, and at least one
 * must remain (spec 2 §5). With a chapter, the local part is the chapter's alias and the
 * domain its type's; `followHosts` makes it forward to the chapter's hosts, kept up to date.
 */
export const aliasSaveSchema = z
  .object({
    localPart: localPartSchema,
    domain: z.string().trim().toLowerCase().min(1, 'Domain is required').max(253),
    recipients: z
      .array(z.string().max(254))
      .max(100)
      .transform((rows) => rows.map((r) => r.trim()).filter((r) => r !== ''))
      .pipe(z.array(email)),
    chapterId: dbId.nullish(),
    followHosts: z.boolean().optional(),
  })
  .refine((a) => a.recipients.length > 0 || (a.followHosts === true && Boolean(a.chapterId)), {
    path: ['recipients'],
    message: 'Add at least one recipient',
  });
export type AliasSave = z.input<typeof aliasSaveSchema>;

export const aliasIdParamsSchema = z.object({ id: z.coerce.number().pipe(dbId) });

/** POST /api/admin/mailgun/aliases/test with the alias (its id is what counts). */
export const aliasTestRequestSchema = z.object({ id: dbId });
export const aliasTestAnswerSchema = z.object({
  result: z.literal('success'),
  /** The alias's address the message went to, and where the alias forwards. */
  to: z.string(),
  recipients: z.array(z.string()),
  /** 'smtp': handed to the mail server; 'outbox': no SMTP_URL, kept in the outbox only. */
  delivery: z.enum(['smtp', 'outbox']),
  message: z.string(),
});
export type AliasTestAnswer = z.infer<typeof aliasTestAnswerSchema>;

// ---------------------------------------------------------------- contacts (Brevo tab)

export const brevoContactSchema = z.object({
  email: z.string(),
  emailBlacklisted: z.boolean(),
  listIds: z.array(z.number().int()),
});
export type BrevoContact = z.infer<typeof brevoContactSchema>;

export const contactEmailParamsSchema = z.object({ email });
export const contactListParamsSchema = z.object({
  email,
  listId: z.coerce.number().pipe(dbId),
});
export const contactSearchQuerySchema = z.object({
  query: z.string().trim().min(1, BREVO_TEXT.enterEmail).max(254),
});
export const brevoContactsSchema = z.object({ contacts: z.array(brevoContactSchema) });
export const brevoListsSchema = z.object({
  lists: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** POST /api/admin/brevo/chapters/by-list-ids: which chapter each list belongs to. */
export const chaptersByListIdsRequestSchema = z.object({
  listIds: z.array(dbId).max(1000),
});
export const chaptersByListIdsAnswerSchema = z.object({
  chapters: z.array(
    z.object({ listId: z.number().int(), chapterId: z.number().int(), displayName: z.string() }),
  ),
});
