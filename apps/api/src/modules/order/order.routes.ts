import type { FastifyInstance } from 'fastify';
import { CreateOrderRequestSchema, OrderIdQuerySchema } from '@kuaibao/domain';
import { sendData } from '../../http/envelope.ts';
import { parseWith } from '../../http/validate.ts';
import { visitorContext } from '../../http/visitor-context.ts';

export function registerOrderRoutes(app: FastifyInstance): void {
  app.post('/api/h5/order', async (request, reply) => {
    const form = parseWith(CreateOrderRequestSchema, request.body);
    const result = await app.services.orders.createOrder(form, visitorContext(request, app.config.publicBaseUrl));
    return sendData(reply, result);
  });

  app.get('/api/h5/order/detail', async (request, reply) => {
    const { id } = parseWith(OrderIdQuerySchema, request.query);
    return sendData(reply, await app.services.orders.getOrderForVisitor(id), { encrypt: true });
  });
}
