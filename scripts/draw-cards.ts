// The link-preview pictures of chapters without a header image (issue 36): one card per chapter
// type in its colour, and the network's (0), 1200x630 as Open Graph and Twitter's large card ask.
// Drawn once into src/web/public/embed/card/ and kept in the repository: the server never
// renders SVG (its sharp opens uploaded formats only: modules/uploads/images.ts). No text, so no
// font is needed to draw them; the preview's title and description are the page's own.
// `tsx scripts/draw-cards.ts` after changing a type's colour or the logo.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { BRAND_MARK } from '../src/common/brand';
import { CHAPTER_TYPES } from '../src/common/constants';

/** The network's own card: the site's primary colour, Screening's violet (web/theme). */
const NETWORK = { id: 0, hexColor: '#7a3e9d' };

const card = (
  color: string,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="${color}"/>
  <rect y="560" width="1200" height="70" fill="#000" fill-opacity="0.18"/>
  <g transform="translate(440 155) scale(10)">
    <path d="${BRAND_MARK.bubble}" fill="#fff"/>
    <path d="${BRAND_MARK.glass}" fill="${color}"/>
  </g>
</svg>`;

const out = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/web/public/embed/card',
);
for (const { id, hexColor } of [NETWORK, ...CHAPTER_TYPES]) {
  const png = await sharp(Buffer.from(card(hexColor)))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  writeFileSync(path.join(out, `${id}.png`), png);
  console.log(`${id}.png: ${png.length} bytes`);
}
