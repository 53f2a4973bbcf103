// The chapter's reminders on Chapter Settings (issue 34): a host may set them while the rest of
// the screen is locked; a save sends only the settings changed; the server's 400 shows at the
// field it names; the preview is the server's rendering of the list reminder.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { aChapter, adminContext } from '../../../test/chapter';
import { errorReply, fakeServer } from '../../../test/fakeServer';
import { writeCachedUser } from '../../../hooks/currentUserStore';
import { aUser } from '../../../test/people';
import { renderScreen } from '../../../test/renderScreen';
import { ChapterSettingsScreen } from './ChapterSettingsScreen';

/** Every field the answer has: a save's answer is checked against the chapter's schema. */
const brooklyn = aChapter({
  title: 'Brooklyn',
  chapterTypeId: 1,
  chapter_type: { id: 1, name: 'Drinking', hexColor: '#1f5fa8' },
  emailAlias: 'brooklyn',
  email: 'brooklyn@drinkingliberally.org',
  emailDomain: 'drinkingliberally.org',
  lastBlogPostDate: null,
  about: '',
  brontoListName: 'Brooklyn members',
  brontoListId: null,
  sendInBlueListId: null,
  memberCount: null,
  timeZone: 'America/Chicago',
  reminderDaysBefore: 3,
  reminderHour: 10,
  rsvpReminderHours: 24,
  hostDigestHours: 24,
});
const host = aUser({ isChapterHost: true, chapterHostChapterIds: [7] });
const PREVIEW = 'GET /api/reminders/chapter/7/preview';

function openSettings(routes: Parameters<typeof fakeServer>[0] = {}) {
  writeCachedUser(host);
  const server = fakeServer({ 'GET /api/auth/user': { user: host, error: null }, ...routes });
  const view = renderScreen(<ChapterSettingsScreen />, {
    path: '/chapter/:state/:slug/admin/settings',
    at: '/chapter/ny/brooklyn/admin/settings',
    outletContext: adminContext(brooklyn),
  });
  return { server, ...view };
}

const days = () => screen.getByLabelText('Days before (0 = no reminder)');
const going = () => screen.getByLabelText('Remind those going, hours before the start (0 = off)');
const saves = (server: ReturnType<typeof fakeServer>) => server.callsTo('POST', '/api/chapter');

describe("Chapter Settings' reminders", () => {
  beforeEach(() => localStorage.clear());

  it("shows the chapter's settings, in its time zone, open to its host", async () => {
    openSettings();
    expect(await screen.findByRole('heading', { name: 'Email that goes by itself' })).toBeVisible();
    expect(
      screen.getByRole('group', { name: 'Remind the mailing list before each meeting' }),
    ).toBeInTheDocument();
    expect(days()).toHaveValue(3);
    expect(screen.getByLabelText('At (CST)')).toHaveDisplayValue('10:00 AM');
    expect(going()).toHaveValue(24);
    expect(
      screen.getByLabelText('Send the hosts who is going, hours before the start (0 = off)'),
    ).toHaveValue(24);
    expect(screen.getByText(/America\/Chicago \(CST\)/)).toBeInTheDocument();
    // The settings above are a field organizer's; these are the host's.
    expect(screen.getByLabelText('Title')).toBeDisabled();
    expect(days()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save reminders' })).toBeEnabled();
  });

  it('saves only the settings changed, and says Saved', async () => {
    const { server, user } = openSettings({
      'POST /api/chapter': { ...brooklyn, reminderDaysBefore: 1, reminderHour: 18 },
    });
    await screen.findByRole('heading', { name: 'Email that goes by itself' });
    await user.clear(days());
    await user.type(days(), '1');
    await user.selectOptions(screen.getByLabelText('At (CST)'), '6:00 PM');
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(saves(server).map((c) => c.body)).toEqual([
      { id: 7, reminderDaysBefore: 1, reminderHour: 18 },
    ]);
  });

  it('names a setting out of range and sends nothing', async () => {
    const { server, user } = openSettings();
    await screen.findByRole('heading', { name: 'Email that goes by itself' });
    await user.clear(going());
    await user.type(going(), '100');
    expect(await screen.findByText('Choose 0 (none) to 72 hours')).toBeInTheDocument();
    expect(going()).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    expect(saves(server)).toHaveLength(0);
  });

  it("shows the server's 400 beside the field it names", async () => {
    const { server, user } = openSettings({
      'POST /api/chapter': errorReply(400, 'Invalid request: body.reminderDaysBefore', [
        { field: 'body.reminderDaysBefore', message: 'Choose 0 (no reminder) to 14 days' },
      ]),
    });
    await screen.findByRole('heading', { name: 'Email that goes by itself' });
    await user.clear(days());
    await user.type(days(), '5');
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    expect(await screen.findByText('Choose 0 (no reminder) to 14 days')).toBeInTheDocument();
    await waitFor(() => expect(days()).toHaveAttribute('aria-invalid', 'true'));
    expect(saves(server).map((c) => c.body)).toEqual([{ id: 7, reminderDaysBefore: 5 }]);
    expect(screen.getByRole('button', { name: 'Save reminders' })).toBeEnabled();
  });

  it("opens the preview of the list reminder as the server draws a member's copy", async () => {
    const { server, user } = openSettings({
      [PREVIEW]: {
        subject: 'Reminder: Pencil Factory, Thu, Mar 6, 2031',
        fromName: 'Drinking Liberally Brooklyn',
        replyTo: 'brooklyn@drinkingliberally.org',
        html: '<!DOCTYPE html><html><head></head><body><p>Hello from Brooklyn!</p></body></html>',
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Preview the reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview' });
    expect(
      await within(dialog).findByText('Reminder: Pencil Factory, Thu, Mar 6, 2031'),
    ).toBeVisible();
    const frame = within(dialog).getByTitle('The email as members will see it');
    expect(frame.getAttribute('srcdoc')).toContain('Hello from Brooklyn!');
    expect(server.callsTo('GET', '/api/reminders/chapter/7/preview')).toHaveLength(1);
  });

  it('says why there is no preview when the chapter has no meeting coming up', async () => {
    const { user } = openSettings({
      [PREVIEW]: errorReply(409, 'The chapter has no meeting coming up: add an event.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Preview the reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview' });
    expect(
      await within(dialog).findByText('The chapter has no meeting coming up: add an event.'),
    ).toBeVisible();
  });
});
