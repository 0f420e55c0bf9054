import type { FastifyInstance } from 'fastify';
import { ConsoleIdParamSchema, ConsoleRefundDecisionSchema, ConsoleRefundListQuerySchema, ConsoleRefundRequestRecordSchema, ConsoleRefundRequestSchema, consolePageSchema } from '@kuaibao/domain';
import { apiRoute } from '../../../http/route.ts';
import { actorOf } from './context.ts';

/** Refund requests: asked for on an order, decided by an admin. */
export function registerConsoleRefundRoutes(scope: FastifyInstance): void {
  const refunds = () => scope.services.console.refunds;
  const tag = 'console: refunds';

  apiRoute(scope, {
    method: 'POST',
    url: '/orders/:id/refund-requests',
    summary: 'Asks for a refund of the order',
    tag,
    request: { params: ConsoleIdParamSchema, body: ConsoleRefundRequestSchema },
    response: ConsoleRefundRequestRecordSchema,
    handler: async (request) => refunds().request(actorOf(request), request.params.id, request.body.reason),
  });
  apiRoute(scope, {
    method: 'GET',
    url: '/refund-requests',
    summary: 'The refund requests, by status',
    tag,
    request: { querystring: ConsoleRefundListQuerySchema },
    response: consolePageSchema(ConsoleRefundRequestRecordSchema),
    handler: async (request) => refunds().list(actorOf(request), request.query),
  });
  for (const decision of ['approve', 'reject'] as const) {
    apiRoute(scope, {
      method: 'POST',
      url: `/refund-requests/:id/${decision}`,
      summary: decision === 'approve' ? 'Approves a refund request: the refund is sent to the payment provider' : 'Rejects a refund request',
      tag,
      request: { params: ConsoleIdParamSchema, body: ConsoleRefundDecisionSchema },
      response: ConsoleRefundRequestRecordSchema,
      handler: async (request) => refunds()[decision](actorOf(request), request.params.id, request.body.note),
    });
  }
}
