// Reading a member import's CSV file (issue 23) as it arrives: RFC 4180 by csv-parse (quoted
// fields, doubled quotes, line breaks inside quotes, a byte-order mark), the columns found from
// the first rows (common/memberImport.ts, as the screen's preview finds them), and each row
// checked on its own. Only the address, the name and the line of a row are kept, so a file of
// 200,000 rows holds a few MB however many columns it has.
import { finished, type Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import {
  detectColumns,
  IMPORT_REFUSALS,
  MEMBER_IMPORT,
  rowName,
  type ImportColumns,
} from '../../../common/memberImport';
import { mailingEmailSchema } from '../../../common/schemas/mailing';
import type { ImportRefusal } from '../../../common/schemas/memberImport';
import { fieldError } from '../../core/httpError';
import { decodeUpload } from './importDecode';

/** An address to add: its line in the file, as written, and its name. */
export interface ImportCandidate {
  line: number;
  email: string;
  key: string;
  name: string | null;
}

export interface ParsedImport {
  columns: ImportColumns | null;
  candidates: ImportCandidate[];
  /** Rows refused by the file alone: no address, not an address, a repeat, a status column. */
  refused: ImportRefusal[];
  rows: number;
}

export const TOO_MANY_ROWS = `The file has more than ${MEMBER_IMPORT.maxRows.toLocaleString('en-US')} rows: split it and import each part.`;

// A name is kept to the length of a display name; longer is not a name.
const NAME_MAX = 200;

// The site's own export writes a leading apostrophe before a cell that a spreadsheet would run
// as a formula (memberStreams.ts); reading its file back takes the apostrophe away again.
function unguard(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

// An address cell starting "'+" or "'-": an export made before the export stopped guarding
// valid addresses (memberStreams.ts) wrote "+cmd@example.org" so. Taken back without it when
// what is left is an address; a real address starting with an apostrophe and then + or - is far
// rarer than such a file.
function unguardAddress(cell: string): string {
  const bare = unguard(cell);
  return bare !== cell && mailingEmailSchema.safeParse(bare).success ? bare : cell;
}

// A status column (this site's export, most services' exports) that says the person left or
// that mail to them fails: such a row is not added, whatever this list holds.
const LEFT_STATUSES = new Map([
  ['unsubscribed', IMPORT_REFUSALS.unsubscribed],
  ['unsub', IMPORT_REFUSALS.unsubscribed],
  ['deleted', IMPORT_REFUSALS.unsubscribed],
  ['blocked', IMPORT_REFUSALS.blocked],
  ['blocklisted', IMPORT_REFUSALS.blocked],
  ['bounced', IMPORT_REFUSALS.bounced],
  ['bounce', IMPORT_REFUSALS.bounced],
  ['cleaned', IMPORT_REFUSALS.bounced],
]);

function statusColumn(header: readonly string[]): number {
  return header.findIndex((cell) => cell.trim().toLowerCase() === 'status');
}

/** The record's first line: csv-parse counts lines to the record's end. */
function startLine(endLine: number, record: readonly string[]): number {
  let breaks = 0;
  for (const cell of record) {
    for (let at = cell.indexOf('\n'); at >= 0; at = cell.indexOf('\n', at + 1)) breaks += 1;
  }
  return endLine - breaks;
}

function parseFailure(err: unknown): Error {
  if (err instanceof CsvError) {
    const line = (err as CsvError & { lines?: number }).lines;
    const why = err.message.replace(/\s*(at|on) line \d+\s*$/i, '');
    return fieldError(
      400,
      MEMBER_IMPORT.field,
      `Line ${line ?? '?'} could not be read as CSV (${why}). Nothing was imported.`,
    );
  }
  return err instanceof Error ? err : new Error(String(err));
}

/**
 * Reads the whole file. Throws a 400 naming the line when the file is not CSV past its header
 * (an unclosed quote, a row with more or fewer cells than the first), and a 413 past
 * MEMBER_IMPORT.maxRows; nothing has been written then.
 */
export async function readImportFile(source: Readable): Promise<ParsedImport> {
  const parser = parse({ bom: true, skip_empty_lines: true, skip_records_with_empty_values: true });
  // Each record with the line it ends on, read from the parser's public, live `info` as the
  // record is pushed: csv-parse's own `info: true` copies that object for every record, which
  // doubled the time of a 200,000-row file.
  const push = parser.push.bind(parser);
  parser.push = (record: unknown) =>
    push(record === null ? null : { record, lines: parser.info.lines });
  const text = decodeUpload();
  // `finished`, not an 'error' listener: a body cut off before its closing boundary fails the
  // file stream as soon as the parser sees the end, which on a small file is before the route
  // gets here (it checks access first). A listener added now would never hear of it, and the
  // reader waited for ever on a stream that had already failed (issue 31).
  finished(source, (err) => {
    if (err) text.destroy(err);
  });
  text.on('error', (err) => parser.destroy(err));
  source.pipe(text).pipe(parser);

  const sample: { line: number; record: string[] }[] = [];
  const result: ParsedImport = { columns: null, candidates: [], refused: [], rows: 0 };
  const firstLine = new Map<string, number>();
  let status = -1;

  const take = (line: number, record: readonly string[], columns: ImportColumns) => {
    result.rows += 1;
    if (result.rows > MEMBER_IMPORT.maxRows)
      throw fieldError(413, MEMBER_IMPORT.field, TOO_MANY_ROWS);
    const value = unguardAddress((record[columns.email] ?? '').trim());
    const refuse = (reason: string) => result.refused.push({ line, value, reason });
    if (value === '') return refuse(IMPORT_REFUSALS.missing);
    if (!mailingEmailSchema.safeParse(value).success) return refuse(IMPORT_REFUSALS.invalid);
    const key = value.toLowerCase();
    const earlier = firstLine.get(key);
    if (earlier !== undefined) return refuse(IMPORT_REFUSALS.duplicate(earlier));
    firstLine.set(key, line);
    const left =
      status >= 0 ? LEFT_STATUSES.get((record[status] ?? '').trim().toLowerCase()) : null;
    if (left) return refuse(left);
    // PostgreSQL's text holds no NUL character; a name is not worth refusing the row for.
    const name = rowName(record.map(unguard), columns)?.replace(/\0/g, '') || null;
    result.candidates.push({ line, email: value, key, name: name?.slice(0, NAME_MAX) ?? null });
  };

  const settle = () => {
    const columns = detectColumns(sample.map((s) => s.record));
    result.columns = columns;
    if (columns.header && sample[0]) status = statusColumn(sample[0].record);
    for (const [i, row] of sample.entries()) {
      if (i > 0 || !columns.header) take(row.line, row.record, columns);
    }
    return columns;
  };

  let columns: ImportColumns | null = null;
  try {
    for await (const { record, lines } of parser as AsyncIterable<{
      record: string[];
      lines: number;
    }>) {
      const line = startLine(lines, record);
      if (columns) take(line, record, columns);
      else {
        sample.push({ line, record });
        // One more than the preview shows: the header, if the first row is one.
        if (sample.length > MEMBER_IMPORT.sampleRows) columns = settle();
      }
    }
    if (!columns && sample.length > 0) settle();
  } catch (err) {
    parser.destroy();
    text.destroy();
    source.unpipe(text);
    source.resume(); // the rest of the upload is read and dropped, so the answer can go
    throw parseFailure(err);
  }
  return result;
}
