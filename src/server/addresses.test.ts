// Address lists and proxy trust (addresses.ts), and what Fastify makes of them as request.ip.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseAddressList, parseProxyTrust, trustProxyOption } from './addresses';

describe('parseAddressList', () => {
  it('matches addresses and ranges, IPv4 and IPv6, however IPv6 writes an IPv4 client', () => {
    const list = parseAddressList('192.0.2.7, 10.0.0.0/8, 172.16.5.9/12, fd00::/8, 2001:db8::1');
    const yes = ['192.0.2.7', '::ffff:192.0.2.7', '10.255.0.1', '172.31.1.1', 'fd12::5'];
    const no = ['192.0.2.8', '11.0.0.1', '172.32.0.1', 'fe80::1', '2001:db8::2', 'nonsense'];
    expect(yes.filter((a) => !list.has(a))).toEqual([]);
    expect(no.filter((a) => list.has(a))).toEqual([]);
    expect(list.has('2001:db8::1')).toBe(true);
    expect(list.has('fd00::1%eth0')).toBe(true);
  });

  it('knows the named ranges', () => {
    const list = parseAddressList('loopback, uniquelocal');
    expect(['127.0.0.1', '::1', '192.168.1.1', 'fc00::1'].every(list.has)).toBe(true);
    expect(list.has('8.8.8.8')).toBe(false);
  });

  it.each(['', ' , ', 'example.org', '10.0.0.0/', '10.0.0.0/x', '::1/200', '1.2.3.4.5'])(
    'refuses %j',
    (text) => {
      expect(() => parseAddressList(text)).toThrow();
    },
  );
});

/** request.ip for a request from `socket` whose proxy sent `forwardedFor`, under `trustProxy`. */
async function ipOf(
  trustProxy: ReturnType<typeof trustProxyOption> | number,
  forwardedFor: string,
) {
  // Fastify's types no longer take a number, though Fastify still reads one (as "nobody").
  const app = Fastify({ trustProxy: trustProxy as boolean });
  app.get('/', async (request) => ({ ip: request.ip }));
  const res = await app.inject({
    url: '/',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': forwardedFor },
  });
  await app.close();
  return (res.json() as { ip: string }).ip;
}

describe('trustProxyOption as request.ip', () => {
  const chain = '198.51.100.1, 203.0.113.5, 10.0.0.2';
  it('takes the address each setting says', async () => {
    expect(await ipOf(trustProxyOption(parseProxyTrust('false')), chain)).toBe('127.0.0.1');
    expect(await ipOf(trustProxyOption(parseProxyTrust('1')), chain)).toBe('10.0.0.2');
    expect(await ipOf(trustProxyOption(parseProxyTrust('2')), chain)).toBe('203.0.113.5');
    expect(await ipOf(trustProxyOption(parseProxyTrust('loopback, 10.0.0.0/8')), chain)).toBe(
      '203.0.113.5',
    );
    // Anyone: the client's own first claim wins.
    expect(await ipOf(trustProxyOption(parseProxyTrust('true')), chain)).toBe('198.51.100.1');
  });

  it('is a function for a hop count: Fastify given the number trusts nobody', async () => {
    expect(typeof trustProxyOption(parseProxyTrust('1'))).toBe('function');
    expect(await ipOf(1, chain)).toBe('127.0.0.1');
  });
});
