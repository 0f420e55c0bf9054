import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ClientEventSchema } from '@kuaibao/domain';
import { limitRequests } from '../../http/rate-limit.ts';
import { apiRoute } from '../../http/route.ts';
import { visitorContext } from '../../http/visitor-context.ts';

/** An event is a few hundred bytes; anything near the app-wide 64 KiB is not analytics. */
const EVENT_BODY_LIMIT = 8 * 1024;

export function registerEventRoutes(app: FastifyInstance): void {
  // Anonymous writes: bounded per address and per device (a page view sends a handful a minute).
  const perIp = limitRequests(app, { name: 'event-ip', max: 120, windowMs: 60_000, key: (request) => request.ip });
  const perDevice = limitRequests(app, { name: 'event-device', max: 60, windowMs: 60_000, key: (request) => visitorContext(request, app.config.publicBaseUrl).deviceId });
  apiRoute(app, {
    method: 'POST',
    url: '/api/user/event',
    summary: 'Records an analytics event of the visitor app',
    tag: 'event',
    request: { body: ClientEventSchema },
    response: z.null(),
    bodyLimit: EVENT_BODY_LIMIT,
    preValidation: async (request) => {
      await perIp(request);
      await perDevice(request);
    },
    handler: async (request) => {
      const visitor = visitorContext(request, app.config.publicBaseUrl);
      await app.services.events.recordEvent(request.body, { deviceId: visitor.deviceId, platform: visitor.platform });
      return null;
    },
  });
}
