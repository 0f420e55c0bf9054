import type { FastifyInstance } from 'fastify';
import { ClientEventSchema } from '@kuaibao/domain';
import { sendData } from '../../http/envelope.ts';
import { parseWith } from '../../http/validate.ts';
import { visitorContext } from '../../http/visitor-context.ts';

export function registerEventRoutes(app: FastifyInstance): void {
  app.post('/api/user/event', async (request, reply) => {
    const event = parseWith(ClientEventSchema, request.body);
    const visitor = visitorContext(request, app.config.publicBaseUrl);
    await app.services.events.recordEvent(event, { deviceId: visitor.deviceId, platform: visitor.platform });
    return sendData(reply, null);
  });
}
