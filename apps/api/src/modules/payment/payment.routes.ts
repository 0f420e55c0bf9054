import type { FastifyInstance } from 'fastify';

/** Provider notifications: verified over the raw body, answered the way each provider expects. */
export function registerPaymentRoutes(app: FastifyInstance): void {
  app.post<{ Params: { provider: string } }>('/api/pay/notify/:provider', async (request, reply) => {
    const ack = await app.services.payments.handleNotification(request.params.provider, {
      headers: request.headers,
      rawBody: request.rawBody ?? '',
    });
    return reply.status(ack.status).type(ack.contentType).send(ack.body);
  });
}
