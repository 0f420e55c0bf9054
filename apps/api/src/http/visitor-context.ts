import type { FastifyRequest } from 'fastify';
import { CLIENT_HEADERS } from '@kuaibao/domain';
import type { VisitorContext } from '../modules/order/order.service.ts';

function headerValue(request: FastifyRequest, name: string, max = 64): string {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' ? text.trim().slice(0, max) : '';
}

/** The request's own origin unless a public base URL is configured (behind a proxy). */
export function requestOrigin(request: FastifyRequest, publicBaseUrl: string | undefined): string {
  return publicBaseUrl ?? `${request.protocol}://${request.host}`;
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
