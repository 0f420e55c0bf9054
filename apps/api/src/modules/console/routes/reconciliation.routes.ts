import type { FastifyInstance } from 'fastify';
import { AppError, ConsoleMonthCloseExportQuerySchema, ConsoleMonthCloseQuerySchema, ConsoleMonthCloseSchema, ConsoleReconciliationDaySchema, ConsoleReconciliationListQuerySchema, ConsoleReconciliationRerunSchema } from '@kuaibao/domain';
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
  apiRoute(scope, {
    method: 'GET',
    url: '/month-close',
    summary: "月结: a month's settlement per channel from the daily bills, with the days not reconciled",
    tag,
    request: { querystring: ConsoleMonthCloseQuerySchema },
    response: ConsoleMonthCloseSchema,
    handler: async (request) => reconciliation().monthClose(actorOf(request), request.query.month),
  });
  // The settlement as a file (XLSX or CSV): not a JSON route, like the list exports (decision 038).
  scope.get<{ Querystring: Record<string, unknown> }>('/month-close/export', async (request, reply) => {
    const query = ConsoleMonthCloseExportQuerySchema.safeParse(request.query);
    if (!query.success) throw new AppError('VALIDATION_FAILED', query.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    const file = await reconciliation().exportMonthClose(actorOf(request), query.data.month, query.data.format);
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="export.${query.data.format}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .header('x-export-rows', String(file.rows))
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
}
