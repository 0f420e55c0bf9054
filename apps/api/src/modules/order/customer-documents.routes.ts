import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CUSTOMER_DOCUMENT_MAX_BYTES, CustomerDocumentQuerySchema, CustomerDocumentSchema } from '@kuaibao/domain';
import { limitRequests } from '../../http/rate-limit.ts';
import { readOneFile } from '../../http/multipart-file.ts';
import { apiRoute } from '../../http/route.ts';

/** The document, as the API reference shows the multipart body (read by request.file(), not validated). */
const DocumentUploadSchema = z.object({ file: z.unknown().optional().meta({ type: 'string', format: 'binary', description: 'PNG, JPEG or PDF, one file' }) });

/** Uploads a bounded number of files an hour per address: each is up to 5 MB of storage. */
export const CUSTOMER_UPLOADS_PER_HOUR = 60;

/**
 * The customer's upload on /checkDetail (docs/decisions/062-templates-and-customer-uploads.md): the
 * order's public id and the verified phone's token in the signed query, one file in the body.
 */
export async function registerCustomerDocumentRoutes(app: FastifyInstance): Promise<void> {
  const uploads = limitRequests(app, { name: 'customer-upload-ip', max: CUSTOMER_UPLOADS_PER_HOUR, windowMs: 3600_000, key: (request) => request.ip });
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: CUSTOMER_DOCUMENT_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 50 } });
    apiRoute(scope, {
      method: 'POST',
      url: '/api/h5/order/documents',
      summary: 'Uploads a document the specialist asked for (待客户补充): the verified phone’s token proves the order is the visitor’s (multipart/form-data)',
      tag: 'order',
      request: { querystring: CustomerDocumentQuerySchema, body: DocumentUploadSchema },
      response: CustomerDocumentSchema,
      preValidation: uploads,
      handler: async (request) => {
        await app.services.customerDocuments.assertMayUpload(request.query.id, request.query.phone_token);
        const file = await readOneFile(request, { tooLarge: 'CUSTOMER_UPLOAD_TOO_LARGE', missing: 'CUSTOMER_UPLOAD_MISSING' });
        return app.services.customerDocuments.upload({ publicId: request.query.id, phoneToken: request.query.phone_token, ...file });
      },
    });
  });
}
