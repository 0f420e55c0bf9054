import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AnnualReportCheckQuerySchema, AnnualReportCheckSchema, CompanySearchItemSchema, CompanySearchQuerySchema } from '@kuaibao/domain';
import { limitRequests } from '../../http/rate-limit.ts';
import { apiRoute } from '../../http/route.ts';

/** A visitor checks one company, sometimes twice; more is someone walking the directory. */
export const ANNUAL_REPORT_CHECKS_PER_MINUTE = 30;

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

  // Each check may cost a vendor call: bounded per IP here, per company and year by the stored
  // answers, per day by the vendor budget (docs/decisions/023-annual-report-precheck.md).
  const annualReportChecks = limitRequests(app, { name: 'annual-report-check-ip', max: ANNUAL_REPORT_CHECKS_PER_MINUTE, windowMs: 60_000, key: (request) => request.ip });
  apiRoute(app, {
    method: 'GET',
    url: '/api/h5/company/annual-report-check',
    summary: "Whether the company's annual report for the filing year is already published (null: nothing to say)",
    tag: 'company',
    request: { querystring: AnnualReportCheckQuerySchema },
    response: AnnualReportCheckSchema,
    preValidation: annualReportChecks,
    handler: async (request) => app.services.companies.checkAnnualReport(request.query.credit_code),
  });
}
