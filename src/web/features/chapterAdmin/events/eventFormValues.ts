// Between an event as the API gives it, the Add/Edit Event form's values and the save request.
import type { z } from 'zod';
import type { Chapter, ChapterEvent } from '../../../../common/schemas/chapters';
import {
  eventFormSchema,
  type EventForm,
  type EventSaveRequest,
} from '../../../../common/schemas/events';

export type EventFormOutput = z.output<typeof eventFormSchema>;

// Most chapters meet in the evening; these only fill a new form.
const DEFAULT_START = '19:00';
const DEFAULT_END = '21:00';
// As the server's: a friend or two.
const DEFAULT_MAX_GUESTS = 2;

/** A new event starts in the chapter's own city and state, meeting every week. */
export function newEventValues(chapter: Chapter): EventForm {
  return {
    name: '',
    description: '',
    address1: '',
    address2: '',
    city: chapter.city,
    state: chapter.state,
    postalCode: chapter.postalCode,
    country: chapter.country || 'US',
    startTime: DEFAULT_START,
    endTime: DEFAULT_END,
    isSingleDate: false,
    singleDate: '',
    dayOfWeekIndex: 0,
    weeksOfMonthIndexesArray: ['0'],
    capacity: null,
    maxGuests: DEFAULT_MAX_GUESTS,
  };
}

export function eventValues(event: ChapterEvent): EventForm {
  return {
    name: event.name,
    description: event.description,
    address1: event.address1,
    address2: event.address2,
    city: event.city,
    state: event.state,
    postalCode: event.postalCode,
    country: event.country,
    startTime: event.startTime,
    endTime: event.endTime,
    isSingleDate: event.isSingleDate,
    singleDate: event.singleDate ?? '',
    dayOfWeekIndex: event.dayOfWeekIndex,
    weeksOfMonthIndexesArray: event.weeksOfMonthIndexes.split(',').filter(Boolean),
    capacity: event.capacity ?? null,
    maxGuests: event.maxGuests ?? DEFAULT_MAX_GUESTS,
  };
}

/** The POST body: the weeks joined, in order; a single date only when the event has one. */
export function saveRequest(
  values: EventFormOutput,
  chapterId: number,
  slug: string | undefined,
): EventSaveRequest {
  const { weeksOfMonthIndexesArray, weeksOfMonthIndexes: _unused, ...fields } = values;
  const weeks = [...new Set(weeksOfMonthIndexesArray)].sort((a, b) => Number(a) - Number(b));
  return {
    ...fields,
    singleDate: values.isSingleDate ? values.singleDate : null,
    weeksOfMonthIndexes: weeks.length ? weeks.join(',') : '0',
    chapterId,
    ...(slug ? { slug } : {}),
  };
}
