// The Chapter Settings form's values and rules (spec 2 §2, §5). Only changed fields are sent, so
// a host-level user never trips over a field they may not change, and list fields a chapter
// never had stay optional (see docs/decisions/06-chapter-admin.md).
import { z } from 'zod';
import {
  CHAPTER_SETTINGS_MESSAGES as M,
  chapterFieldsSchema,
} from '../../../../common/schemas/chapterFields';
import type { ChapterSaveRequest } from '../../../../common/schemas/chapterSettings';
import type { Chapter } from '../../../../common/schemas/chapters';

export const settingsFormSchema = chapterFieldsSchema
  .pick({
    title: true,
    slug: true,
    city: true,
    state: true,
    postalCode: true,
    country: true,
    emailAlias: true,
  })
  .extend({
    // Radios give strings; the request wants numbers.
    chapterTypeId: z.string(),
    status: z.enum(['1', '0']),
    brontoListName: z.string().trim().max(200),
    sendInBlueListId: z.string().trim().max(100),
  });
export type SettingsForm = z.input<typeof settingsFormSchema>;

export function formValuesOf(chapter: Chapter): SettingsForm {
  return {
    title: chapter.title,
    slug: chapter.slug,
    city: chapter.city,
    state: chapter.state,
    postalCode: chapter.postalCode,
    country: chapter.country,
    emailAlias: chapter.emailAlias,
    chapterTypeId: String(chapter.chapterTypeId),
    status: chapter.status === 1 ? '1' : '0',
    brontoListName: chapter.brontoListName,
    sendInBlueListId: chapter.sendInBlueListId ?? '',
  };
}

/** A list field may not be blanked once it holds something (spec 2 §5 messages). */
export function settingsResolverSchema(chapter: Chapter) {
  return settingsFormSchema.superRefine((values, ctx) => {
    if (chapter.brontoListName && !values.brontoListName) {
      ctx.addIssue({ code: 'custom', path: ['brontoListName'], message: M.brontoListName });
    }
    if (chapter.sendInBlueListId && !values.sendInBlueListId) {
      ctx.addIssue({ code: 'custom', path: ['sendInBlueListId'], message: M.sendInBlueListId });
    }
  });
}

/** The fields whose value differs from the chapter's, in the request's types. */
export function changesOf(chapter: Chapter, values: SettingsForm): ChapterSaveRequest {
  const next: Omit<ChapterSaveRequest, 'id'> = {
    title: values.title.trim(),
    slug: values.slug.trim(),
    city: values.city.trim(),
    state: values.state,
    postalCode: values.postalCode.trim(),
    country: values.country.trim(),
    emailAlias: values.emailAlias.trim(),
    chapterTypeId: Number(values.chapterTypeId),
    status: values.status === '1' ? 1 : 0,
    brontoListName: values.brontoListName.trim(),
    sendInBlueListId: values.sendInBlueListId.trim() || null,
  };
  const current: Record<string, unknown> = { ...chapter };
  const changed = Object.fromEntries(
    Object.entries(next).filter(([key, value]) => (current[key] ?? null) !== value),
  );
  return { id: chapter.id, ...changed };
}
