import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  ConsoleIdParamSchema,
  ConsoleInvoiceBulkIssueResultSchema,
  ConsoleInvoiceBulkIssueSchema,
  ConsoleInvoiceListQuerySchema,
  ConsoleInvoiceOfOrderSchema,
  ConsoleInvoiceRevenueQuerySchema,
  ConsoleInvoiceRevenueSchema,
  ConsoleInvoiceSchema,
  INVOICE_FILE_MAX_BYTES,
  consolePageSchema,
} from '@kuaibao/domain';
import { dayWindow } from '../../../db/query-helpers.ts';
import { apiRoute } from '../../../http/route.ts';
import { assertCan } from '../../staff/index.ts';
import { actorOf } from './context.ts';

/** Nothing to say yet: the clerk's words go in the order's notes. */
const RedLetterRequestSchema = z.object({}).optional();
const InvoiceFileUploadSchema = z.object({ file: z.unknown().optional().meta({ type: 'string', format: 'binary', description: 'PDF or OFD, one file' }) });

/** The uploaded file's bytes, with the screenshot upload's refusals (orders.routes.ts) in the invoice's words. */
async function uploadedBytes(request: FastifyRequest, required: boolean): Promise<Buffer | undefined> {
  try {
    const file = await request.file();
    if (!file) {
      if (required) throw new AppError('CONSOLE_INVOICE_FILE_MISSING');
      return undefined;
    }
    return await file.toBuffer();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('CONSOLE_INVOICE_FILE_TOO_LARGE');
    if (error instanceof AppError) throw error;
    if (!required && code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return undefined;
    throw new AppError('CONSOLE_INVOICE_FILE_MISSING', code ?? (error as Error).message);
  }
}

/** The 发票 list, an order's invoice, the issued file's upload and the red-letter steps (docs/decisions/060-invoices.md). */
export async function registerConsoleInvoiceRoutes(scope: FastifyInstance): Promise<void> {
  const invoices = () => scope.services.invoices;
  const tag = 'console: invoices';
  const byId = { params: ConsoleIdParamSchema };

  apiRoute(scope, {
    method: 'GET',
    url: '/invoices',
    summary: 'Invoice requests, by status, type, order number / title / tax number and day',
    tag,
    request: { querystring: ConsoleInvoiceListQuerySchema },
    response: consolePageSchema(ConsoleInvoiceSchema),
    handler: async (request) => {
      assertCan(actorOf(request), 'invoices.view');
      return invoices().list(request.query);
    },
  });
  apiRoute(scope, {
    method: 'GET',
    url: '/invoices/revenue',
    summary: 'Paid revenue of the days, invoiced (issued, not red-lettered) and not yet invoiced, in fen (the dashboard)',
    tag,
    request: { querystring: ConsoleInvoiceRevenueQuerySchema },
    response: ConsoleInvoiceRevenueSchema,
    handler: async (request) => {
      // Income: those who may see the dashboard's money.
      assertCan(actorOf(request), 'money.view');
      const split = await invoices().revenueSplit(dayWindow(request.query.from, request.query.to));
      return { invoiced_fen: split.invoicedFen, not_invoiced_fen: split.notInvoicedFen };
    },
  });
  apiRoute(scope, {
    method: 'GET',
    url: '/orders/:id/invoice',
    summary: "The order's invoice request, if any",
    tag,
    request: byId,
    response: ConsoleInvoiceOfOrderSchema,
    handler: async (request) => {
      assertCan(actorOf(request), 'orders.view');
      return { invoice: await invoices().forOrder(request.params.id) };
    },
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/invoices/:id/issue',
    summary: 'Asks the invoicing platform (诺诺) to issue it: → issuing, the result polled by a job (docs/decisions/064-nuonuo-invoicing.md)',
    tag,
    request: { ...byId, body: RedLetterRequestSchema },
    response: ConsoleInvoiceSchema,
    handler: async (request) => {
      const actor = actorOf(request);
      assertCan(actor, 'orders.handle');
      return invoices().issueViaPlatform(actor, request.params.id);
    },
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/invoices/issue',
    summary: 'Bulk issue through the invoicing platform: each invoice on its own, refusals answered per id',
    tag,
    request: { body: ConsoleInvoiceBulkIssueSchema },
    response: ConsoleInvoiceBulkIssueResultSchema,
    handler: async (request) => {
      const actor = actorOf(request);
      assertCan(actor, 'orders.handle');
      return { results: await invoices().issueMany(actor, request.body.ids) };
    },
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/invoices/:id/red-letter',
    summary: 'Asks for the red-letter invoice (红冲) of an issued invoice',
    tag,
    request: { ...byId, body: RedLetterRequestSchema },
    response: ConsoleInvoiceSchema,
    handler: async (request) => {
      const actor = actorOf(request);
      assertCan(actor, 'orders.handle');
      return invoices().requestRedLetter(actor, request.params.id);
    },
  });
  // A file, not the JSON envelope: the console links to it (as the 授权委托书 PDF, orders.routes.ts).
  scope.get<{ Params: { id: number } }>(
    '/invoices/:id/file',
    { schema: { summary: 'The issued invoice file (application/pdf or application/ofd)', tags: [tag], params: ConsoleIdParamSchema, response: { 200: z.string().meta({ description: 'application/pdf or application/ofd', format: 'binary' }) } } },
    async (request, reply) => {
      assertCan(actorOf(request), 'orders.view');
      const file = await invoices().staffFile(request.params.id);
      if (!file) throw new AppError('CONSOLE_FILE_NOT_FOUND');
      return reply
        .type(file.contentType)
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(file.body);
    },
  );

  // The issued file and the red-letter one: multipart, one file each, the size the tax platforms give.
  await scope.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: { fileSize: INVOICE_FILE_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 50 } });
    apiRoute(uploads, {
      method: 'POST',
      url: '/invoices/:id/file',
      summary: 'Records the issued invoice with its PDF or OFD (manual invoicing) and tells the customer by SMS and email',
      tag,
      request: { ...byId, body: InvoiceFileUploadSchema },
      response: ConsoleInvoiceSchema,
      handler: async (request) => {
        const actor = actorOf(request);
        assertCan(actor, 'orders.handle');
        const body = (await uploadedBytes(request, true))!;
        return invoices().issueWithFile(actor, request.params.id, body);
      },
    });
    apiRoute(uploads, {
      method: 'POST',
      url: '/invoices/:id/red-letter/file',
      summary: 'Records the red-letter invoice (红冲) as issued, with its file when there is one',
      tag,
      request: { ...byId, body: InvoiceFileUploadSchema },
      response: ConsoleInvoiceSchema,
      handler: async (request) => {
        const actor = actorOf(request);
        assertCan(actor, 'orders.handle');
        return invoices().recordRedLetter(actor, request.params.id, await uploadedBytes(request, false));
      },
    });
  });
}
