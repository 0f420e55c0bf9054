import type { FastifyInstance } from 'fastify';
import { CompanySearchQuerySchema } from '@kuaibao/domain';
import { sendData } from '../../http/envelope.ts';
import { parseWith } from '../../http/validate.ts';

export function registerCompanyRoutes(app: FastifyInstance): void {
  const search = async (request: { query: unknown }) => {
    const { keyword } = parseWith(CompanySearchQuerySchema, request.query);
    return app.services.companies.searchCompanies(keyword);
  };
  app.get('/api/h5/company', async (request, reply) => sendData(reply, await search(request)));
  app.get('/api/company', async (request, reply) => sendData(reply, await search(request)));
}
