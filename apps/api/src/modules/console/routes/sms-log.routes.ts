import type { FastifyInstance } from 'fastify';
import { ConsoleSmsListQuerySchema, ConsoleSmsLogEntrySchema, consolePageSchema } from '@kuaibao/domain';
import { apiRoute } from '../../../http/route.ts';
import { actorOf } from './context.ts';

/** The SMS sent to visitors, with the provider's answer. */
export function registerConsoleSmsLogRoutes(scope: FastifyInstance): void {
  apiRoute(scope, {
    method: 'GET',
    url: '/sms',
    summary: 'The SMS log (phones masked)',
    tag: 'console: sms log',
    request: { querystring: ConsoleSmsListQuerySchema },
    response: consolePageSchema(ConsoleSmsLogEntrySchema),
    handler: async (request) => scope.services.console.smsLog.list(actorOf(request), request.query),
  });
}
