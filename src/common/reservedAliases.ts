// Mailbox names a domain's owner answers for (RFC 2142, and the addresses certificate
// authorities send domain-validation mail to: admin, administrator, hostmaster, postmaster,
// webmaster). A chapter alias at one of them would forward the network's certificate and abuse
// mail to a chapter's hosts, so only a site admin may give one out (policy.ts mayUseAliasName).

export const RESERVED_ALIAS_NAMES = [
  'abuse',
  'admin',
  'administrator',
  'hostmaster',
  'mailer-daemon',
  'no-reply',
  'noreply',
  'postmaster',
  'root',
  'security',
  'ssladmin',
  'webmaster',
] as const;

const RESERVED = new Set<string>(RESERVED_ALIAS_NAMES);

export const RESERVED_ALIAS_MESSAGE =
  'This address is reserved for the network: choose another email alias.';

/** Compared as a mail server would: case and surrounding spaces do not make a new name. */
export function isReservedAlias(localPart: string): boolean {
  return RESERVED.has(localPart.trim().toLowerCase());
}
