import type { FastifyInstance } from 'fastify';
import { AppError } from '@kuaibao/domain';
import { providerIdForNotifyPath } from '../../providers/payment/index.ts';

/** Provider notifications: verified over the raw body, answered the way each provider expects. */
export function registerPaymentRoutes(app: FastifyInstance): void {
  app.post<{ Params: { provider: string } }>('/api/pay/notify/:provider', async (request, reply) => {
    const providerId = providerIdForNotifyPath(request.params.provider);
    if (!providerId) throw new AppError('NOT_FOUND');
    const ack = await app.services.payments.handleNotification(providerId, {
      headers: request.headers,
      rawBody: request.rawBody ?? '',
    });
    return reply.status(ack.status).type(ack.contentType).send(ack.body);
  });
}
