// The import screen's preview: the first rows of the chosen file, parsed in the browser with
// the same CSV parser the server uses (csv-parse's browser build) and its columns found by the
// same rules (common/memberImport.ts), so what the host sees is what the server will take.
import { parse } from 'csv-parse/browser/esm/sync';
import { detectColumns, MEMBER_IMPORT, type ImportColumns } from '../../../../common/memberImport';

export interface CsvPreview {
  columns: ImportColumns;
  /** The header row, when the first row is one. */
  header: string[] | null;
  /** The first data rows (MEMBER_IMPORT.sampleRows at most). */
  rows: string[][];
}

// Enough for ten rows of any list worth importing, small enough to read at once.
const PREVIEW_BYTES = 64 * 1024;

/** The preview, null for a file with no rows; throws a message when the start is not CSV. */
export async function previewCsv(file: File): Promise<CsvPreview | null> {
  let text = await file.slice(0, PREVIEW_BYTES).text();
  // Cut at the last line break, so the slice does not end in the middle of a row.
  if (file.size > PREVIEW_BYTES) text = text.slice(0, text.lastIndexOf('\n') + 1);
  const records = parse(text, {
    bom: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    to: MEMBER_IMPORT.sampleRows + 1,
  }) as string[][];
  if (records.length === 0) return null;
  const columns = detectColumns(records);
  const [first, ...rest] = records;
  return columns.header
    ? { columns, header: first!, rows: rest }
    : { columns, header: null, rows: records.slice(0, MEMBER_IMPORT.sampleRows) };
}
