// Client addresses: lists of addresses and CIDR ranges (TRUST_PROXY, METRICS_ALLOW) and which
// proxies are trusted to say who the client is. Fastify's `request.ip` is the one client address
// the app reads (rate limits, /metrics, the log), and it comes out of `trustProxyOption` below:
// docs/decisions/11-hardening.md "Trusting the proxy".
import { BlockList, isIP } from 'node:net';

/** proxy-addr's names for the ranges a proxy usually sits in, accepted in a list as well. */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** A set of addresses and ranges, IPv4 and IPv6. */
export interface AddressList {
  has(address: string | undefined): boolean;
  /** The entries as written (for the log and the tests). */
  readonly entries: readonly string[];
}

/**
 * An IPv4 address as IPv6 sees it (`::ffff:192.0.2.1`, a dual-stack socket's peer), as the IPv4
 * address it is; any other address as it is.
 */
export function unmapped(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * Reads a comma-separated list of addresses and CIDR ranges (`10.0.0.5, 192.168.0.0/16,
 * fd00::/8`) and the names loopback, linklocal and uniquelocal. Throws an Error naming the
 * first entry that is none of these.
 */
export function parseAddressList(text: string): AddressList {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) throw new Error('must name at least one address or range');
  const list = new BlockList();
  const add = (entry: string) => {
    const [address = '', prefix, extra] = unmapped(entry).split('/');
    const family = isIP(address);
    if (family === 0 || extra !== undefined || (prefix !== undefined && !/^\d+$/.test(prefix))) {
      throw new Error(`"${entry}" is not an address, a CIDR range or a range's name`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    const bits = prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix);
    if (bits > (family === 4 ? 32 : 128)) throw new Error(`"${entry}": the prefix is too long`);
    list.addSubnet(address, bits, type);
  };
  for (const entry of entries) {
    const named = NAMED_RANGES[entry.toLowerCase()];
    if (named) named.forEach(add);
    else add(entry);
  }
  return {
    entries,
    has(address) {
      if (!address) return false;
      const plain = unmapped(address.split('%')[0]!);
      const family = isIP(plain);
      return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/**
 * Whom the app believes about the client's address (TRUST_PROXY): nobody (the socket's peer is
 * the client), any sender (`all`: a client can claim any address), the first `hops` proxies in
 * front of the app, or the proxies at the listed addresses.
 */
export type ProxyTrust =
  | { kind: 'none' }
  | { kind: 'all' }
  | { kind: 'hops'; hops: number }
  | { kind: 'list'; list: AddressList };

/** The most proxies a request may pass through that a hop count trusts. */
export const MAX_PROXY_HOPS = 10;

/**
 * Reads TRUST_PROXY: `false`/`no`/`0` (nobody), `true`/`yes` (anyone), a hop count 1..10, or a
 * list of addresses and ranges (parseAddressList). Throws an Error saying what was wrong.
 */
export function parseProxyTrust(text: string): ProxyTrust {
  const value = text.trim().toLowerCase();
  if (['false', 'no', '0'].includes(value)) return { kind: 'none' };
  if (['true', 'yes'].includes(value)) return { kind: 'all' };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_PROXY_HOPS) throw new Error(`a hop count is 1 to ${MAX_PROXY_HOPS}`);
    return { kind: 'hops', hops };
  }
  try {
    return { kind: 'list', list: parseAddressList(text) };
  } catch (err) {
    throw new Error(
      `must be false, a hop count, the proxies' addresses and ranges, or true: ${(err as Error).message}`,
      { cause: err },
    );
  }
}

/** A trustProxy function as Fastify (proxy-addr) calls it: hop 0 is the socket's peer. */
export type TrustProxyFunction = (address: string, hop: number) => boolean;

/**
 * Fastify's `trustProxy` for a ProxyTrust. A hop count is a function, never the number: the
 * Fastify in use trusts nobody for a number, which behind nginx would give every client the
 * proxy's address (one guesser would lock everyone out of signing in).
 */
export function trustProxyOption(trust: ProxyTrust): boolean | TrustProxyFunction {
  switch (trust.kind) {
    case 'none':
      return false;
    case 'all':
      return true;
    case 'hops':
      return (_address, hop) => hop < trust.hops;
    case 'list':
      return (address) => trust.list.has(address);
  }
}
