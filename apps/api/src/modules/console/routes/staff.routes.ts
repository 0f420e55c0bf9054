import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ConsoleHandlerSchema, ConsoleIdParamSchema, ConsoleStaffCreateSchema, ConsoleStaffRowSchema, ConsoleStaffUpdateSchema } from '@kuaibao/domain';
import { apiRoute } from '../../../http/route.ts';
import { actorOf } from './context.ts';

/** The staff accounts. */
export function registerConsoleStaffRoutes(scope: FastifyInstance): void {
  const staff = () => scope.services.console.staff;
  const tag = 'console: staff';

  apiRoute(scope, {
    method: 'GET',
    url: '/staff',
    summary: 'Every staff account',
    tag,
    response: z.array(ConsoleStaffRowSchema),
    handler: async (request) => staff().list(actorOf(request)),
  });
  apiRoute(scope, {
    method: 'GET',
    url: '/staff/handlers',
    summary: 'Who can be picked as an order handler',
    tag,
    response: z.array(ConsoleHandlerSchema),
    handler: async (request) => staff().listHandlers(actorOf(request)),
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/staff',
    summary: 'Adds a staff account with a temporary password',
    tag,
    request: { body: ConsoleStaffCreateSchema },
    response: ConsoleStaffRowSchema,
    handler: async (request) => staff().create(actorOf(request), request.body),
  });
  apiRoute(scope, {
    method: 'PATCH',
    url: '/staff/:id',
    summary: 'Changes a staff account: name, role, active, a new temporary password',
    tag,
    request: { params: ConsoleIdParamSchema, body: ConsoleStaffUpdateSchema },
    response: ConsoleStaffRowSchema,
    handler: async (request) => staff().update(actorOf(request), request.params.id, request.body),
  });
}
