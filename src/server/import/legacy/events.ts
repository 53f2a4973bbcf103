// A chapter's events, known by slug (the original's events carry no id in its answers). An
// event whose schedule this site cannot keep (no weekday, no week of the month, a single date
// that is no date) is skipped rather than guessed.
import { chapterEvents } from '../../db/schema';
import { WEEKS_OF_MONTH } from '../../../common/constants';
import { importEntity, SkipError, upsertRow, type ImportContext } from './context';
import { legacyEventSchema, type LegacyEvent } from './schemas';
import { checkAsSaved, eventSaveRules, slugRules } from './saveRules';

export const EVENT_KIND = 'event';

export async function importEvents(
  ctx: ImportContext,
  chapterLocalId: number,
  originalChapterId: number,
  events: readonly unknown[],
): Promise<void> {
  ctx.reporter.read(EVENT_KIND, events.length);
  for (const [index, item] of events.entries()) {
    const parsed = legacyEventSchema.safeParse(item);
    if (!parsed.success) {
      const slug = (item as { slug?: unknown } | null)?.slug;
      const issue = parsed.error.issues[0]!;
      ctx.reporter.skip(
        EVENT_KIND,
        typeof slug === 'string' ? slug : `chapter ${originalChapterId} #${index}`,
        `malformed ${issue.path.join('.')}: ${issue.message}`,
      );
      continue;
    }
    const event = parsed.data;
    await importEntity(ctx, EVENT_KIND, event.slug, event, async (tx, known) =>
      upsertRow(tx, chapterEvents, known, {
        ...eventRow(event, chapterLocalId),
        chapterId: chapterLocalId,
      }),
    );
  }
}

function eventRow(e: LegacyEvent, chapterId: number) {
  const schedule = e.isSingleDate ? singleDate(e.singleDate) : repeating(e);
  checkAsSaved(slugRules, { slug: e.slug });
  const fields = {
    name: e.name,
    description: e.description,
    address1: e.address1,
    address2: e.address2,
    city: e.city,
    state: e.state,
    postalCode: e.postalCode,
    country: e.country || 'US',
    startTime: clock(e.startTime, 'startTime'),
    endTime: clock(e.endTime, 'endTime'),
    isSingleDate: e.isSingleDate,
    ...schedule,
  };
  // The save's rules once the original's forms are read as ours ('7:00 pm' is 19:00): a time
  // the form offers, an address it requires, text within its lengths.
  checkAsSaved(eventSaveRules, { ...fields, chapterId });
  return { ...fields, slug: e.slug, lat: e.lat, lng: e.lng };
}

function singleDate(value: string | null | undefined) {
  const at = new Date(`${value}T00:00:00Z`);
  // '2025-02-30' parses (as 2 March): a real date prints back as itself.
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(value ?? '') ||
    Number.isNaN(at.getTime()) ||
    !at.toISOString().startsWith(value!)
  ) {
    throw new SkipError(`malformed date in singleDate: ${JSON.stringify(value)}`);
  }
  return { singleDate: value!, dayOfWeekIndex: at.getUTCDay() };
}

function repeating(e: LegacyEvent) {
  const weeks = e.weeksOfMonthIndexes.split(',').map((w) => w.trim());
  const valid = weeks.every((w) => /^\d$/.test(w) && Number(w) < WEEKS_OF_MONTH.length);
  if (weeks.length === 0 || !valid) {
    throw new SkipError(
      `no valid schedule: weeksOfMonthIndexes ${JSON.stringify(e.weeksOfMonthIndexes)}`,
    );
  }
  if (e.dayOfWeekIndex < 0 || e.dayOfWeekIndex > 6) {
    throw new SkipError(`no valid schedule: dayOfWeekIndex ${e.dayOfWeekIndex}`);
  }
  return {
    weeksOfMonthIndexes: [...new Set(weeks.map(Number))].join(','),
    dayOfWeekIndex: e.dayOfWeekIndex,
    singleDate: null,
  };
}

/** 'HH:MM' (24-hour) from '19:00', '19:00:00' or '7:00 pm'. */
function clock(value: string, field: string): string {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap]m)?$/i.exec(value.trim());
  let hours = Number(m?.[1]);
  const minutes = Number(m?.[2]);
  if (m?.[3]) {
    if (hours < 1 || hours > 12) hours = 99;
    else hours = (hours % 12) + (m[3].toLowerCase() === 'pm' ? 12 : 0);
  }
  if (!m || hours > 23 || minutes > 59) {
    throw new SkipError(`malformed time in ${field}: ${JSON.stringify(value)}`);
  }
  return `${String(hours).padStart(2, '0')}:${m[2]}`;
}
