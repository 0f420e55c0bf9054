import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, ConsoleCommissionQuerySchema, ConsoleCommissionRateParamSchema, ConsoleCommissionRateSchema, ConsoleCommissionRateUpdateSchema, ConsoleCommissionSchema } from '@kuaibao/domain';
import { apiRoute } from '../../../http/route.ts';
import { actorOf } from './context.ts';

/** 提成: a month's figures per clerk and service, the rates per service, and the figures as a file (decision 058). */
export function registerConsoleCommissionRoutes(scope: FastifyInstance): void {
  const commission = () => scope.services.console.commission;
  const tag = 'console: commission';

  apiRoute(scope, {
    method: 'GET',
    url: '/commission',
    summary: "A Beijing month's commission per clerk and service (everyone's with team.view, else one's own)",
    tag,
    request: { querystring: ConsoleCommissionQuerySchema },
    response: ConsoleCommissionSchema,
    handler: async (request) => commission().month(actorOf(request), request.query),
  });
  apiRoute(scope, {
    method: 'GET',
    url: '/commission/rates',
    summary: 'The commission rate in force per service',
    tag,
    response: z.array(ConsoleCommissionRateSchema),
    handler: async (request) => commission().rates(actorOf(request)),
  });
  apiRoute(scope, {
    method: 'PUT',
    url: '/commission/rates/:goods_type',
    summary: "Sets a service's commission rate from now on (admins)",
    tag,
    request: { params: ConsoleCommissionRateParamSchema, body: ConsoleCommissionRateUpdateSchema },
    response: ConsoleCommissionRateSchema,
    handler: async (request) => commission().setRate(actorOf(request), request.params.goods_type, request.body.rate_bp),
  });
  // A file, not a JSON route (as /exports/:list).
  scope.get<{ Querystring: Record<string, unknown> }>('/commission/export', async (request, reply) => {
    const query = ConsoleCommissionQuerySchema.safeParse(request.query);
    if (!query.success) throw new AppError('VALIDATION_FAILED', query.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    const file = await commission().export(actorOf(request), query.data, request.query.format === 'csv' ? 'csv' : 'xlsx');
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="commission.${file.filename.split('.').pop()}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .header('x-export-rows', String(file.rows))
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
}
