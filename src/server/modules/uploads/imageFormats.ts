// Which image files we decode, told from their first bytes before any decoder sees them. Only the
// raster formats every browser shows: a header image needs nothing else, and the rest cost too
// much to read safely. A 195-byte SVG (a vector drawing with filters on a large canvas) held a
// decoding thread for over two minutes; TIFF and PDF bring large decoders a photo never needs;
// HEIC cannot be decoded by our build of libvips (iPhones send JPEG through a browser anyway).

export const ACCEPTED_FORMATS = ['jpeg', 'png', 'gif', 'webp', 'avif'] as const;
export type AcceptedFormat = (typeof ACCEPTED_FORMATS)[number];

/** libvips' loaders of those formats from memory; every other loader is blocked. */
export const ACCEPTED_LOADERS = [
  'VipsForeignLoadJpegBuffer',
  'VipsForeignLoadPngBuffer',
  'VipsForeignLoadNsgifBuffer',
  'VipsForeignLoadWebpBuffer',
  'VipsForeignLoadHeifBuffer', // AVIF; HEIC is told apart by its compression, see below
];

const startsWith = (data: Buffer, bytes: number[] | string, at = 0) => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return data.subarray(at, at + expected.length).equals(expected);
};

/** An ISO-BMFF file (AVIF, HEIC) names its brands in its first box, `ftyp`. */
function isAvif(data: Buffer): boolean {
  if (!startsWith(data, 'ftyp', 4)) return false;
  const boxEnd = Math.min(data.readUInt32BE(0), data.length);
  const brands = [data.subarray(8, 12)];
  for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(data.subarray(at, at + 4));
  return brands.some((brand) => ['avif', 'avis'].includes(brand.toString('latin1')));
}

/** The format the file says it is, or null when it is none we take. */
export function sniffFormat(data: Buffer): AcceptedFormat | null {
  if (data.length < 12) return null;
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, 'GIF87a') || startsWith(data, 'GIF89a')) return 'gif';
  if (startsWith(data, 'RIFF') && startsWith(data, 'WEBP', 8)) return 'webp';
  if (isAvif(data)) return 'avif';
  return null;
}

/** What sharp's metadata says of a file of each format (AVIF is HEIF compressed with AV1). */
export function isSharpFormat(
  format: AcceptedFormat,
  meta: { format?: string; compression?: string },
): boolean {
  if (format === 'avif') return meta.format === 'heif' && meta.compression === 'av1';
  return meta.format === format;
}
