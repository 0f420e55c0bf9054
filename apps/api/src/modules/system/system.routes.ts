import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, EnvResponseSchema } from '@kuaibao/domain';
import type { AppDatabase } from '../../db/database.ts';
import { checkReadiness } from '../../db/database-health.ts';
import { errorEnvelope, ErrorEnvelopeSchema } from '../../http/envelope.ts';
import { apiRoute } from '../../http/route.ts';

export const APP_VERSION = '3.0.0';

/** The probes answer `{ code: 0, msg: 'ok' }`, without data. */
const ProbeAnswerSchema = z.object({ code: z.literal(0), msg: z.literal('ok') });

export function registerSystemRoutes(app: FastifyInstance, database: AppDatabase): void {
  apiRoute(app, {
    method: 'GET',
    url: '/env',
    summary: 'Environment, version, payment providers and server time',
    tag: 'system',
    response: EnvResponseSchema,
    handler: async () => ({ env: app.config.env, version: APP_VERSION, payment_providers: app.services.paymentProviders.ids(), time: app.services.now().toISOString() }),
  });
  // Alive: the process answers. A load balancer restarts on this one.
  app.get('/healthz', { schema: { summary: 'Liveness: the process answers', tags: ['system'], response: { 200: ProbeAnswerSchema } } }, async (_request, reply) => reply.send({ code: 0, msg: 'ok' }));
  // Ready: the database answers a real read, every migration is applied, with REDIS_URL Redis
  // answers, and the instance is not stopping (SIGTERM). A load balancer sends traffic on this one; a
  // corrupt or unreachable database, or an instance cut off from Redis, makes it 503 (docs/security.md, docs/decisions/024-shared-state-in-redis.md).
  app.get(
    '/readyz',
    { schema: { summary: 'Readiness: the database answers, every migration is applied and Redis (when configured) answers', tags: ['system'], response: { 200: ProbeAnswerSchema, '5xx': ErrorEnvelopeSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Stopping (SIGTERM): not ready, whatever the database says (http/draining.ts).
      if (app.draining.active) {
        const error = new AppError('SERVICE_UNAVAILABLE');
        return reply.status(error.status).send(errorEnvelope(error));
      }
      const databaseReadiness = await checkReadiness(database);
      const redisProblem = databaseReadiness.ready ? await app.services.sharedState.problem() : undefined;
      const readiness = redisProblem ? { ready: false as const, reason: redisProblem } : databaseReadiness;
      if (readiness.ready) return reply.send({ code: 0, msg: 'ok' });
      request.log.error({ reason: readiness.reason }, 'not ready');
      const error = new AppError('SERVICE_UNAVAILABLE');
      return reply.status(error.status).send(errorEnvelope(error));
    },
  );
}
