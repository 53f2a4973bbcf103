// The Add/Edit Event form, its schedule fields above all: which weeks, which day, one date.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aChapter, adminContext } from '../../../test/chapter';
import { errorReply, fakeServer } from '../../../test/fakeServer';
import { renderScreen } from '../../../test/renderScreen';
import { EventForm } from './EventForm';
import { newEventValues } from './eventFormValues';

const SAVE = 'POST /api/chapter_event';

function openForm(routes: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer({ 'GET /api/chapter/brooklyn/admin': aChapter(), ...routes });
  const view = renderScreen(<EventForm initial={newEventValues(aChapter())} />, {
    path: '/chapter/ny/brooklyn/admin/events/new',
    outletContext: adminContext(),
  });
  return { server, ...view };
}

const week = (name: string) => screen.getByRole('checkbox', { name });

async function fillPlace(user: ReturnType<typeof openForm>['user']) {
  await user.type(screen.getByLabelText('Name'), 'Trivia at the Pub');
  await user.type(screen.getByLabelText('Address 1'), '1 Main St');
}

const savedEvent = (body: Record<string, unknown>) => ({
  ...body,
  id: 11,
  slug: 'trivia-at-the-pub',
  address2: '',
  description: '',
  lat: 40.69,
  lng: -73.99,
  singleDate: null,
});

describe('Add Event: the schedule', () => {
  it('keeps Every Week apart from the single weeks', async () => {
    const { user } = openForm();
    expect(week('Every Week')).toBeChecked();
    await user.click(week('First'));
    expect(week('Every Week')).not.toBeChecked();
    await user.click(week('Third'));
    expect(week('First')).toBeChecked();
    await user.click(week('Every Week'));
    expect(week('First')).not.toBeChecked();
    expect(week('Third')).not.toBeChecked();
  });

  it('names the weekday in the hint, and saves the first and third of it', async () => {
    const { server, user, router } = openForm({
      [SAVE]: ({ body }) => savedEvent(body as Record<string, unknown>),
    });
    await fillPlace(user);
    await user.selectOptions(screen.getByLabelText('Day of the week'), 'Tuesday');
    await user.click(week('Third'));
    await user.click(week('First'));
    expect(screen.getByText(/first and third Tuesday of each month/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/chapter/ny/brooklyn/admin/events'),
    );
    expect(server.callsTo('POST', '/api/chapter_event')[0]!.body).toMatchObject({
      chapterId: 7,
      dayOfWeekIndex: 2,
      weeksOfMonthIndexes: '1,3',
      isSingleDate: false,
      singleDate: null,
    });
  });

  it('asks for a week when none is ticked, and saves nothing', async () => {
    const { server, user } = openForm();
    await fillPlace(user);
    await user.click(week('Every Week'));
    expect(await screen.findByText('Choose at least one week')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(server.callsTo('POST', '/api/chapter_event')).toHaveLength(0);
  });

  it('asks for the date of a single-date event, and saves it with that date', async () => {
    const { server, user, router } = openForm({
      [SAVE]: ({ body }) => ({
        ...savedEvent(body as Record<string, unknown>),
        singleDate: '2027-03-04',
      }),
    });
    await fillPlace(user);
    await user.click(screen.getByRole('radio', { name: 'Single date' }));
    expect(screen.queryByRole('checkbox', { name: 'Every Week' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose the date (YYYY-MM-DD)')).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveClass('is-invalid');
    expect(server.callsTo('POST', '/api/chapter_event')).toHaveLength(0);

    await user.type(screen.getByLabelText('Date'), '2027-03-04');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/chapter/ny/brooklyn/admin/events'),
    );
    expect(server.callsTo('POST', '/api/chapter_event')[0]!.body).toMatchObject({
      isSingleDate: true,
      singleDate: '2027-03-04',
    });
  });

  it('saves the start and end times chosen, in 24-hour form', async () => {
    const { server, user, router } = openForm({
      [SAVE]: ({ body }) => savedEvent(body as Record<string, unknown>),
    });
    await fillPlace(user);
    await user.selectOptions(screen.getByLabelText('Start time'), '8:30pm');
    await user.selectOptions(screen.getByLabelText('End time'), '11:00pm');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/chapter/ny/brooklyn/admin/events'),
    );
    expect(server.callsTo('POST', '/api/chapter_event')[0]!.body).toMatchObject({
      startTime: '20:30',
      endTime: '23:00',
    });
  });

  it("shows the server's refusal above the form and stays", async () => {
    const { user, router } = openForm({
      [SAVE]: errorReply(400, 'Bad Request', [
        { field: 'body.address1', message: 'The address could not be found on the map.' },
      ]),
    });
    await fillPlace(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The address could not be found on the map.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/chapter/ny/brooklyn/admin/events/new');
  });
});

describe('Add Event: RSVPs', () => {
  it('saves no cap when Capacity is left empty, and the guests per RSVP chosen', async () => {
    const { server, user, router } = openForm({
      [SAVE]: ({ body }) => savedEvent(body as Record<string, unknown>),
    });
    await fillPlace(user);
    expect(screen.getByLabelText('Capacity')).toHaveValue(null);
    expect(screen.getByLabelText('Guests per RSVP')).toHaveValue('2');
    await user.selectOptions(screen.getByLabelText('Guests per RSVP'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/chapter/ny/brooklyn/admin/events'),
    );
    expect(server.callsTo('POST', '/api/chapter_event')[0]!.body).toMatchObject({
      capacity: null,
      maxGuests: 0,
    });
  });

  it('saves a capacity as a number', async () => {
    const { server, user, router } = openForm({
      [SAVE]: ({ body }) => savedEvent(body as Record<string, unknown>),
    });
    await fillPlace(user);
    await user.type(screen.getByLabelText('Capacity'), '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/chapter/ny/brooklyn/admin/events'),
    );
    expect(server.callsTo('POST', '/api/chapter_event')[0]!.body).toMatchObject({ capacity: 40 });
  });

  it('refuses a capacity of 0 beside the field, and saves nothing', async () => {
    const { server, user } = openForm();
    await fillPlace(user);
    await user.type(screen.getByLabelText('Capacity'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Capacity is a number from 1 to 10,000, or empty for no cap'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Capacity')).toHaveClass('is-invalid');
    expect(server.callsTo('POST', '/api/chapter_event')).toHaveLength(0);
  });
});
