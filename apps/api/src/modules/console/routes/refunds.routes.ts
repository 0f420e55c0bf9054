import type { FastifyInstance } from 'fastify';
import { ConsoleIdParamSchema, ConsoleRefundApproveSchema, ConsoleRefundDecisionSchema, ConsoleRefundListQuerySchema, ConsoleRefundRequestRecordSchema, ConsoleRefundRequestSchema, consolePageSchema } from '@kuaibao/domain';
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
  apiRoute(scope, {
    method: 'POST',
    url: '/refund-requests/:id/approve',
    summary: 'Approves a refund request, in full or in part: the refund is sent to the payment provider',
    tag,
    request: { params: ConsoleIdParamSchema, body: ConsoleRefundApproveSchema },
    response: ConsoleRefundRequestRecordSchema,
    handler: async (request) =>
      refunds().approve(actorOf(request), request.params.id, { note: request.body.note, amountFen: request.body.amount_fen, partialReason: request.body.partial_reason }),
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/refund-requests/:id/reject',
    summary: 'Rejects a refund request',
    tag,
    request: { params: ConsoleIdParamSchema, body: ConsoleRefundDecisionSchema },
    response: ConsoleRefundRequestRecordSchema,
    handler: async (request) => refunds().reject(actorOf(request), request.params.id, request.body.note),
  });
}
