import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ConsoleAgreementPublishSchema, ConsoleAgreementSchema, ConsoleGoodsSchema, ConsoleGoodsUpdateSchema, ConsoleIdParamSchema, ConsoleSiteConfigEntrySchema, ConsoleSetupChecklistSchema, ConsoleSiteConfigKeyParamSchema, ConsoleSiteConfigUpdateSchema } from '@kuaibao/domain';
import { apiRoute } from '../../../http/route.ts';
import { actorOf } from './context.ts';

/** What the site offers and says: goods and the site configuration. */
export function registerConsoleCatalogRoutes(scope: FastifyInstance): void {
  const catalog = () => scope.services.console.catalog;
  const tag = 'console: catalog';

  apiRoute(scope, {
    method: 'GET',
    url: '/goods',
    summary: 'Every goods, active or not',
    tag,
    response: z.array(ConsoleGoodsSchema),
    handler: async (request) => catalog().listGoods(actorOf(request)),
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/goods',
    summary: 'Adds a goods',
    tag,
    request: { body: ConsoleGoodsUpdateSchema },
    response: ConsoleGoodsSchema,
    handler: async (request) => catalog().createGoods(actorOf(request), request.body),
  });
  apiRoute(scope, {
    method: 'PUT',
    url: '/goods/:id',
    summary: 'Changes a goods',
    tag,
    request: { params: ConsoleIdParamSchema, body: ConsoleGoodsUpdateSchema },
    response: ConsoleGoodsSchema,
    handler: async (request) => catalog().updateGoods(actorOf(request), request.params.id, request.body),
  });
  apiRoute(scope, {
    method: 'GET',
    url: '/site-config',
    summary: 'The site configuration, key by key',
    tag,
    response: z.array(ConsoleSiteConfigEntrySchema),
    handler: async (request) => catalog().listSiteConfig(actorOf(request)),
  });
  apiRoute(scope, {
    method: 'GET',
    url: '/setup-checklist',
    summary: "The first-run checklist: contacts, operator, filing number, SMS signature, payment and SMS providers",
    tag,
    response: ConsoleSetupChecklistSchema,
    handler: async (request) => catalog().setupChecklist(actorOf(request)),
  });
  apiRoute(scope, {
    method: 'PUT',
    url: '/site-config/:key',
    summary: 'Changes one configuration key',
    tag,
    request: { params: ConsoleSiteConfigKeyParamSchema, body: ConsoleSiteConfigUpdateSchema },
    response: ConsoleSiteConfigEntrySchema,
    handler: async (request) => catalog().updateSiteConfig(actorOf(request), request.params.key, request.body.value),
  });
  apiRoute(scope, {
    method: 'GET',
    url: '/agreements',
    summary: 'Every version of the service agreement, newest (current) first',
    tag,
    response: z.array(ConsoleAgreementSchema),
    handler: async (request) => catalog().listAgreements(actorOf(request)),
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/agreements',
    summary: 'Publishes a new agreement version (earlier versions are never changed, decision 034)',
    tag,
    request: { body: ConsoleAgreementPublishSchema },
    response: ConsoleAgreementSchema,
    handler: async (request) => catalog().publishAgreement(actorOf(request), request.body.text),
  });
}
