import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FeedbackRequestSchema } from '@kuaibao/domain';
import { limitRequests } from '../../http/rate-limit.ts';
import { apiRoute } from '../../http/route.ts';
import { visitorContext } from '../../http/visitor-context.ts';

export function registerFeedbackRoutes(app: FastifyInstance): void {
  const perIp = limitRequests(app, { name: 'feedback-ip', max: 10, windowMs: 10 * 60_000, key: (request) => request.ip });
  apiRoute(app, {
    method: 'POST',
    url: '/api/user/feedback',
    summary: "A visitor's complaint or suggestion",
    tag: 'feedback',
    request: { body: FeedbackRequestSchema },
    response: z.null(),
    preValidation: perIp,
    handler: async (request) => {
      await app.services.feedback.submitReport(request.body.report, { deviceId: visitorContext(request, app.config.publicBaseUrl).deviceId });
      return null;
    },
  });
}
