import type { FastifyInstance } from 'fastify';
import { ConsoleDeletionListQuerySchema, ConsoleDeletionRequestSchema, consolePageSchema } from '@kuaibao/domain';
import { apiRoute } from '../../../http/route.ts';
import { actorOf } from './context.ts';

/** The visitors' deletion requests (decision 037): phone masked, status, and each order's purge. */
export function registerConsoleDeletionRequestRoutes(scope: FastifyInstance): void {
  apiRoute(scope, {
    method: 'GET',
    url: '/deletion-requests',
    summary: "The visitors' deletion requests and their outcomes, newest first",
    tag: 'console: deletion requests',
    request: { querystring: ConsoleDeletionListQuerySchema },
    response: consolePageSchema(ConsoleDeletionRequestSchema),
    handler: async (request) => scope.services.console.deletionRequests.list(actorOf(request), request.query),
  });
}
