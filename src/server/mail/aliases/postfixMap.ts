// Postfix delivers the aliases when Mailgun does not: a pgsql: virtual alias map over the
// mail_virtual_aliases view (migration 0005). docs/mail-aliases.md shows the lines to paste;
// postfix.test.ts asks Postfix's own lookup (postmap -q) with exactly these.

/** %u and %d are the address's local part and domain; an address without a domain finds nothing. */
export const POSTFIX_ALIAS_QUERY =
  "SELECT recipients FROM mail_virtual_aliases WHERE local_part = lower('%u') AND domain = lower('%d')";

export const POSTFIX_DOMAIN_QUERY =
  "SELECT domain FROM mail_alias_domains WHERE domain = lower('%s')";

/** A pgsql_table(5) file for one of the queries. */
export function postfixPgsqlMap(connection: {
  host: string;
  port: number;
  user: string;
  password: string;
  dbname: string;
  query: string;
}): string {
  return [
    `hosts = ${connection.host}:${connection.port}`,
    `user = ${connection.user}`,
    `password = ${connection.password}`,
    `dbname = ${connection.dbname}`,
    `query = ${connection.query}`,
    '',
  ].join('\n');
}
