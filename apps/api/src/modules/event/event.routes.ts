import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ClientEventSchema } from '@kuaibao/domain';
import { RateLimiter } from '../../http/rate-limit.ts';
import { apiRoute } from '../../http/route.ts';
import { visitorContext } from '../../http/visitor-context.ts';

/** An event is a few hundred bytes; anything near the app-wide 64 KiB is not analytics. */
const EVENT_BODY_LIMIT = 8 * 1024;

export function registerEventRoutes(app: FastifyInstance): void {
  // Anonymous writes: bounded per address and per device (a page view sends a handful a minute).
  const perIp = new RateLimiter({ limit: 120, windowMs: 60_000 });
  const perDevice = new RateLimiter({ limit: 60, windowMs: 60_000 });
  apiRoute(app, {
    method: 'POST',
    url: '/api/user/event',
    summary: 'Records an analytics event of the visitor app',
    tag: 'event',
    request: { body: ClientEventSchema },
    response: z.null(),
    bodyLimit: EVENT_BODY_LIMIT,
    preValidation: async (request) => {
      const at = app.services.now().getTime();
      perIp.hit(request.ip, at);
      const { deviceId } = visitorContext(request, app.config.publicBaseUrl);
      if (deviceId) perDevice.hit(deviceId, at);
    },
    handler: async (request) => {
      const visitor = visitorContext(request, app.config.publicBaseUrl);
      await app.services.events.recordEvent(request.body, { deviceId: visitor.deviceId, platform: visitor.platform });
      return null;
    },
  });
}
