// Issue 34: the reminders are the host's to set, but Chapter Settings is not in a host's side
// menu (spec 2 §2): the dashboard says what goes by itself and leads to where it is changed.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aChapter } from '../../../test/chapter';
import { renderScreen } from '../../../test/renderScreen';
import { ReminderSummary } from './ReminderSummary';

const base = '/chapter/ny/brooklyn/admin';

describe('Dashboard: email that goes by itself', () => {
  it('says each reminder in words and links to the settings', async () => {
    const { user, router } = renderScreen(
      <ReminderSummary
        chapter={aChapter({ reminderDaysBefore: 1, reminderHour: 18 })}
        base={base}
      />,
    );
    expect(
      screen.getByText('The list is reminded 1 day before each meeting, at 6:00 PM.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Those going are reminded 24 hours before the start.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The hosts get who is going 24 hours before the start.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Change the reminders' }));
    expect(router.state.location.pathname).toBe(`${base}/settings`);
    expect(router.state.location.hash).toBe('#reminders');
  });

  it('says which messages are off', () => {
    renderScreen(
      <ReminderSummary
        chapter={aChapter({ reminderDaysBefore: 0, rsvpReminderHours: 0, hostDigestHours: 0 })}
        base={base}
      />,
    );
    expect(screen.getByText('The list gets no reminder before meetings.')).toBeInTheDocument();
    expect(screen.getByText('Those going get no reminder.')).toBeInTheDocument();
    expect(screen.getByText('The hosts get no list of who is going.')).toBeInTheDocument();
  });
});
