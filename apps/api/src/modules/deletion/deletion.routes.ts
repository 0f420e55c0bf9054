import type { FastifyInstance } from 'fastify';
import { DeletionCodeRequestSchema, DeletionCodeResponseSchema, DeletionConfirmRequestSchema, DeletionConfirmResponseSchema } from '@kuaibao/domain';
import { limitRequests } from '../../http/rate-limit.ts';
import { apiRoute } from '../../http/route.ts';

/** The visitor's deletion request, from the progress page (docs/decisions/037-visitor-deletion-request.md). */
export function registerDeletionRoutes(app: FastifyInstance): void {
  // Per phone the service allows one code a minute and five a day; per address, this.
  const codeRequests = limitRequests(app, { name: 'deletion-code-ip', max: 10, windowMs: 10 * 60_000, key: (request) => request.ip });
  const confirmations = limitRequests(app, { name: 'deletion-confirm-ip', max: 30, windowMs: 10 * 60_000, key: (request) => request.ip });

  apiRoute(app, {
    method: 'POST',
    url: '/api/h5/deletion/code',
    summary: "Sends a one-time code to the phone whose orders' personal data the visitor asks to delete",
    tag: 'deletion',
    request: { body: DeletionCodeRequestSchema },
    response: DeletionCodeResponseSchema,
    preValidation: codeRequests,
    handler: async (request) => app.services.deletion.sendCode(request.body.phone),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/api/h5/deletion/confirm',
    summary: 'Confirms the deletion with the code: closed orders are purged now, open ones when they close',
    tag: 'deletion',
    request: { body: DeletionConfirmRequestSchema },
    response: DeletionConfirmResponseSchema,
    preValidation: confirmations,
    handler: async (request) => app.services.deletion.confirm(request.body.phone, request.body.code),
  });
}
