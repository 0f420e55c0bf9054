import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '@kuaibao/domain';
import { WECHAT_COMPLAINT_NOTIFY_PATH } from '../../providers/payment/build.ts';
import { providerIdForNotifyPath } from '../../providers/payment/index.ts';

const NotifyParamsSchema = z.object({ provider: z.string().meta({ description: 'wechatpay, alipay or sandbox' }) });

/** Provider notifications: verified over the raw body, answered the way each provider expects. */
export function registerPaymentRoutes(app: FastifyInstance): void {
  // WeChat Pay's consumer-complaint notifications (decision 040): signed and encrypted like its payment ones.
  app.post<{ Body: unknown }>(
    WECHAT_COMPLAINT_NOTIFY_PATH,
    {
      schema: {
        summary: "WeChat Pay's complaint notification (投诉通知回调); verified over its raw bytes, then the complaint is fetched",
        tags: ['payment'],
        response: { 200: z.string().meta({ description: "WeChat's acknowledgement (204, or 4xx/5xx with {code, message})" }) },
      },
    },
    async (request, reply) => {
      const ack = await app.services.wechatComplaints.handleNotification({ headers: request.headers, rawBody: request.rawBody ?? '' });
      return reply.status(ack.status).type(ack.contentType).send(ack.body);
    },
  );

  app.post<{ Params: z.output<typeof NotifyParamsSchema> }>(
    '/api/pay/notify/:provider',
    {
      schema: {
        summary: "A payment provider's notification; the body is the provider's own (JSON or form), verified over its raw bytes",
        tags: ['payment'],
        params: NotifyParamsSchema,
        // Not the envelope: each provider is answered in its own protocol.
        response: { 200: z.string().meta({ description: "The provider's acknowledgement (JSON or plain text)" }) },
      },
    },
    async (request, reply) => {
      const providerId = providerIdForNotifyPath(request.params.provider);
      if (!providerId) throw new AppError('NOT_FOUND');
      const ack = await app.services.payments.handleNotification(providerId, {
        headers: request.headers,
        rawBody: request.rawBody ?? '',
      });
      return reply.status(ack.status).type(ack.contentType).send(ack.body);
    },
  );
}
