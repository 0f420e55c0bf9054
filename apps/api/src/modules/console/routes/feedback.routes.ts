import type { FastifyInstance } from 'fastify';
import { ConsoleFeedbackListQuerySchema, ConsoleFeedbackSchema, ConsoleFeedbackUpdateSchema, ConsoleIdParamSchema, consolePageSchema } from '@kuaibao/domain';
import { apiRoute } from '../../../http/route.ts';
import { actorOf } from './context.ts';

/** The visitors' complaints and suggestions. */
export function registerConsoleFeedbackRoutes(scope: FastifyInstance): void {
  const feedback = () => scope.services.console.feedback;
  const tag = 'console: feedback';

  apiRoute(scope, {
    method: 'GET',
    url: '/feedback',
    summary: 'Complaints and suggestions, by status',
    tag,
    request: { querystring: ConsoleFeedbackListQuerySchema },
    response: consolePageSchema(ConsoleFeedbackSchema),
    handler: async (request) => feedback().list(actorOf(request), request.query),
  });
  apiRoute(scope, {
    method: 'PUT',
    url: '/feedback/:id',
    summary: 'Marks a complaint handled (or open again), with a reply',
    tag,
    request: { params: ConsoleIdParamSchema, body: ConsoleFeedbackUpdateSchema },
    response: ConsoleFeedbackSchema,
    handler: async (request) => feedback().update(actorOf(request), request.params.id, request.body),
  });
}
