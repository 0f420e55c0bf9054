import type { FastifyInstance } from 'fastify';
import { ConsoleAuditEntrySchema, ConsoleAuditListQuerySchema, consolePageSchema } from '@kuaibao/domain';
import { apiRoute } from '../../../http/route.ts';
import { actorOf } from './context.ts';

/** The audit log: who changed what, with before and after. */
export function registerConsoleAuditRoutes(scope: FastifyInstance): void {
  apiRoute(scope, {
    method: 'GET',
    url: '/audit',
    summary: 'The audit log, by action, staff member or target',
    tag: 'console: audit',
    request: { querystring: ConsoleAuditListQuerySchema },
    response: consolePageSchema(ConsoleAuditEntrySchema),
    handler: async (request) => scope.services.console.audit.list(actorOf(request), request.query),
  });
}
