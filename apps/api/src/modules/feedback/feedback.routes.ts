import type { FastifyInstance } from 'fastify';
import { FeedbackRequestSchema } from '@kuaibao/domain';
import { sendData } from '../../http/envelope.ts';
import { RateLimiter } from '../../http/rate-limit.ts';
import { parseWith } from '../../http/validate.ts';
import { visitorContext } from '../../http/visitor-context.ts';

export function registerFeedbackRoutes(app: FastifyInstance): void {
  const limiter = new RateLimiter({ limit: 10, windowMs: 10 * 60_000 });
  app.post('/api/user/feedback', async (request, reply) => {
    limiter.hit(request.ip, app.services.now().getTime());
    const { report } = parseWith(FeedbackRequestSchema, request.body);
    await app.services.feedback.submitReport(report, { deviceId: visitorContext(request, app.config.publicBaseUrl).deviceId });
    return sendData(reply, null);
  });
}
