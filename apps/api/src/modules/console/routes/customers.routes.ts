import type { FastifyInstance } from 'fastify';
import { ConsoleCustomerQuerySchema, ConsoleCustomerViewSchema } from '@kuaibao/domain';
import { apiRoute } from '../../../http/route.ts';
import { actorOf } from './context.ts';

/** One customer in one place: orders, complaints and SMS of a phone or a company (decision 043). */
export function registerConsoleCustomerRoutes(scope: FastifyInstance): void {
  apiRoute(scope, {
    method: 'GET',
    url: '/customers',
    summary: "A customer's orders, complaints and SMS, by phone or credit code (read-only)",
    tag: 'console: customers',
    request: { querystring: ConsoleCustomerQuerySchema },
    response: ConsoleCustomerViewSchema,
    handler: async (request) => scope.services.console.customers.view(actorOf(request), request.query),
  });
}
