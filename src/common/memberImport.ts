// Importing a chapter list from a CSV file (issue 23): the limits, the words of a refusal, and
// how the file's columns are found. Plain values and functions, no schemas: the Members screen's
// preview and the server read a file's columns the same way, from these.

export const MEMBER_IMPORT = {
  /** Data rows in one file (the header not counted). */
  maxRows: 200_000,
  maxBytes: 20 * 1024 * 1024,
  /** Rows read to find the columns (and shown in the screen's preview). */
  sampleRows: 10,
  /** The multipart field that carries the file. */
  field: 'file',
} as const;

export const IMPORT_REFUSALS = {
  invalid: 'Not a valid email address.',
  missing: 'No email address on this line.',
  duplicate: (line: number) => `Repeats line ${line} of the file.`,
  unsubscribed: 'Unsubscribed: only its owner can sign it up again, by the emailed link.',
  blocked: 'Blocked: an admin blocked this address.',
  bounced: 'Bounced: mail to this address was refused for good; a host can re-activate it.',
} as const;

/** Where the addresses and names are, and whether the first row names the columns. */
export interface ImportColumns {
  header: boolean;
  email: number;
  /** The name's columns: one (name), two (first and last name), or none. */
  name: number[];
}

// Shaped like an address; the server checks each one properly (mailingEmailSchema). Good
// enough to tell a column of addresses from a column of names.
const ADDRESS_SHAPE = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;

export function looksLikeAddress(cell: string | undefined): boolean {
  return cell !== undefined && ADDRESS_SHAPE.test(cell.trim());
}

/** A header cell in a comparable form: "E-mail Address" -> "emailaddress". */
function headerKey(cell: string): string {
  return cell.toLowerCase().replace(/[^a-z]/g, '');
}

const EMAIL_HEADERS = new Set([
  'email',
  'emails',
  'emailaddress',
  'emailaddresses',
  'mail',
  'mailaddress',
  'emailid',
  'subscriberemail',
  'contactemail',
]);
const NAME_HEADERS = new Set(['name', 'fullname', 'displayname', 'contactname', 'subscribername']);
const FIRST_NAME_HEADERS = new Set(['firstname', 'givenname', 'first', 'forename']);
const LAST_NAME_HEADERS = new Set(['lastname', 'surname', 'familyname', 'last']);

function findHeader(row: readonly string[], names: Set<string>): number {
  return row.findIndex((cell) => names.has(headerKey(cell)));
}

/** The column that holds the most addresses among `rows` (the first of equals), or -1. */
function addressColumn(rows: readonly (readonly string[])[]): number {
  const width = Math.max(0, ...rows.map((row) => row.length));
  let best = -1;
  let bestCount = 0;
  for (let column = 0; column < width; column += 1) {
    const count = rows.filter((row) => looksLikeAddress(row[column])).length;
    if (count > bestCount) [best, bestCount] = [column, count];
  }
  return best;
}

/** A column of text that is not addresses nor numbers: a name, after the address if any. */
function textColumn(rows: readonly (readonly string[])[], email: number): number[] {
  const width = Math.max(0, ...rows.map((row) => row.length));
  const isText = (column: number) =>
    column !== email &&
    rows.some((row) => /\p{L}/u.test(row[column] ?? '')) &&
    !rows.some((row) => looksLikeAddress(row[column]));
  const order = [
    ...Array.from({ length: width - email - 1 }, (_, i) => email + 1 + i),
    ...Array.from({ length: Math.max(0, email) }, (_, i) => i),
  ];
  const found = order.find(isText);
  return found === undefined ? [] : [found];
}

/**
 * Finds the columns from the file's first rows. The first row is a header when it holds no
 * address and either names an email column ("email", "E-mail", "Email Address"...) or has no
 * '@' where the following rows have their addresses. With a header the columns are found by
 * their names; without one (or where the header names no address column) the column holding
 * the most addresses is the email, and the next column of text the name.
 */
export function detectColumns(sample: readonly (readonly string[])[]): ImportColumns {
  const [first = [], ...rest] = sample;
  const firstHasAddress = first.some((cell) => looksLikeAddress(cell));
  const namedEmail = findHeader(first, EMAIL_HEADERS);
  const dataEmail = addressColumn(rest.length > 0 ? rest : sample);
  const header =
    !firstHasAddress &&
    (namedEmail >= 0 || (dataEmail >= 0 && !(first[dataEmail] ?? '').includes('@')));
  if (!header) {
    const email = Math.max(0, addressColumn(sample));
    return { header, email, name: textColumn(sample, email) };
  }
  const email = namedEmail >= 0 ? namedEmail : dataEmail;
  const fullName = findHeader(first, NAME_HEADERS);
  const firstName = findHeader(first, FIRST_NAME_HEADERS);
  const lastName = findHeader(first, LAST_NAME_HEADERS);
  let name: number[];
  if (fullName >= 0) name = [fullName];
  else if (firstName >= 0 || lastName >= 0) name = [firstName, lastName].filter((i) => i >= 0);
  else name = textColumn(rest, email);
  return { header, email, name: name.filter((i) => i !== email) };
}

/** The name a row gives (its name columns joined by a space), or null when blank. */
export function rowName(row: readonly string[], columns: ImportColumns): string | null {
  const name = columns.name
    .map((i) => (row[i] ?? '').trim())
    .filter((part) => part !== '')
    .join(' ');
  return name === '' ? null : name;
}
