import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CompanySearchItemSchema, CompanySearchQuerySchema } from '@kuaibao/domain';
import { apiRoute } from '../../http/route.ts';

export function registerCompanyRoutes(app: FastifyInstance): void {
  for (const url of ['/api/h5/company', '/api/company']) {
    apiRoute(app, {
      method: 'GET',
      url,
      summary: 'Company name suggestions for the order form',
      tag: 'company',
      request: { querystring: CompanySearchQuerySchema },
      response: z.array(CompanySearchItemSchema),
      handler: async (request) => app.services.companies.searchCompanies(request.query.keyword),
    });
  }
}
