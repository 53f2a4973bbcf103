// After a host changed an event or one of its dates: those going to a date it altered get a
// notice (modules/reminders), and every server's schedule replans (this one's at once). A
// failure here undoes nothing the host saved: it is logged, and the date's reminders are
// replanned at the next poll all the same.
import type { AppInstance } from '../../appInstance';
import { tellChanges, type DatesBefore } from '../reminders';

export async function tellThoseGoing(app: AppInstance, before: DatesBefore | null): Promise<void> {
  try {
    await tellChanges(app.db, before, app.config.publicUrl, new Date());
  } catch (err) {
    app.log.error({ err }, 'could not write the notices of a changed date');
  }
  app.mailSchedule.wake();
}
