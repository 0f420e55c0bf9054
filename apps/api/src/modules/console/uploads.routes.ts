import type { FastifyInstance } from 'fastify';
import { AppError } from '@kuaibao/domain';
import { STORAGE_KEY_PATTERN } from '../../providers/storage/port.ts';

/**
 * Completion screenshots and customers' documents (decision 062) at /uploads/<random>.png, served from the storage port whatever the
 * backend, for the visitor's receipt and the console. The names are 128-bit random: the URL is
 * the only way to find a file, and it is given only with the order.
 */
export function registerUploadRoutes(app: FastifyInstance): void {
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    if (!STORAGE_KEY_PATTERN.test(name)) throw new AppError('CONSOLE_FILE_NOT_FOUND');
    const object = await app.services.storage.get(name);
    if (!object) throw new AppError('CONSOLE_FILE_NOT_FOUND');
    // A customer's PDF is downloaded, never opened in the site's origin by the browser's viewer.
    if (object.contentType === 'application/pdf') reply.header('content-disposition', `attachment; filename="${name}"`);
    return reply
      .type(object.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(object.body);
  });
}
