import type { FastifyInstance } from 'fastify';
import type { EnvResponse } from '@kuaibao/domain';
import { sendData } from '../../http/envelope.ts';

export const APP_VERSION = '3.0.0';

export function registerSystemRoutes(app: FastifyInstance): void {
  app.get('/env', async (_request, reply) => {
    const body: EnvResponse = { env: app.config.env, version: APP_VERSION, payment_providers: app.services.paymentProviders.ids(), time: app.services.now().toISOString() };
    return sendData(reply, body);
  });
  app.get('/healthz', async (_request, reply) => reply.send({ code: 0, msg: 'ok' }));
}
