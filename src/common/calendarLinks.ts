// "Add to calendar" links for one meeting: Google Calendar's and Outlook.com's compose pages take
// the event in the URL, and a webcal:// address hands a feed to the visitor's calendar app as a
// subscription (later skipped and moved dates reach it by themselves). Times go out in UTC with
// their 'Z', so neither service has to guess the chapter's zone; an all-day meeting goes out as
// dates, its end the day after its last (both services read the end as exclusive).

/** One meeting as the links carry it. */
export interface CalendarOccurrence {
  title: string;
  /** The place in one line (or lines): what the calendar shows as its location. */
  location: string;
  /** The description; the event page's URL is added below it. */
  details: string;
  /** The event's own page, absolute. */
  url: string;
  /** Timed: instants (Date or ISO strings). All day: the local dates it spans, both included. */
  when: { start: Date | string; end: Date | string } | { allDay: { first: string; last: string } };
}

/** '2026-11-26T23:00:00.000Z' -> '20261126T230000Z'. */
const googleStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/** '2026-11-26T23:00:00.000Z' -> '2026-11-26T23:00:00Z'. */
const outlookStamp = (d: Date) => d.toISOString().replace(/\.\d{3}/, '');

/** 'YYYY-MM-DD' plus one day, as a date without a zone. */
function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function checkedDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    throw new RangeError(`Not a date: ${date}`);
  }
  return date;
}

function instants(when: { start: Date | string; end: Date | string }) {
  const start = new Date(when.start);
  const end = new Date(when.end);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) {
    throw new RangeError('A meeting needs a start and an end');
  }
  // A meeting with no length still shows in a calendar: an hour from its start.
  return { start, end: end > start ? end : new Date(start.getTime() + 3_600_000) };
}

const detailsWithUrl = (o: CalendarOccurrence) =>
  [o.details.trim(), o.url].filter(Boolean).join('\n\n');

/** Google Calendar's "create event" page with this meeting filled in. */
export function googleCalendarUrl(o: CalendarOccurrence): string {
  let dates: string;
  if ('allDay' in o.when) {
    const { first, last } = o.when.allDay;
    dates = `${checkedDate(first).replaceAll('-', '')}/${nextDay(checkedDate(last)).replaceAll('-', '')}`;
  } else {
    const { start, end } = instants(o.when);
    dates = `${googleStamp(start)}/${googleStamp(end)}`;
  }
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: o.title,
    dates,
    details: detailsWithUrl(o),
    location: o.location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** Outlook.com's "new event" page with this meeting filled in. */
export function outlookCalendarUrl(o: CalendarOccurrence): string {
  let times: Record<string, string>;
  if ('allDay' in o.when) {
    const { first, last } = o.when.allDay;
    times = { startdt: checkedDate(first), enddt: nextDay(checkedDate(last)), allday: 'true' };
  } else {
    const { start, end } = instants(o.when);
    times = { startdt: outlookStamp(start), enddt: outlookStamp(end), allday: 'false' };
  }
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: o.title,
    ...times,
    body: detailsWithUrl(o),
    location: o.location,
  });
  return `https://outlook.live.com/calendar/0/action/compose?${params.toString()}`;
}

/**
 * A feed's subscription address: the site's public URL (http or https) with the webcal scheme,
 * which calendar apps take as "subscribe" rather than "import once".
 */
export function webcalUrl(publicUrl: string, path: string): string {
  const base = new URL(publicUrl);
  const url = new URL(path, base);
  return `webcal://${url.host}${url.pathname}${url.search}`;
}
