import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorReply, fakeServer } from '../../test/fakeServer';
import { renderScreen } from '../../test/renderScreen';
import { HomeMap } from './HomeMap';

// Leaflet does not draw in jsdom (it measures the page): these tests cover what the home map's
// screen does around the map; the browser tests drive the map itself.
vi.mock('../../components/map/LazyChapterMap', () => ({
  LazyChapterMap: ({ label, pins }: { label: string; pins: unknown[] }) => (
    <div role="img" aria-label={label}>
      {pins.length} pins
    </div>
  ),
}));

function showMap(mapAnswer: Parameters<typeof fakeServer>[0][string]) {
  const server = fakeServer({ 'GET /api/chapters/map': mapAnswer });
  return { server, ...renderScreen(<HomeMap />) };
}

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
});
