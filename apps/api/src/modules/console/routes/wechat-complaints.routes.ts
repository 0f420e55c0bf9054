import type { FastifyInstance } from 'fastify';
import {
  ConsoleIdParamSchema,
  ConsoleWechatComplaintDetailSchema,
  ConsoleWechatComplaintListQuerySchema,
  ConsoleWechatComplaintRefundProgressSchema,
  ConsoleWechatComplaintRefundSchema,
  ConsoleWechatComplaintReplySchema,
  ConsoleWechatComplaintSchema,
  consolePageSchema,
} from '@kuaibao/domain';
import { z } from 'zod';
import { apiRoute } from '../../../http/route.ts';
import { actorOf } from './context.ts';

/** WeChat Pay's consumer complaints in 投诉处理 (decision 040). */
export function registerConsoleWechatComplaintRoutes(scope: FastifyInstance): void {
  const complaints = () => scope.services.console.wechatComplaints;
  const tag = 'console: WeChat Pay complaints';

  apiRoute(scope, {
    method: 'GET',
    url: '/wechat-complaints',
    summary: 'WeChat Pay complaints, newest first, by state',
    tag,
    request: { querystring: ConsoleWechatComplaintListQuerySchema },
    response: consolePageSchema(ConsoleWechatComplaintSchema),
    handler: async (request) => complaints().list(actorOf(request), request.query),
  });
  apiRoute(scope, {
    method: 'GET',
    url: '/wechat-complaints/:id',
    summary: 'A complaint with its negotiation history, refreshed from WeChat Pay',
    tag,
    request: { params: ConsoleIdParamSchema },
    response: ConsoleWechatComplaintDetailSchema,
    handler: async (request) => complaints().detail(actorOf(request), request.params.id),
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/wechat-complaints/:id/reply',
    summary: 'Replies to the customer through WeChat Pay',
    tag,
    request: { params: ConsoleIdParamSchema, body: ConsoleWechatComplaintReplySchema },
    response: ConsoleWechatComplaintDetailSchema,
    handler: async (request) => complaints().reply(actorOf(request), request.params.id, request.body.content),
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/wechat-complaints/:id/complete',
    summary: 'Tells WeChat Pay the complaint is handled',
    tag,
    request: { params: ConsoleIdParamSchema, body: z.object({}) },
    response: ConsoleWechatComplaintDetailSchema,
    handler: async (request) => complaints().complete(actorOf(request), request.params.id),
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/wechat-complaints/:id/refund-request',
    summary: 'Asks for a refund of the complained order (an admin approves it in 退款审批)',
    tag,
    request: { params: ConsoleIdParamSchema, body: ConsoleWechatComplaintRefundSchema },
    response: ConsoleWechatComplaintDetailSchema,
    handler: async (request) => complaints().refund(actorOf(request), request.params.id, request.body.reason),
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/wechat-complaints/:id/refund-progress',
    summary: "Reports the refund decision of a REFUND complaint to WeChat Pay (retry an approval, or reject with a reason)",
    tag,
    request: { params: ConsoleIdParamSchema, body: ConsoleWechatComplaintRefundProgressSchema },
    response: ConsoleWechatComplaintDetailSchema,
    handler: async (request) => complaints().refundProgress(actorOf(request), request.params.id, request.body),
  });
}
