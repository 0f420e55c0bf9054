import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { CLIENT_HEADERS } from '@kuaibao/domain';

/** Who is asking, from the request headers (docs/product/api.md). */
export interface VisitorContext {
  deviceId: string;
  platform: string;
  corpId: number;
  linkId: string;
  shareId: string;
  prevId: string;
  clientIp: string;
  /** Our public origin for this request, e.g. https://kuaibao.example. */
  origin: string;
  /** The logged-in WeChat visitor (official account or mini-program): owns the order, pays with this openid, issued by that app. */
  payer?: { userId: number; openid: string; appKind: 'wx-oa' | 'wx-mp' } | undefined;
}

function headerValue(request: FastifyRequest, name: string, max = 64): string {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' ? text.trim().slice(0, max) : '';
}

/** Addresses a developer reaches their own machine by: loopback and private networks (a phone on the LAN). */
const LOCAL_NETWORKS = new BlockList();
LOCAL_NETWORKS.addSubnet('127.0.0.0', 8, 'ipv4');
LOCAL_NETWORKS.addSubnet('10.0.0.0', 8, 'ipv4');
LOCAL_NETWORKS.addSubnet('172.16.0.0', 12, 'ipv4');
LOCAL_NETWORKS.addSubnet('192.168.0.0', 16, 'ipv4');
LOCAL_NETWORKS.addAddress('::1', 'ipv6');
LOCAL_NETWORKS.addSubnet('fc00::', 7, 'ipv6');

/** True for a Host whose name is this machine or a private address; a public name could be anyone's. */
export function isLocalHost(host: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  const address = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(address);
  return family !== 0 && LOCAL_NETWORKS.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Our public origin: payment return and notify URLs and the allowed return_url are built from it.
 * Production always configures it (config.ts refuses to boot without PUBLIC_BASE_URL). In
 * development the request's Host is believed only when it names this machine or a private
 * address; anything else (`Host: evil.example`) falls back to loopback, so a forged Host can
 * never become a redirect target (docs/security.md).
 */
export function requestOrigin(request: FastifyRequest, publicBaseUrl: string | undefined): string {
  if (publicBaseUrl) return publicBaseUrl;
  if (isLocalHost(request.host)) return `${request.protocol}://${request.host}`;
  const port = request.socket?.localPort;
  return `http://127.0.0.1${port ? `:${port}` : ''}`;
}

export function visitorContext(request: FastifyRequest, publicBaseUrl: string | undefined): VisitorContext {
  const corpId = Number.parseInt(headerValue(request, CLIENT_HEADERS.corpId), 10);
  return {
    deviceId: headerValue(request, CLIENT_HEADERS.deviceId),
    platform: headerValue(request, CLIENT_HEADERS.platform, 16) || 'web',
    corpId: Number.isSafeInteger(corpId) && corpId >= 0 ? corpId : 0,
    linkId: headerValue(request, CLIENT_HEADERS.linkId),
    shareId: headerValue(request, CLIENT_HEADERS.shareId),
    prevId: headerValue(request, CLIENT_HEADERS.prevId),
    clientIp: request.ip,
    origin: requestOrigin(request, publicBaseUrl),
  };
}
