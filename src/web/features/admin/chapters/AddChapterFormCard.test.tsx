import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HostApplication } from '../../../../common/schemas/applications';
import { errorReply, fakeServer } from '../../../test/fakeServer';
import { renderScreen } from '../../../test/renderScreen';
import { AddChapterFormCard } from './AddChapterFormCard';

vi.mock('../../../components/richText/RichTextEditor', async () => ({
  RichTextEditor: (await import('../../../test/chapter')).FakeRichTextEditor,
}));

const NEW = 'POST /api/chapter/new';

const anApplication = (): HostApplication => ({
  id: 3,
  slug: 'berkeley-ada',
  status: 'open',
  isArchived: false,
  user: { id: 5, name: 'Ada Lovelace', email: 'ada@example.org' },
  city: 'Berkeley',
  state: 'CA',
  type: 'screening',
  reason: 'Films and friends.',
  createdAt: '2026-11-01T18:00:00.000Z',
  didHavePhoneCall: false,
  didGiveAdditionalInfo: false,
  didSignAgreement: false,
});

function openForm(application?: HostApplication, routes: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer(routes);
  const view = renderScreen(
    application ? <AddChapterFormCard application={application} /> : <AddChapterFormCard />,
    { path: '/admin/chapters/new' },
  );
  return { server, ...view };
}

describe('Add Chapter', () => {
  it('names every field that stops the chapter being created, and sends nothing', async () => {
    const { server, user } = openForm();
    await user.click(screen.getByRole('button', { name: 'Create Chapter' }));
    expect(
      await screen.findByText(
        'The chapter was not created. Fill in Title, City, Postal Code above.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Country')).not.toHaveAttribute('aria-invalid');
    expect(server.callsTo('POST', '/api/chapter/new')).toHaveLength(0);
  });

  it("offers the gazetteer's postal code for an application's city, and says so", async () => {
    const { user, server } = openForm(anApplication(), {
      'GET /api/geocode/postal_code?city=Berkeley&state=CA': {
        postalCode: '94704',
        label: 'Berkeley, CA',
      },
      [NEW]: errorReply(409, 'A chapter named Berkeley exists in CA already.'),
    });
    await waitFor(() => expect(screen.getByLabelText('Postal Code')).toHaveValue('94704'));
    expect(screen.getByLabelText('Postal Code')).toHaveAccessibleDescription(
      /this is one of Berkeley, CA from the gazetteer/,
    );
    expect(screen.getByLabelText('Title')).toHaveValue('Berkeley');
    expect(screen.getByRole('radio', { name: 'Screening' })).toBeChecked();
    await user.type(screen.getByLabelText('About'), 'We watch films.');
    await user.click(screen.getByRole('button', { name: 'Create Chapter' }));
    expect(
      await screen.findByText('A chapter named Berkeley exists in CA already.'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/chapter/new')[0]!.body).toEqual({
      title: 'Berkeley',
      city: 'Berkeley',
      state: 'CA',
      postalCode: '94704',
      country: 'US',
      chapterTypeId: 2,
      about: '<p>We watch films.</p>',
      chapterHostApplicationSlug: 'berkeley-ada',
    });
  });

  it('asks for the postal code when the gazetteer does not know the city', async () => {
    openForm(anApplication(), {
      'GET /api/geocode/postal_code?city=Berkeley&state=CA': errorReply(404, 'Not found'),
    });
    await waitFor(() =>
      expect(screen.getByLabelText('Postal Code')).toHaveAccessibleDescription(
        'The application gives no postal code: enter the one where the chapter meets.',
      ),
    );
    expect(screen.getByLabelText('Postal Code')).toHaveValue('');
  });
});
