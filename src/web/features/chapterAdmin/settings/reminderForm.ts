// The reminder settings' values and rules (issue 34): the same fields and messages as the server
// checks (common/schemas/chapterFields.ts reminderFields), sent as only the ones changed, so a
// host (whose fields these are) never sends one of the settings only a field organizer may change.
import { z } from 'zod';
import { reminderFields } from '../../../../common/schemas/chapterFields';
import type { ChapterSaveRequest } from '../../../../common/schemas/chapterSettings';
import type { Chapter } from '../../../../common/schemas/chapters';

export const reminderFormSchema = z.object(reminderFields);
export type ReminderForm = z.infer<typeof reminderFormSchema>;
export const REMINDER_FIELDS = Object.keys(reminderFields) as (keyof ReminderForm)[];

export function reminderValuesOf(chapter: Chapter): ReminderForm {
  return {
    reminderDaysBefore: chapter.reminderDaysBefore,
    reminderHour: chapter.reminderHour,
    rsvpReminderHours: chapter.rsvpReminderHours,
    hostDigestHours: chapter.hostDigestHours,
  };
}

/** The settings whose value differs from the chapter's. */
export function reminderChangesOf(chapter: Chapter, values: ReminderForm): ChapterSaveRequest {
  const changed = REMINDER_FIELDS.filter((key) => values[key] !== chapter[key]);
  return { id: chapter.id, ...Object.fromEntries(changed.map((key) => [key, values[key]])) };
}

/** '10:00 AM' for 10: how the hour of the chapter's day reads. */
export function hourText(hour: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}:00 ${hour < 12 ? 'AM' : 'PM'}`;
}

/** 'body.reminderHour' (the server's name for a field it refused) -> 'reminderHour', if ours. */
export function reminderFieldOf(serverField: string): keyof ReminderForm | null {
  const name = serverField.replace(/^body\./, '');
  return (REMINDER_FIELDS as string[]).includes(name) ? (name as keyof ReminderForm) : null;
}
