// Approving an application (issue 35): "Create Chapter from Application" is the primary action
// only when the three steps are done and no chapter of that type is already in that city;
// otherwise a warning says why, and the button stays as a secondary one.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HostApplication } from '../../../../common/schemas/applications';
import { fakeServer } from '../../../test/fakeServer';
import { renderScreen } from '../../../test/renderScreen';
import { ApplicationActions } from './ApplicationActions';
import { useSaveApplication } from './useSaveApplication';

const application = (over: Partial<HostApplication> = {}): HostApplication => ({
  id: 3,
  slug: 'nashville-tn-nell',
  status: 'open',
  isArchived: false,
  user: { id: 9, name: 'Nell', email: 'nell@example.org' },
  city: 'Nashville',
  state: 'TN',
  type: 'laughing',
  reason: 'Comedy.',
  createdAt: '2026-11-01T12:00:00.000Z',
  didHavePhoneCall: true,
  didSignAgreement: true,
  didGiveAdditionalInfo: true,
  ...over,
});

const chapter = (over: object) => ({
  id: 40,
  title: 'Nashville',
  displayTitle: 'Laughing Liberally Nashville',
  slug: 'laughing-liberally-nashville',
  city: 'Nashville',
  state: 'TN',
  postalCode: '37203',
  country: 'US',
  status: 0,
  chapterTypeId: 4,
  chapter_type: { id: 4, name: 'Laughing', hexColor: '#c75b00' },
  emailAlias: 'nashville',
  email: 'nashville@laughingliberally.org',
  lastBlogPostDate: null,
  chapter_events: [],
  ...over,
});

function Actions({ a }: { a: HostApplication }) {
  return <ApplicationActions application={a} save={useSaveApplication(a)} />;
}

function show(a: HostApplication, chapters: object[]) {
  fakeServer({ 'GET /api/chapters': chapters });
  return renderScreen(<Actions a={a} />);
}

const createLink = () => screen.getByRole('link', { name: 'Create Chapter from Application' });

describe('Create Chapter from Application', () => {
  it('is the primary action when the steps are done and no such chapter is there', async () => {
    // Another type in the city, and the same type elsewhere, do not count.
    show(application(), [chapter({ chapterTypeId: 1 }), chapter({ city: 'Memphis' })]);
    await screen.findByRole('heading', { name: 'Decision' });
    expect(createLink()).toHaveClass('btn-primary');
    expect(screen.queryByTestId('create-warning')).not.toBeInTheDocument();
  });

  it('warns while steps read "No", and is secondary', async () => {
    show(application({ didHavePhoneCall: false, didGiveAdditionalInfo: false }), []);
    const warning = await screen.findByTestId('create-warning');
    expect(warning).toHaveTextContent(
      'Not done yet: the phone call and the additional information.',
    );
    expect(createLink()).not.toHaveClass('btn-primary');
    expect(createLink()).toHaveClass('btn-outline-secondary');
  });

  it('warns that a hidden chapter of that type is already in that city, with a link to it', async () => {
    show(application({ city: 'nashville ' }), [chapter({})]);
    const warning = await screen.findByTestId('create-warning');
    expect(warning).toHaveTextContent('A chapter of this type already exists in nashville');
    expect(
      within(warning).getByRole('link', { name: 'Laughing Liberally Nashville' }),
    ).toHaveAttribute('href', '/chapter/tn/laughing-liberally-nashville');
    expect(warning).toHaveTextContent('(hidden, laughing-liberally-nashville)');
    expect(createLink()).not.toHaveClass('btn-primary');
  });
});
