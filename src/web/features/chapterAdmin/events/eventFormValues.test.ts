import { describe, expect, it } from 'vitest';
import type { ChapterEvent } from '../../../../common/schemas/chapters';
import { eventFormSchema, eventSaveRequestSchema } from '../../../../common/schemas/events';
import { eventValues, saveRequest } from './eventFormValues';

const event: ChapterEvent = {
  id: 7,
  chapterId: 3,
  name: 'Cheese Board Pizza',
  slug: 'berkeley-cheese-board',
  description: '',
  address1: '1512 Shattuck Ave',
  address2: '',
  city: 'Berkeley',
  state: 'CA',
  postalCode: '94709',
  country: 'US',
  lat: 37.88,
  lng: -122.27,
  startTime: '18:00',
  endTime: '20:00',
  dayOfWeekIndex: 2,
  weeksOfMonthIndexes: '3,1',
  isSingleDate: false,
  singleDate: null,
  capacity: null,
  maxGuests: 2,
};

describe('the event form values', () => {
  it('round-trips an event into a valid save request, weeks joined in order', () => {
    const values = eventFormSchema.parse(eventValues(event));
    const request = saveRequest(values, 3, event.slug);
    expect(request).toMatchObject({
      slug: 'berkeley-cheese-board',
      chapterId: 3,
      weeksOfMonthIndexes: '1,3',
      singleDate: null,
    });
    expect(request).not.toHaveProperty('weeksOfMonthIndexesArray');
    expect(request).not.toHaveProperty('lat');
    expect(eventSaveRequestSchema.safeParse(request).success).toBe(true);
  });

  it('sends a single date only for a single-date event, and no slug for a new one', () => {
    const values = eventFormSchema.parse({
      ...eventValues(event),
      isSingleDate: true,
      singleDate: '2026-12-05',
      weeksOfMonthIndexesArray: [],
    });
    const request = saveRequest(values, 3, undefined);
    expect(request).not.toHaveProperty('slug');
    expect(request).toMatchObject({ singleDate: '2026-12-05', weeksOfMonthIndexes: '0' });
    expect(eventSaveRequestSchema.safeParse(request).success).toBe(true);
  });

  it('needs a week for a repeating event and a date for a single one', () => {
    const noWeeks = eventFormSchema.safeParse({
      ...eventValues(event),
      weeksOfMonthIndexesArray: [],
    });
    expect(noWeeks.error?.issues[0]?.path).toEqual(['weeksOfMonthIndexesArray']);
    const noDate = eventFormSchema.safeParse({ ...eventValues(event), isSingleDate: true });
    expect(noDate.error?.issues[0]?.path).toEqual(['singleDate']);
  });
});
