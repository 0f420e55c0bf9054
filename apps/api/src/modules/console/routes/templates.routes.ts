import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ConsoleIdParamSchema, ConsoleMessageTemplateInputSchema, ConsoleMessageTemplateSchema } from '@kuaibao/domain';
import { apiRoute } from '../../../http/route.ts';
import { actorOf } from './context.ts';

/** The 补充资料 and call-note templates (docs/decisions/062-templates-and-customer-uploads.md): every clerk reads, config.edit writes. */
export function registerConsoleTemplateRoutes(scope: FastifyInstance): void {
  const templates = () => scope.services.console.templates;
  const tag = 'console: templates';

  apiRoute(scope, {
    method: 'GET',
    url: '/templates',
    summary: 'The message templates, by kind',
    tag,
    response: z.array(ConsoleMessageTemplateSchema),
    handler: async (request) => templates().list(actorOf(request)),
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/templates',
    summary: 'Adds a template (config.edit); a placeholder the order has no field for is refused',
    tag,
    request: { body: ConsoleMessageTemplateInputSchema },
    response: ConsoleMessageTemplateSchema,
    handler: async (request) => templates().create(actorOf(request), request.body),
  });
  apiRoute(scope, {
    method: 'PUT',
    url: '/templates/:id',
    summary: 'Changes a template (config.edit)',
    tag,
    request: { params: ConsoleIdParamSchema, body: ConsoleMessageTemplateInputSchema },
    response: ConsoleMessageTemplateSchema,
    handler: async (request) => templates().update(actorOf(request), request.params.id, request.body),
  });
  apiRoute(scope, {
    method: 'DELETE',
    url: '/templates/:id',
    summary: 'Deletes a template (config.edit)',
    tag,
    request: { params: ConsoleIdParamSchema },
    response: z.null(),
    handler: async (request) => {
      await templates().remove(actorOf(request), request.params.id);
      return null;
    },
  });
}
