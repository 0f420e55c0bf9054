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
  // Ready: the database answers a real read, every migration is applied, and the instance is not
  // stopping (SIGTERM). A load balancer sends traffic on this one; a corrupt or unreachable database
  // makes it 503 (docs/security.md). Redis away is not a reason: the instance serves, degraded
  // (docs/decisions/052-degraded-not-down.md). The reason is never said here, on the public port:
  // the metrics port's /readyz says it (observability/metrics-server.ts).
  app.get(
    '/readyz',
    { schema: { summary: 'Readiness: the database answers and every migration is applied (the reason, when not, only on the metrics port)', tags: ['system'], response: { 200: ProbeAnswerSchema, '5xx': ErrorEnvelopeSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const readiness = await describeReadiness(app, database);
      if (readiness.ready) return reply.send({ code: 0, msg: 'ok' });
      request.log.error({ reasons: readiness.reasons }, 'not ready');
      const error = new AppError('SERVICE_UNAVAILABLE');
      return reply.status(error.status).send(errorEnvelope(error));
    },
  );
}

/** Why an instance is or is not ready, and what it runs without: said on the metrics port only. */
export interface ReadinessReport {
  ready: boolean;
  /** Why not ready (stopping, the database): empty when ready. */
  reasons: string[];
  /** Dependencies away that the instance works without, for now (Redis). */
  degraded: string[];
}

export async function describeReadiness(app: FastifyInstance, database: AppDatabase): Promise<ReadinessReport> {
  const reasons: string[] = [];
  // Stopping (SIGTERM): not ready, whatever the database says (http/draining.ts).
  if (app.draining.active) reasons.push('stopping (SIGTERM): draining');
  const databaseReadiness = await checkReadiness(database);
  if (!databaseReadiness.ready) reasons.push(`database: ${databaseReadiness.reason}`);
  const redisProblem = await app.services.sharedState.problem();
  const degraded = redisProblem ? [`${redisProblem} (rate limits counted per instance)`] : [];
  return { ready: reasons.length === 0, reasons, degraded };
}
