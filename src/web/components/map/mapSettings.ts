// The tile server the site was configured with (MAP_TILE_URL), written into the page by the
// server; OpenStreetMap's if the page has none (the Vite dev server).
function meta(name: string): string | null {
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;
}

export const mapTiles = {
  url: meta('map-tile-url') ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution:
    meta('map-tile-attribution') ??
    '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};
