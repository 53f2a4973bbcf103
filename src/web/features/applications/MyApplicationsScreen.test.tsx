// My Applications (issue 35): each application with its type and where it stands.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import { renderScreen } from '../../test/renderScreen';
import { MyApplicationsScreen } from './MyApplicationsScreens';

const application = (slug: string, over: object) => ({
  id: 1,
  slug,
  status: 'open',
  isArchived: false,
  user: { id: 9, name: 'Nell', email: 'nell@example.org' },
  city: 'Nashville',
  state: 'TN',
  type: 'laughing',
  reason: 'Comedy.',
  createdAt: '2026-11-01T12:00:00.000Z',
  didHavePhoneCall: false,
  didSignAgreement: false,
  didGiveAdditionalInfo: false,
  ...over,
});

describe('My Applications', () => {
  it('shows each application’s type and status', async () => {
    fakeServer({
      'GET /api/chapter_host_application/my': [
        application('a', {}),
        application('b', { city: 'Austin', state: 'TX', type: 'reading', status: 'approved' }),
        application('c', { city: 'Reno', state: 'NV', type: 'dining', status: 'denied' }),
      ],
    });
    renderScreen(<MyApplicationsScreen />);
    await screen.findByRole('link', { name: 'Nashville, Tennessee' });
    const rows = screen.getAllByRole('listitem');
    const seen = rows.map((row) => [
      within(row).getByRole('link').textContent,
      within(row).getByTestId('application-type').textContent,
      within(row).getByTestId('application-status').textContent,
    ]);
    expect(seen).toEqual([
      ['Nashville, Tennessee', 'laughing Liberally', 'Under review'],
      ['Austin, Texas', 'reading Liberally', 'Approved'],
      ['Reno, Nevada', 'dining Liberally', 'Not approved'],
    ]);
  });
});
