import type { FastifyInstance } from 'fastify';
import { AppError, InvoiceProofSchema, InvoiceSubmitRequestSchema, InvoiceViewSchema } from '@kuaibao/domain';
import { z } from 'zod';
import { limitRequests } from '../../http/rate-limit.ts';
import { apiRoute } from '../../http/route.ts';
import { requestToken } from '../account/index.ts';

const FileParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1), sig: z.string().regex(/^[\w-]{32}$/) });

/**
 * The visitor's invoice (docs/decisions/060-invoices.md): read, request and correct it, each with the
 * order's proof (its key from the ordering device, the verified phone's token, or the owner's login),
 * and the issued file by the signed link the SMS and email carry.
 */
export function registerInvoiceRoutes(app: FastifyInstance): void {
  const writes = limitRequests(app, { name: 'invoice-write-ip', max: 30, windowMs: 10 * 60_000, key: (request) => request.ip });
  const userOf = async (request: Parameters<typeof requestToken>[0]) => (await app.services.accounts.findUser(requestToken(request)))?.id;

  apiRoute(app, {
    method: 'GET',
    url: '/api/h5/invoice',
    summary: "The order's invoice, or the form's prefill, to the order's key, a verified phone's token or its owner's login",
    tag: 'invoice',
    request: { querystring: InvoiceProofSchema },
    response: InvoiceViewSchema,
    encrypt: 'always',
    handler: async (request) => app.services.invoices.view({ ...request.query, userId: await userOf(request) }),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/api/h5/invoice',
    summary: 'Requests the invoice of a paid order (one per order)',
    tag: 'invoice',
    request: { body: InvoiceSubmitRequestSchema },
    response: InvoiceViewSchema,
    encrypt: 'always',
    preValidation: writes,
    handler: async (request) => {
      const { invoice, ...proof } = request.body;
      return app.services.invoices.request({ ...proof, userId: await userOf(request) }, invoice);
    },
  });

  apiRoute(app, {
    method: 'PUT',
    url: '/api/h5/invoice',
    summary: 'Corrects the invoice request until it is issued',
    tag: 'invoice',
    request: { body: InvoiceSubmitRequestSchema },
    response: InvoiceViewSchema,
    encrypt: 'always',
    preValidation: writes,
    handler: async (request) => {
      const { invoice, ...proof } = request.body;
      return app.services.invoices.correct({ ...proof, userId: await userOf(request) }, invoice);
    },
  });

  // The SMS's and email's link: opened by a plain browser, so outside /api/ and its request signature.
  app.get('/invoice-file/:id/:sig', async (request, reply) => {
    const params = FileParamsSchema.safeParse(request.params);
    const file = params.success ? await app.services.invoices.file(params.data.id, params.data.sig) : undefined;
    if (!file) throw new AppError('INVOICE_FILE_UNAVAILABLE');
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="invoice-${params.data!.id}.${file.name.endsWith('.ofd') ? 'ofd' : 'pdf'}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(file.body);
  });
}
