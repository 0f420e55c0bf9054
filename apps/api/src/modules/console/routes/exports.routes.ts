import type { FastifyInstance } from 'fastify';
import { AppError } from '@kuaibao/domain';
import { ExportParamSchema } from '../exports.service.ts';
import { actorOf } from './context.ts';

/**
 * The lists as files (XLSX or CSV), streamed: /api/console/exports/<list>?format=xlsx&<the list's
 * filters>. Not a JSON route, so not in the API reference (the contract test names it as a file
 * download); the console scope's session and permission checks apply as to every console route.
 */
export function registerConsoleExportRoutes(scope: FastifyInstance): void {
  scope.get<{ Params: Record<string, string>; Querystring: Record<string, unknown> }>('/exports/:list', async (request, reply) => {
    const params = ExportParamSchema.safeParse(request.params);
    if (!params.success) throw new AppError('VALIDATION_FAILED', 'list');
    const file = await scope.services.console.exports.open(actorOf(request), params.data.list, request.query);
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="export.${file.filename.split('.').pop()}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .header('x-export-rows', String(file.rows))
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
}
