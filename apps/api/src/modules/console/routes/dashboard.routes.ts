import type { FastifyInstance } from 'fastify';
import { ConsoleDashboardQuerySchema, ConsoleDashboardSchema } from '@kuaibao/domain';
import { apiRoute } from '../../../http/route.ts';
import { actorOf } from './context.ts';

/** Today's and the month's figures, the funnel and the overdue orders. */
export function registerConsoleDashboardRoutes(scope: FastifyInstance): void {
  apiRoute(scope, {
    method: 'GET',
    url: '/dashboard',
    summary: 'Revenue, refunds, the visitor funnel over `days` days and the overdue orders',
    tag: 'console: dashboard',
    request: { querystring: ConsoleDashboardQuerySchema },
    response: ConsoleDashboardSchema,
    handler: async (request) => scope.services.console.dashboard.summary(actorOf(request), request.query.days),
  });
}
