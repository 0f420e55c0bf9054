import type { FastifyInstance } from 'fastify';
import {
  ConsoleFeedbackAssignSchema,
  ConsoleFeedbackCountsSchema,
  ConsoleFeedbackListQuerySchema,
  ConsoleFeedbackSchema,
  ConsoleFeedbackUpdateSchema,
  ConsoleIdParamSchema,
  consolePageSchema,
} from '@kuaibao/domain';
import { apiRoute } from '../../../http/route.ts';
import { actorOf } from './context.ts';

/** The visitors' complaints and suggestions. */
export function registerConsoleFeedbackRoutes(scope: FastifyInstance): void {
  const feedback = () => scope.services.console.feedback;
  const tag = 'console: feedback';

  apiRoute(scope, {
    method: 'GET',
    url: '/feedback',
    summary: 'Complaints and suggestions, by status, view (near breach, overdue, mine, unassigned) or order',
    tag,
    request: { querystring: ConsoleFeedbackListQuerySchema },
    response: consolePageSchema(ConsoleFeedbackSchema),
    handler: async (request) => feedback().list(actorOf(request), request.query),
  });
  apiRoute(scope, {
    method: 'GET',
    url: '/feedback/counts',
    summary: 'Open complaints in each view',
    tag,
    response: ConsoleFeedbackCountsSchema,
    handler: async (request) => feedback().counts(actorOf(request)),
  });
  apiRoute(scope, {
    method: 'PUT',
    url: '/feedback/:id/assignee',
    summary: 'Gives a complaint to a staff member (a clerk takes it; an admin assigns it)',
    tag,
    request: { params: ConsoleIdParamSchema, body: ConsoleFeedbackAssignSchema },
    response: ConsoleFeedbackSchema,
    handler: async (request) => feedback().assign(actorOf(request), request.params.id, request.body.staff_id),
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
