import type { FastifyInstance } from 'fastify';
import { GoodsQuerySchema } from '@kuaibao/domain';
import { sendData } from '../../http/envelope.ts';
import { parseWith } from '../../http/validate.ts';

export function registerGoodsRoutes(app: FastifyInstance): void {
  // `type=member` is what the client asks for (spec §9); every active goods is offered to members.
  app.get('/api/order/goods', async (request, reply) => {
    parseWith(GoodsQuerySchema, request.query);
    return sendData(reply, await app.services.goods.listActiveGoods());
  });
}
