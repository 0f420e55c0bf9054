import type { FastifyInstance } from 'fastify';
import { LookupCodeRequestSchema, LookupCodeResponseSchema, LookupVerifyRequestSchema, LookupVerifyResponseSchema } from '@kuaibao/domain';
import { limitRequests } from '../../http/rate-limit.ts';
import { apiRoute } from '../../http/route.ts';

/** The phone lookup's SMS code (docs/decisions/049-phone-lookup-masked-until-proven.md). */
export function registerLookupRoutes(app: FastifyInstance): void {
  // Per phone the service allows one code a minute and five a day; per address, the deletion request's limits.
  const codeRequests = limitRequests(app, { name: 'lookup-code-ip', max: 10, windowMs: 10 * 60_000, key: (request) => request.ip });
  const verifications = limitRequests(app, { name: 'lookup-verify-ip', max: 30, windowMs: 10 * 60_000, key: (request) => request.ip });

  apiRoute(app, {
    method: 'POST',
    url: '/api/h5/order/phone/code',
    summary: 'Sends a one-time code to a phone with paid orders, to see them whole; answers the same for any phone',
    tag: 'order',
    request: { body: LookupCodeRequestSchema },
    response: LookupCodeResponseSchema,
    preValidation: codeRequests,
    handler: async (request) => app.services.lookup.sendCode(request.body.phone),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/api/h5/order/phone/verify',
    summary: 'Checks the code; answers a signed token that proves the phone on this device for 30 days',
    tag: 'order',
    request: { body: LookupVerifyRequestSchema },
    response: LookupVerifyResponseSchema,
    encrypt: 'always',
    preValidation: verifications,
    handler: async (request) => app.services.lookup.verify(request.body.phone, request.body.code),
  });
}
