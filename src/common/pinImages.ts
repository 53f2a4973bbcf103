// One 40x40 pin per chapter type (spec 1 §9): a drop in the type's colour with a white glyph
// (a glass, a film frame, a house, a smile, a fork and knife, a book). Data URLs: the CSP allows
// data: images, and no request is made. No Leaflet here: the map's key uses these eagerly, and
// the map frame's page (modules/embed/mapFrame.ts) is written with its key on the server.
import { CHAPTER_TYPES } from './constants';

const GLYPHS: Record<number, string> = {
  // Drinking: a pint glass.
  1: '<path d="M14 11h12l-1.6 15.5a2 2 0 0 1-2 1.5h-4.8a2 2 0 0 1-2-1.5z" fill="#fff"/><path d="M15 15h10" stroke="currentColor" stroke-width="1.5"/>',
  // Screening: a film frame.
  2: '<rect x="12.5" y="12" width="15" height="14" rx="1.5" fill="#fff"/><path d="M15 12v14M25 12v14" stroke="currentColor" stroke-width="1.2"/><path d="M18.5 16.5l4 2.5-4 2.5z" fill="currentColor"/>',
  // Living: a house.
  3: '<path d="M20 11l8 7h-2.5v8h-11v-8H12z" fill="#fff"/><rect x="18.3" y="21" width="3.4" height="5" fill="currentColor"/>',
  // Laughing: a smile.
  4: '<circle cx="20" cy="19" r="8" fill="#fff"/><circle cx="17.2" cy="17.3" r="1.2" fill="currentColor"/><circle cx="22.8" cy="17.3" r="1.2" fill="currentColor"/><path d="M16 20.5a4.5 4.5 0 0 0 8 0" stroke="currentColor" stroke-width="1.5" fill="none"/>',
  // Dining: a fork and a knife.
  5: '<path d="M15 11v6a2 2 0 0 0 1.3 1.9V27h1.4v-8.1A2 2 0 0 0 19 17v-6h-1v5h-.7v-5h-.6v5H16v-5z" fill="#fff"/><path d="M23.5 11c2 1.5 2.5 4 2.5 7h-1.6V27h-1.4V11z" fill="#fff"/>',
  // Reading: an open book.
  6: '<path d="M11.5 13.5c3-.8 6-.5 8 1v12c-2-1.5-5-1.8-8-1z" fill="#fff"/><path d="M28.5 13.5c-3-.8-6-.5-8 1v12c2-1.5 5-1.8 8-1z" fill="#fff"/>',
};

function pinSvg(color: string, glyph: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40" color="${color}">` +
    `<path d="M20 39C20 39 5 24.5 5 15.5a15 15 0 0 1 30 0C35 24.5 20 39 20 39z" fill="${color}" stroke="#fff" stroke-width="2"/>` +
    `${glyph}</svg>`
  );
}

/** The pin of a chapter type as an image URL (the Drinking pin for an unknown type). */
export function pinUrl(chapterTypeId: number): string {
  const type = CHAPTER_TYPES.find((t) => t.id === chapterTypeId) ?? CHAPTER_TYPES[0];
  const svg = pinSvg(type.hexColor, GLYPHS[type.id] ?? '');
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The type's glyph on a disc of its colour, for cards and badges beside the type's name (so the
 * image itself says nothing: alt="").
 */
export function typeIconUrl(chapterTypeId: number): string {
  const type = CHAPTER_TYPES.find((t) => t.id === chapterTypeId) ?? CHAPTER_TYPES[0];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40" color="${type.hexColor}">` +
    `<circle cx="20" cy="20" r="19" fill="${type.hexColor}"/>` +
    `<g transform="translate(0 1)">${GLYPHS[type.id] ?? ''}</g></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
