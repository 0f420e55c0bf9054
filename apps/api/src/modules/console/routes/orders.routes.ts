import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ConsoleBulkAssignSchema,
  ConsoleBulkProcessStatusSchema,
  ConsoleBulkResultSchema,
  ConsoleBulkTakeSchema,
  ConsoleCompletionRuleParamSchema,
  ConsoleCompletionRuleSchema,
  ConsoleCompletionRuleUpdateSchema,
  ConsoleFileParamSchema,
  ConsoleIdParamSchema,
  ConsoleRevealIdRequestSchema,
  ConsoleOrderCountsSchema,
  ConsoleOrderDetailSchema,
  ConsoleOrderFileSchema,
  ConsoleOrderListItemSchema,
  ConsoleOrderListQuerySchema,
  ConsoleOrderNoteSchema,
  ConsoleOrderCallRequestSchema,
  ConsolePhoneFiguresSchema,
  ConsoleProcessStatusChangeSchema,
  ConsoleRevealedIdSchema,
  ConsoleTakeOrderSchema,
  consolePageSchema,
  SCREENSHOT_MAX_BYTES,
} from '@kuaibao/domain';
import { readOneFile } from '../../../http/multipart-file.ts';
import { apiRoute } from '../../../http/route.ts';
import { actorOf } from './context.ts';

/** The completion screenshot, as the API reference shows the multipart body (read by request.file(), not validated). */
const ScreenshotUploadSchema = z.object({ file: z.unknown().optional().meta({ type: 'string', format: 'binary', description: 'PNG or JPEG, one file' }) });

/** The order queue, an order's detail and what a handler does to it. */
export async function registerConsoleOrderRoutes(scope: FastifyInstance): Promise<void> {
  const orders = () => scope.services.console.orders;
  const tag = 'console: orders';
  const byId = { params: ConsoleIdParamSchema };

  apiRoute(scope, {
    method: 'GET',
    url: '/orders',
    summary: 'The order list: a view, filters, a page',
    tag,
    request: { querystring: ConsoleOrderListQuerySchema },
    response: consolePageSchema(ConsoleOrderListItemSchema),
    handler: async (request) => orders().list(actorOf(request), request.query),
  });
  apiRoute(scope, {
    method: 'GET',
    url: '/orders/counts',
    summary: 'The badge counts: new, overdue, mine, refunds and complaints waiting',
    tag,
    response: ConsoleOrderCountsSchema,
    handler: async (request) => orders().counts(actorOf(request)),
  });
  // Bulk actions (decision 041): a bounded id list, each order through its own rule; refusals listed per order.
  apiRoute(scope, {
    method: 'POST',
    url: '/orders/bulk/take',
    summary: 'Takes the selected orders (those nobody has); the others are reported back with why',
    tag,
    request: { body: ConsoleBulkTakeSchema },
    response: ConsoleBulkResultSchema,
    handler: async (request) => orders().bulkTake(actorOf(request), request.body.ids),
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/orders/bulk/assign',
    summary: 'Assigns the selected orders to a staff member (admins; a clerk only to themself, unassigned orders)',
    tag,
    request: { body: ConsoleBulkAssignSchema },
    response: ConsoleBulkResultSchema,
    handler: async (request) => orders().bulkAssign(actorOf(request), request.body.ids, request.body.staff_id),
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/orders/bulk/process-status',
    summary: "Moves the selected orders' handling status; orders that cannot move are reported back",
    tag,
    request: { body: ConsoleBulkProcessStatusSchema },
    response: ConsoleBulkResultSchema,
    handler: async (request) => orders().bulkChangeProcessStatus(actorOf(request), request.body.ids, { process_status: request.body.process_status, note: request.body.note }),
  });
  apiRoute(scope, {
    method: 'GET',
    url: '/completion-rules',
    summary: 'Per service: whether completing an order needs a completion screenshot',
    tag,
    response: z.array(ConsoleCompletionRuleSchema),
    handler: async (request) => orders().completionRules(actorOf(request)),
  });
  apiRoute(scope, {
    method: 'PUT',
    url: '/completion-rules/:goods_type',
    summary: "Makes a service's completion screenshot compulsory or not (admins), for single and bulk moves alike",
    tag,
    request: { params: ConsoleCompletionRuleParamSchema, body: ConsoleCompletionRuleUpdateSchema },
    response: ConsoleCompletionRuleSchema,
    handler: async (request) => orders().setCompletionRule(actorOf(request), request.params.goods_type, request.body.screenshot_required),
  });
  apiRoute(scope, {
    method: 'GET',
    url: '/orders/:id',
    summary: "An order's detail: files, notes, history, payments, refunds and SMS",
    tag,
    request: byId,
    response: ConsoleOrderDetailSchema,
    handler: async (request) => orders().detail(actorOf(request), request.params.id),
  });
  // A file, not the JSON envelope: the console links to it and the browser downloads it (decision 035).
  scope.get<{ Params: { id: number } }>(
    '/orders/:id/authorization.pdf',
    {
      schema: {
        summary: "The cancellation's 授权委托书 as an A4 PDF (application/pdf)",
        tags: [tag],
        params: ConsoleIdParamSchema,
        response: { 200: z.string().meta({ description: 'application/pdf', format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const file = await orders().authorizationPdf(actorOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="authorization.pdf"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
  apiRoute(scope, {
    method: 'POST',
    url: '/orders/:id/take',
    summary: 'Takes the order (force: from another handler)',
    tag,
    request: { ...byId, body: ConsoleTakeOrderSchema },
    response: ConsoleOrderDetailSchema,
    handler: async (request) => orders().take(actorOf(request), request.params.id, request.body.force),
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/orders/:id/process-status',
    summary: "Moves the order's handling status",
    tag,
    request: { ...byId, body: ConsoleProcessStatusChangeSchema },
    response: ConsoleOrderDetailSchema,
    handler: async (request) => orders().changeProcessStatus(actorOf(request), request.params.id, request.body),
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/orders/:id/notes',
    summary: 'Adds a note to the order',
    tag,
    request: { ...byId, body: ConsoleOrderNoteSchema },
    response: ConsoleOrderDetailSchema,
    handler: async (request) => orders().addNote(actorOf(request), request.params.id, request.body.content, request.body.client_key),
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/orders/:id/calls',
    summary: 'Records a call to the customer with its outcome; the first one stops the 24-hour first-call clock (decision 044)',
    tag,
    request: { ...byId, body: ConsoleOrderCallRequestSchema },
    response: ConsoleOrderDetailSchema,
    handler: async (request) => orders().recordCall(actorOf(request), request.params.id, request.body),
  });
  apiRoute(scope, {
    method: 'DELETE',
    url: '/orders/:id/files/:fileId',
    summary: 'Deletes a completion screenshot',
    tag,
    request: { params: ConsoleFileParamSchema },
    response: z.null(),
    handler: async (request) => {
      await orders().deleteScreenshot(actorOf(request), request.params.id, request.params.fileId);
      return null;
    },
  });
  apiRoute(scope, {
    method: 'PUT',
    url: '/orders/:id/declaration',
    summary: 'Records the annual-report figures the customer gave by phone (the handler or an admin; checked as the customer’s form, audited)',
    tag,
    request: { ...byId, body: ConsolePhoneFiguresSchema },
    response: ConsoleOrderDetailSchema,
    handler: async (request) => orders().recordPhoneFigures(actorOf(request), request.params.id, request.body.entity_extra),
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/orders/:id/reveal-id',
    summary: "Shows the full ID number once, with a reason (audited): a clerk's only on an order they handle, so many a day; an admin's on any",
    tag,
    request: { ...byId, body: ConsoleRevealIdRequestSchema },
    response: ConsoleRevealedIdSchema,
    handler: async (request) => orders().revealIdNumber(actorOf(request), request.params.id, request.body),
  });

  // Screenshots: the console's only multipart route, with its own size and count limits.
  await scope.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: { fileSize: SCREENSHOT_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 50 } });
    apiRoute(uploads, {
      method: 'POST',
      url: '/orders/:id/files',
      summary: 'Uploads a completion screenshot (multipart/form-data)',
      tag,
      request: { ...byId, body: ScreenshotUploadSchema },
      response: ConsoleOrderFileSchema,
      handler: async (request) => {
        const file = await readOneFile(request, { tooLarge: 'CONSOLE_UPLOAD_TOO_LARGE', missing: 'CONSOLE_UPLOAD_MISSING' });
        return orders().uploadScreenshot(actorOf(request), request.params.id, file);
      },
    });
  });
}
