// A meeting's end has passed: nothing about it can change any more.
import type { ScheduledDate } from '../../../common/eventSchedule';

export const isPast = (scheduled: Pick<ScheduledDate, 'end'>, now: Date) =>
  scheduled.end.getTime() <= now.getTime();
