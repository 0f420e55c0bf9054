import type { FastifyInstance } from 'fastify';
import { ClientEventSchema } from '@kuaibao/domain';
import { sendData } from '../../http/envelope.ts';
import { RateLimiter } from '../../http/rate-limit.ts';
import { parseWith } from '../../http/validate.ts';
import { visitorContext } from '../../http/visitor-context.ts';

/** An event is a few hundred bytes; anything near the app-wide 64 KiB is not analytics. */
const EVENT_BODY_LIMIT = 8 * 1024;

export function registerEventRoutes(app: FastifyInstance): void {
  // Anonymous writes: bounded per address and per device (a page view sends a handful a minute).
  const perIp = new RateLimiter({ limit: 120, windowMs: 60_000 });
  const perDevice = new RateLimiter({ limit: 60, windowMs: 60_000 });
  app.post('/api/user/event', { bodyLimit: EVENT_BODY_LIMIT }, async (request, reply) => {
    const at = app.services.now().getTime();
    perIp.hit(request.ip, at);
    const visitor = visitorContext(request, app.config.publicBaseUrl);
    if (visitor.deviceId) perDevice.hit(visitor.deviceId, at);
    const event = parseWith(ClientEventSchema, request.body);
    await app.services.events.recordEvent(event, { deviceId: visitor.deviceId, platform: visitor.platform });
    return sendData(reply, null);
  });
}
