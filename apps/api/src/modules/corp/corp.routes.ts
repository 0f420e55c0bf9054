import type { FastifyInstance } from 'fastify';
import { CorpOrderListQuerySchema, CreateOrderRequestSchema, OrderIdQuerySchema, RecentOrderQuerySchema } from '@kuaibao/domain';
import { sendData } from '../../http/envelope.ts';
import { parseWith } from '../../http/validate.ts';
import { visitorContext } from '../../http/visitor-context.ts';
import { requireUser } from '../account/account.routes.ts';

/** The official-account variant (spec §7 /api/corp*); order routes need the visitor's x-token. */
export function registerCorpRoutes(app: FastifyInstance): void {
  const corp = () => app.services.corp;

  app.get('/api/corp', async (request, reply) => {
    const init = await corp().init(visitorContext(request, app.config.publicBaseUrl));
    return sendData(reply, init, { encrypt: init.prev_info !== null });
  });

  app.get('/api/corp/order', async (request, reply) => {
    const user = await requireUser(app, request);
    const { goods_type: goodsType } = parseWith(CorpOrderListQuerySchema, request.query);
    return sendData(reply, await corp().listOrders(user, goodsType), { encrypt: true });
  });

  app.get('/api/corp/order/detail', async (request, reply) => {
    const user = await requireUser(app, request);
    const { id } = parseWith(OrderIdQuerySchema, request.query);
    return sendData(reply, await corp().getOrder(user, id), { encrypt: true });
  });

  app.get('/api/corp/order/goods', async (request, reply) => {
    await requireUser(app, request);
    return sendData(reply, await app.services.goods.listActiveGoods());
  });

  app.get('/api/corp/order/recent', async (request, reply) => {
    const user = await requireUser(app, request);
    const query = parseWith(RecentOrderQuerySchema, request.query);
    return sendData(reply, await corp().recentOrder(user, { goodsId: Number(query.goods_type), entityId: query.entity_id }), { encrypt: true });
  });

  app.post('/api/corp/order', async (request, reply) => {
    const user = await requireUser(app, request);
    const form = parseWith(CreateOrderRequestSchema, request.body);
    return sendData(reply, await corp().createOrder(user, form, visitorContext(request, app.config.publicBaseUrl)));
  });
}
