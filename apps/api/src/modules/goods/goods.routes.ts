import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GoodsQuerySchema, GoodsSchema } from '@kuaibao/domain';
import { apiRoute } from '../../http/route.ts';

export function registerGoodsRoutes(app: FastifyInstance): void {
  // `type=member` is what the client asks for; every active goods is offered to members.
  apiRoute(app, {
    method: 'GET',
    url: '/api/order/goods',
    summary: 'The goods on offer',
    tag: 'goods',
    request: { querystring: GoodsQuerySchema },
    response: z.array(GoodsSchema),
    handler: async () => app.services.goods.listActiveGoods(),
  });
}
