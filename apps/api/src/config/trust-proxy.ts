import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import { invalidConfiguration } from './errors.ts';

/** Proxy-addr's names for address ranges, accepted in TRUST_PROXY lists. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset, `false` or `0` trusts no proxy (X-Forwarded-* are ignored); a number is
 * how many proxies stand in front of us; otherwise a comma list of the proxies' addresses or
 * CIDRs (and loopback, linklocal, uniquelocal). `true` is refused: it would believe anyone.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw invalidConfiguration(['TRUST_PROXY: a hop count must be between 0 and 10']);
    return hops;
  }
  if (value === 'true') throw invalidConfiguration(['TRUST_PROXY: true would believe any X-Forwarded-For; give the hop count or the proxies\' addresses (e.g. 127.0.0.1 or 10.0.0.0/8)']);
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.filter((entry) => !PROXY_RANGE_NAMES.has(entry) && !isAddressOrCidr(entry));
  if (bad.length > 0 || entries.length === 0) throw invalidConfiguration([`TRUST_PROXY: not an address, CIDR or hop count: ${bad.join(', ') || value}`]);
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Whether the connection's own peer is a proxy TRUST_PROXY names, judged as Fastify judges
 * X-Forwarded-For (the same proxy-addr rules): a hop count trusts whoever connects, a list only its
 * addresses. Headers only a proxy may set (X-Request-Id) are believed from such a peer alone.
 */
export function trustsPeer(trustProxy: false | number | string[]): (address: string | undefined) => boolean {
  if (trustProxy === false || trustProxy === 0) return () => false;
  if (typeof trustProxy === 'number') return (address) => address !== undefined;
  const trusted = proxyAddr.compile(trustProxy);
  return (address) => address !== undefined && trusted(address, 0);
}
