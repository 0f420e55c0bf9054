import type { FastifyInstance } from 'fastify';
import { ConsoleDirectorySourceSchema } from '@kuaibao/domain';
import { apiRoute } from '../../../http/route.ts';
import { actorOf } from './context.ts';

/** The company directory's source: the vendor's state and its cost ledger. */
export function registerConsoleDirectorySourceRoutes(scope: FastifyInstance): void {
  apiRoute(scope, {
    method: 'GET',
    url: '/directory-source',
    summary: 'Which source answers company searches, whether the vendor is paused and why, and its calls per day and status',
    tag: 'console: directory source',
    response: ConsoleDirectorySourceSchema,
    handler: async (request) => scope.services.console.directorySource.summary(actorOf(request)),
  });
}
