import type { FastifyInstance } from 'fastify';
import { AppError, type EnvResponse } from '@kuaibao/domain';
import type { AppDatabase } from '../../db/database.ts';
import { checkReadiness } from '../../db/database-health.ts';
import { errorEnvelope, sendData } from '../../http/envelope.ts';

export const APP_VERSION = '3.0.0';

export function registerSystemRoutes(app: FastifyInstance, database: AppDatabase): void {
  app.get('/env', async (_request, reply) => {
    const body: EnvResponse = { env: app.config.env, version: APP_VERSION, payment_providers: app.services.paymentProviders.ids(), time: app.services.now().toISOString() };
    return sendData(reply, body);
  });
  // Alive: the process answers. A load balancer restarts on this one.
  app.get('/healthz', async (_request, reply) => reply.send({ code: 0, msg: 'ok' }));
  // Ready: the database answers a real read and every migration is applied. A load balancer
  // sends traffic on this one; a corrupt or unreachable database makes it 503 (docs/security.md).
  app.get('/readyz', async (request, reply) => {
    const readiness = await checkReadiness(database);
    reply.header('cache-control', 'no-store');
    if (readiness.ready) return reply.send({ code: 0, msg: 'ok' });
    request.log.error({ reason: readiness.reason }, 'not ready');
    const error = new AppError('SERVICE_UNAVAILABLE');
    return reply.status(error.status).send(errorEnvelope(error));
  });
}
