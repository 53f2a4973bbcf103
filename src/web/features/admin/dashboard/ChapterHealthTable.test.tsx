// The admin dashboard's chapter health table: what each row says of a chapter, and how the
// admin narrows and orders the rows to find the chapters that need them.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DashboardChapter } from '../../../../common/schemas/adminDashboard';
import type { ChapterSummary } from '../../../../common/schemas/chapters';
import { renderScreen } from '../../../test/renderScreen';
import { ChapterHealthTable } from './ChapterHealthTable';

function aRow(over: Partial<DashboardChapter> & { id: number; displayTitle: string }) {
  return {
    title: over.displayTitle,
    slug: over.displayTitle.toLowerCase(),
    state: 'NY',
    status: 1,
    lastEventDate: '2026-11-03',
    nextEventDate: '2026-12-01',
    lastEmailAt: '2026-11-10T18:00:00.000Z',
    memberCount: 40,
    hosts: [],
    isLapsed: false,
    lapsedReasons: [],
    graceUntil: null,
    health: 'ok',
    healthReasons: [],
    lastAttendance: null,
    ...over,
  } satisfies DashboardChapter;
}

const brooklyn = aRow({
  id: 1,
  displayTitle: 'Brooklyn',
  memberCount: 1250,
  hosts: [
    { id: 31, name: 'Dana Host', email: 'dana@example.org' },
    { id: 32, name: 'Eli Host', email: 'eli@example.org' },
  ],
});
const austin = aRow({
  id: 2,
  displayTitle: 'Austin',
  state: 'TX',
  lastEventDate: null,
  nextEventDate: null,
  lastEmailAt: null,
  memberCount: 3,
  isLapsed: true,
  lapsedReasons: ['no_recent_email', 'no_upcoming_event'],
  health: 'lapsed',
  healthReasons: ['no_recent_email', 'no_upcoming_event', 'no_host'],
});
const chicago = aRow({
  id: 3,
  displayTitle: 'Chicago',
  state: 'IL',
  memberCount: 12,
  graceUntil: '2027-01-15T00:00:00.000Z',
});
const denver = aRow({
  id: 4,
  displayTitle: 'Denver',
  state: 'CO',
  status: 0,
  memberCount: 0,
  health: 'hidden',
});
// Emails and meets, but nobody hosts it: at risk (issue 35).
const boston = aRow({
  id: 5,
  displayTitle: 'Boston',
  state: 'MA',
  health: 'at_risk',
  healthReasons: ['no_host'],
});
// The server's order: by state, then title.
const CHAPTERS = [denver, chicago, boston, brooklyn, austin];

/** The chapter list's answer, which alone says each chapter's type (Dining for Austin). */
const summaries = [
  { id: 1, chapterTypeId: 1 },
  { id: 2, chapterTypeId: 5 },
  { id: 3, chapterTypeId: 1 },
  { id: 4, chapterTypeId: 2 },
  { id: 5, chapterTypeId: 1 },
] as ChapterSummary[];

function showTable(types: readonly ChapterSummary[] | undefined) {
  return renderScreen(<ChapterHealthTable chapters={CHAPTERS} summaries={types} />);
}

const table = () => screen.getByRole('table');
const row = (title: string) => screen.getByRole('link', { name: title }).closest('tr')!;
/** The chapters' titles, top to bottom. */
const order = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((tr) => within(tr).getAllByRole('link')[0]!.textContent);

describe('Chapter health', () => {
  it("says each chapter's health, with why a lapsed one lapsed and until when a new one is spared", () => {
    showTable(summaries);
    expect(screen.getByText('5 of 5 chapters')).toBeInTheDocument();
    // Health comes right after the chapter's name: a phone shows it without scrolling.
    const headers = within(table()).getAllByRole('columnheader');
    expect(headers[1]).toHaveTextContent('Health');

    const lapsed = row('Austin');
    expect(within(lapsed).getByText('Lapsed')).toBeInTheDocument();
    expect(lapsed).toHaveTextContent('no email in 2 months, no upcoming event, no host');

    const atRisk = row('Boston');
    expect(within(atRisk).getByText('At risk')).toBeInTheDocument();
    expect(atRisk).toHaveTextContent('no host');
    expect(lapsed).toHaveTextContent('None');
    expect(lapsed).toHaveTextContent('Never');

    const young = row('Chicago');
    expect(within(young).getByText('New')).toBeInTheDocument();
    expect(young).toHaveTextContent('until Jan 15, 2027');

    const hidden = row('Denver');
    expect(within(hidden).getByText('Hidden')).toBeInTheDocument();
    expect(hidden).toHaveTextContent('Not counted');

    const healthy = row('Brooklyn');
    expect(within(healthy).getByText('OK')).toBeInTheDocument();
    expect(healthy).toHaveTextContent('Nov 3, 2026');
    expect(healthy).toHaveTextContent('next Dec 1, 2026');
    expect(healthy).toHaveTextContent('1,250');
    expect(within(healthy).getByRole('link', { name: 'Brooklyn' })).toHaveAttribute(
      'href',
      '/chapter/ny/brooklyn/admin',
    );
    expect(within(healthy).getByRole('link', { name: 'Eli Host' })).toHaveAttribute(
      'href',
      '/admin/users/32',
    );
  });

  it('narrows the rows by state, by type and to the lapsed, and says when none is left', async () => {
    const { user } = showTable(summaries);
    await user.selectOptions(screen.getByLabelText('State'), 'Illinois');
    expect(order()).toEqual(['Chicago']);
    expect(screen.getByText('1 of 5 chapters')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('State'), 'All states');
    await user.selectOptions(screen.getByLabelText('Type'), 'Dining');
    expect(order()).toEqual(['Austin']);

    await user.selectOptions(screen.getByLabelText('Type'), 'All types');
    await user.click(screen.getByRole('checkbox', { name: 'Lapsed only' }));
    expect(order()).toEqual(['Austin']);

    await user.selectOptions(screen.getByLabelText('State'), 'Illinois');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('No chapters found')).toBeInTheDocument();
    expect(screen.getByText('0 of 5 chapters')).toBeInTheDocument();
  });

  it('offers the type filter only once the chapter list has said the types', () => {
    showTable(undefined);
    expect(screen.getByLabelText('Type')).toBeDisabled();
    expect(screen.getByLabelText('State')).toBeEnabled();
  });

  it('sorts by a column when its header is pressed: the biggest lists first, then the other way', async () => {
    const { user } = showTable(summaries);
    expect(order()).toEqual(['Denver', 'Chicago', 'Boston', 'Brooklyn', 'Austin']);
    expect(screen.getByRole('columnheader', { name: /State/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await user.click(screen.getByRole('button', { name: 'Members' }));
    expect(order()).toEqual(['Brooklyn', 'Boston', 'Chicago', 'Austin', 'Denver']);
    expect(screen.getByRole('columnheader', { name: /Members/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await user.click(screen.getByRole('button', { name: /Members/ }));
    expect(order()).toEqual(['Denver', 'Austin', 'Chicago', 'Boston', 'Brooklyn']);

    await user.click(screen.getByRole('button', { name: 'Health' }));
    expect(order().slice(0, 2)).toEqual(['Austin', 'Boston']);
  });
});
