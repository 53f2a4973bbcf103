// CSV (RFC 4180) for the files hosts download: the list's members, a date's guests. Every cell
// a person typed is guarded against spreadsheets running it as a formula (CSV injection).

// A spreadsheet runs a cell that starts with one of these as a formula: such a cell gets a
// leading apostrophe, which spreadsheets show as text. Tab and CR lead formulas too.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field: guarded against formulas (unless `guard` is false), quoted when it holds a
 * comma, quote or line break.
 */
export function csvField(value: string, guard = true): string {
  const guarded = guard && FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** One CSV record with its CRLF. */
export function csvRecord(values: readonly string[]): string {
  return `${values.map((value) => csvField(value)).join(',')}\r\n`;
}
