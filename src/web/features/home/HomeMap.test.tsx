import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { encodeChapterMap } from '../../../common/chapterMap';
import { errorReply, fakeServer } from '../../test/fakeServer';
import { renderScreen } from '../../test/renderScreen';
import { HomeMap } from './HomeMap';

// Leaflet does not draw in jsdom (it measures the page): these tests cover what the home map's
// screen does around the map; the browser tests drive the map itself. In its place, the pins
// the screen hands the map, each by its label.
vi.mock('../../components/map/LazyChapterMap', () => ({
  LazyChapterMap: ({ label, pins }: { label: string; pins: { key: string; label: string }[] }) => (
    <ul aria-label={label}>
      {pins.map((pin) => (
        <li key={pin.key}>{pin.label}</li>
      ))}
    </ul>
  ),
}));

function showMap(
  mapAnswer: Parameters<typeof fakeServer>[0][string],
  routes: Parameters<typeof fakeServer>[0] = {},
) {
  const server = fakeServer({ 'GET /api/chapters/map': mapAnswer, ...routes });
  return { server, ...renderScreen(<HomeMap />) };
}

const pin = (id: number, displayTitle: string, lat: number, lng: number, type = 1) => ({
  id,
  displayTitle,
  lat,
  lng,
  chapterTypeId: type,
  typeName: type === 1 ? 'Drinking' : 'Dining',
});
// The map's compact answer, written as the server writes it.
const NETWORK = encodeChapterMap([
  pin(1, 'Brooklyn', 40.69, -73.99),
  pin(2, 'Chicago', 41.88, -87.63, 5),
  pin(3, 'Evanston', 42.05, -87.69),
  pin(4, 'Austin', 30.27, -97.74),
]);

describe('Home map', () => {
  it('says the chapters could not be loaded when the map answer fails', async () => {
    showMap(errorReply(500, 'Something went wrong'));
    expect(
      await screen.findByText(
        'The chapters could not be loaded onto the map. Please reload the page.',
      ),
    ).toBeInTheDocument();
  });

  it('asks the visitor to search instead when the browser will not share their location', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_ok: unknown, refused: () => void) => refused(),
      },
    });
    const { user } = showMap(errorReply(500, 'Something went wrong'));
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your browser did not share your location. Search for a place instead.',
    );
  });

  it('puts a pin for each chapter, named by its type and title, and keys only the types shown', async () => {
    showMap(NETWORK);
    const map = screen.getByRole('list', { name: 'Map of chapters' });
    expect(await within(map).findByText('Drinking Liberally Brooklyn')).toBeInTheDocument();
    expect(
      within(map)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
        .sort(),
    ).toEqual([
      'Dining Liberally Chicago',
      'Drinking Liberally Austin',
      'Drinking Liberally Brooklyn',
      'Drinking Liberally Evanston',
    ]);
    const key = screen.getByRole('list', { name: 'Map key' });
    expect(
      within(key)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Drinking Liberally', 'Dining Liberally']);
  });

  it('lists the chapters nearest a searched place, nearest first, with how far they are', async () => {
    const { user } = showMap(NETWORK, {
      'GET /api/geocode?q=Chicago': { lat: 41.88, lng: -87.63, label: 'Chicago, IL' },
    });
    await screen.findByText('Drinking Liberally Brooklyn');
    await user.type(screen.getByLabelText('Find chapters near'), 'Chicago');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const nearest = await screen.findByRole('region', { name: 'Chapters nearest Chicago, IL' });
    const items = within(nearest).getAllByRole('listitem');
    expect(
      items.map((li) => within(li).getByText(/^(Brooklyn|Chicago|Evanston|Austin)$/).textContent),
    ).toEqual(['Chicago', 'Evanston', 'Brooklyn', 'Austin']);
    expect(items[0]).toHaveTextContent('0.0 mi (0.0 km) away');
    expect(items[1]).toHaveTextContent('12 mi (20 km) away');
    expect(screen.getByText('Showing Chicago, IL')).toBeInTheDocument();
  });

  it('says when the place searched for cannot be found, and lists nothing', async () => {
    const { user } = showMap(NETWORK, {
      'GET /api/geocode?q=Atlantis': errorReply(404, 'Not found'),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await user.type(screen.getByLabelText('Find chapters near'), 'Atlantis');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('We could not find "Atlantis".')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Chapters nearest/ })).not.toBeInTheDocument();
  });

  it('says when the nearest chapter is over 100 miles away, and offers to start one there', async () => {
    const { user } = showMap(NETWORK, {
      'GET /api/geocode?q=Nashville': { lat: 36.16, lng: -86.78, label: 'Nashville, TN' },
    });
    await screen.findByText('Drinking Liberally Brooklyn');
    await user.type(screen.getByLabelText('Find chapters near'), 'Nashville');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const nearest = await screen.findByRole('region', { name: 'Chapters nearest Nashville, TN' });
    // Chicago is nearest, some 400 miles off: said above the list, in the list's unit.
    const far = within(nearest).getByText(/^The nearest chapter is/);
    expect(far).toHaveTextContent(
      /^The nearest chapter is 39\d mi \(6\d\d km\) from Nashville, TN\.$/,
    );
    expect(far.compareDocumentPosition(within(nearest).getByRole('list'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(
      within(nearest).getByRole('link', { name: 'Start a chapter in Nashville' }),
    ).toHaveAttribute('href', '/start_chapter?city=Nashville&state=TN');
  });

  it('says nothing of distance when a chapter is within 100 miles', async () => {
    const { user } = showMap(NETWORK, {
      'GET /api/geocode?q=Milwaukee': { lat: 43.04, lng: -87.91, label: 'Milwaukee, WI' },
    });
    await screen.findByText('Drinking Liberally Brooklyn');
    await user.type(screen.getByLabelText('Find chapters near'), 'Milwaukee');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const nearest = await screen.findByRole('region', { name: 'Chapters nearest Milwaukee, WI' });
    // Evanston, some 70 miles off, is near enough.
    expect(within(nearest).getAllByRole('listitem')[0]).toHaveTextContent('Evanston');
    expect(within(nearest).queryByText(/^The nearest chapter is/)).not.toBeInTheDocument();
    expect(
      within(nearest).queryByRole('link', { name: /^Start a chapter/ }),
    ).not.toBeInTheDocument();
  });
});
