import type { FastifyInstance } from 'fastify';
import { ConsoleDashboardQuerySchema, ConsoleDashboardSchema, ConsoleDashboardTrendsQuerySchema, ConsoleDashboardTrendsSchema, type TrendWindowDays } from '@kuaibao/domain';
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
  apiRoute(scope, {
    method: 'GET',
    url: '/dashboard/trends',
    summary: 'Orders and revenue per Beijing day over 30 or 90 days, by service and payment method, against the previous period; turnaround; per-clerk workload',
    tag: 'console: dashboard',
    request: { querystring: ConsoleDashboardTrendsQuerySchema },
    response: ConsoleDashboardTrendsSchema,
    handler: async (request) => scope.services.console.dashboard.trends(actorOf(request), request.query.days as TrendWindowDays),
  });
}
