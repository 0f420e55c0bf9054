import type { FastifyInstance } from 'fastify';
import { ConsoleReconciliationDaySchema, ConsoleReconciliationListQuerySchema, ConsoleReconciliationRerunSchema } from '@kuaibao/domain';
import { apiRoute } from '../../../http/route.ts';
import { actorOf } from './context.ts';

/** 对账: a day's runs against the providers' trade bills, and re-running one (decision 039). */
export function registerConsoleReconciliationRoutes(scope: FastifyInstance): void {
  const reconciliation = () => scope.services.console.reconciliation;
  const tag = 'console: reconciliation';

  apiRoute(scope, {
    method: 'GET',
    url: '/reconciliation',
    summary: "A day's reconciliation runs with their differences (the latest day by default)",
    tag,
    request: { querystring: ConsoleReconciliationListQuerySchema },
    response: ConsoleReconciliationDaySchema,
    handler: async (request) => reconciliation().day(actorOf(request), request.query.date),
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/reconciliation/runs',
    summary: "Downloads a provider's bill for a day again and reconciles it",
    tag,
    request: { body: ConsoleReconciliationRerunSchema },
    response: ConsoleReconciliationDaySchema,
    handler: async (request) => reconciliation().rerun(actorOf(request), request.body),
  });
}
