// GET /api/chapters/map: what the home map draws, and no more. One pin per active chapter whose
// next meeting has a place: its id (to load the chapter when the pin opens), where the pin
// stands, its type (icon, key, label) and its display title (label). Columns rather than
// objects, so that 20,000 pins fit in well under 150 KB gzipped: chapterMap.ts encodes and
// decodes it; nothing else needs to know the layout.
import { z } from 'zod';

export const chapterMapSchema = z.object({
  /** Coordinates are whole multiples of 1 / scale degrees (10,000: about 11 m). */
  scale: z.number().int().positive(),
  /** The chapter types the pins use; a pin's kind is an index into this list. */
  types: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Chapter ids, `idWidth` base-64 digits each, most significant first. */
  idWidth: z.number().int().min(1).max(8),
  ids: z.string().regex(/^[A-Za-z0-9_-]*$/),
  /** One base-64 digit per pin: its index in `types`. */
  kinds: z.string().regex(/^[A-Za-z0-9_-]*$/),
  /** Latitude and longitude times `scale`, each the difference from the pin before. */
  lat: z.array(z.number().int()),
  lng: z.array(z.number().int()),
  /**
   * Display titles, one line each; a line starts with a base-36 digit: how many characters it
   * shares with the title before it (pins near each other are listed together).
   */
  titles: z.string(),
});
export type ChapterMap = z.infer<typeof chapterMapSchema>;

/** One pin, decoded. */
export interface ChapterMapPin {
  id: number;
  lat: number;
  lng: number;
  chapterTypeId: number;
  typeName: string;
  displayTitle: string;
}
