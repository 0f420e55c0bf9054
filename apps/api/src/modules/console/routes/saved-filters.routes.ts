import type { FastifyInstance } from 'fastify';
import { ConsoleIdParamSchema, ConsoleSavedFilterCreateSchema, ConsoleSavedFilterDeletedSchema, ConsoleSavedFilterListQuerySchema, ConsoleSavedFilterSchema } from '@kuaibao/domain';
import { z } from 'zod';
import { apiRoute } from '../../../http/route.ts';
import { actorOf } from './context.ts';

/** The signed-in staff member's own saved list filters (decision 045). */
export function registerConsoleSavedFilterRoutes(scope: FastifyInstance): void {
  const savedFilters = () => scope.services.console.savedFilters;
  const tag = 'console: saved filters';

  apiRoute(scope, {
    method: 'GET',
    url: '/saved-filters',
    summary: "The caller's saved filters of one list, oldest first",
    tag,
    request: { querystring: ConsoleSavedFilterListQuerySchema },
    response: z.array(ConsoleSavedFilterSchema),
    handler: async (request) => savedFilters().list(actorOf(request), request.query.list),
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/saved-filters',
    summary: 'Saves the current filter under a name (replacing the caller’s filter of that name)',
    tag,
    request: { body: ConsoleSavedFilterCreateSchema },
    response: ConsoleSavedFilterSchema,
    handler: async (request) => savedFilters().save(actorOf(request), request.body),
  });
  apiRoute(scope, {
    method: 'DELETE',
    url: '/saved-filters/:id',
    summary: 'Deletes one of the caller’s saved filters',
    tag,
    request: { params: ConsoleIdParamSchema },
    response: ConsoleSavedFilterDeletedSchema,
    handler: async (request) => savedFilters().remove(actorOf(request), request.params.id),
  });
}
