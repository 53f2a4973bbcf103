// The Add Chapter form's values and rules (spec 2 §2 Editor screens, §5).
import { z } from 'zod';
import { HOST_APPLICATION_TYPE_ID } from '../../../../common/constants';
import type { HostApplication } from '../../../../common/schemas/applications';
import {
  newChapterRequestSchema,
  type NewChapterRequest,
} from '../../../../common/schemas/newChapterForm';

export const addChapterFormSchema = newChapterRequestSchema
  .pick({ title: true, city: true, state: true, postalCode: true, country: true })
  .extend({ chapterTypeId: z.string() });
export type AddChapterForm = z.input<typeof addChapterFormSchema>;

export function initialValues(application?: HostApplication): AddChapterForm {
  return {
    title: application?.city ?? '',
    city: application?.city ?? '',
    state: application?.state ?? 'AL',
    postalCode: '',
    country: application?.state === 'INT' ? '' : 'US',
    chapterTypeId: String(application ? HOST_APPLICATION_TYPE_ID[application.type] : 1),
  };
}

export function requestOf(
  values: z.output<typeof addChapterFormSchema>,
  about: string,
  applicationSlug?: string,
): NewChapterRequest {
  return {
    title: values.title,
    city: values.city,
    state: values.state,
    postalCode: values.postalCode,
    country: values.country,
    chapterTypeId: Number(values.chapterTypeId),
    about,
    ...(applicationSlug ? { chapterHostApplicationSlug: applicationSlug } : {}),
  };
}
