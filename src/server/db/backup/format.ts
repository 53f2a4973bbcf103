// The backup file: one file, a line that names it, a line of JSON (the header: which kind of
// database, its migration level, what sections follow and their sizes), then the sections'
// bytes one after the other: the database (pg_dump's custom format, or the embedded database's
// own dump, gzipped) and each uploaded file. Written and read in pieces, never whole in memory
// (a pg_dump may be larger than the heap).
import { closeSync, createReadStream, openSync, readSync, statSync, writeSync } from 'node:fs';
import { z } from 'zod';

export const MAGIC = 'CHAPTERS-BACKUP 1\n';
const MAX_HEADER = 4 * 1024 * 1024;

export const backupKinds = ['postgres', 'embedded'] as const;
export type BackupKind = (typeof backupKinds)[number];

export const sectionSchema = z.object({
  /** 'database', or 'uploads/<name>' for a file of DATA_DIR/uploads. */
  name: z.string().regex(/^(database|uploads\/[^/\\]+)$/),
  bytes: z.number().int().nonnegative(),
});
export type Section = z.infer<typeof sectionSchema>;

export const headerSchema = z.object({
  kind: z.enum(backupKinds),
  /** Migrations applied to the database backed up: restore refuses one newer than its code. */
  migrations: z.number().int().nonnegative(),
  lastMigration: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sections: z.array(sectionSchema),
});
export type BackupHeader = z.infer<typeof headerSchema>;

/** Where a section's bytes come from while writing: a buffer or a file. */
export type SectionSource = { name: string; data: Buffer } | { name: string; file: string };

const sizeOf = (s: SectionSource) => ('data' in s ? s.data.length : statSync(s.file).size);

/** Writes the whole backup to `fd` (an open, empty file). */
export async function writeBackup(
  fd: number,
  header: Omit<BackupHeader, 'sections'>,
  sources: readonly SectionSource[],
): Promise<void> {
  const sections = sources.map((s) => ({ name: s.name, bytes: sizeOf(s) }));
  writeSync(fd, MAGIC + JSON.stringify({ ...header, sections }) + '\n');
  for (const source of sources) {
    if ('data' in source) {
      writeSync(fd, source.data);
      continue;
    }
    for await (const chunk of createReadStream(source.file)) writeSync(fd, chunk as Buffer);
  }
}

export class BackupFileError extends Error {}

export interface OpenedBackup {
  header: BackupHeader;
  /** Each section's offset in the file. */
  offsets: Map<string, { start: number; bytes: number }>;
  file: string;
}

/** Reads and checks the header of a backup file; throws BackupFileError naming what is wrong. */
export function openBackup(file: string): OpenedBackup {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(Math.min(MAX_HEADER, statSync(file).size));
    const read = readSync(fd, head, 0, head.length, 0);
    const text = head.subarray(0, read).toString('utf8');
    if (!text.startsWith(MAGIC))
      throw new BackupFileError(`${file} is not a backup of this site (made by npm run backup).`);
    const end = text.indexOf('\n', MAGIC.length);
    if (end < 0) throw new BackupFileError(`${file}: its header is cut short.`);
    const parsed = headerSchema.safeParse(JSON.parse(text.slice(MAGIC.length, end)));
    if (!parsed.success)
      throw new BackupFileError(`${file}: its header is not one this version reads.`);
    const header = parsed.data;
    let start = Buffer.byteLength(text.slice(0, end + 1));
    const offsets = new Map<string, { start: number; bytes: number }>();
    for (const s of header.sections) {
      offsets.set(s.name, { start, bytes: s.bytes });
      start += s.bytes;
    }
    if (start !== statSync(file).size)
      throw new BackupFileError(
        `${file} is ${statSync(file).size} bytes, its header says ${start}: cut short or damaged.`,
      );
    return { header, offsets, file };
  } finally {
    closeSync(fd);
  }
}

/** A (non-empty) section's bytes as a stream (to pg_restore). */
export function sectionStream(backup: OpenedBackup, name: string) {
  const at = backup.offsets.get(name);
  if (!at) throw new BackupFileError(`${backup.file} holds no ${name}.`);
  return createReadStream(backup.file, { start: at.start, end: at.start + at.bytes - 1 });
}

/** A (small enough) section's bytes in memory. */
export function sectionBytes(backup: OpenedBackup, name: string): Buffer {
  const at = backup.offsets.get(name);
  if (!at) throw new BackupFileError(`${backup.file} holds no ${name}.`);
  const fd = openSync(backup.file, 'r');
  try {
    const out = Buffer.alloc(at.bytes);
    let done = 0;
    while (done < at.bytes) done += readSync(fd, out, done, at.bytes - done, at.start + done);
    return out;
  } finally {
    closeSync(fd);
  }
}
