import type { FastifyInstance } from 'fastify';
import { CreateOrderRequestSchema, OrderIdQuerySchema, PhoneQuerySchema, UpdateOrderExtraRequestSchema } from '@kuaibao/domain';
import { RateLimiter } from '../../http/rate-limit.ts';
import { sendData } from '../../http/envelope.ts';
import { parseWith } from '../../http/validate.ts';
import { visitorContext } from '../../http/visitor-context.ts';
import { requestToken } from '../account/account.routes.ts';

export function registerOrderRoutes(app: FastifyInstance): void {
  // A phone number is the only key to the lookup, so it is what a scraper would walk.
  const phoneLookups = new RateLimiter({ limit: 30, windowMs: 10 * 60_000 });

  app.post('/api/h5/order', async (request, reply) => {
    const form = parseWith(CreateOrderRequestSchema, request.body);
    // A mini-program visitor is logged in (x-token) and pays in-app with that openid; h5 visitors are anonymous.
    const user = await app.services.accounts.findUser(requestToken(request));
    const payer = user ? { userId: user.id, openid: user.openid } : undefined;
    const result = await app.services.orders.createOrder(form, { ...visitorContext(request, app.config.publicBaseUrl), payer });
    return sendData(reply, result);
  });

  app.get('/api/h5/order/detail', async (request, reply) => {
    const { id } = parseWith(OrderIdQuerySchema, request.query);
    return sendData(reply, await app.services.orders.getOrderForVisitor(id), { encrypt: true });
  });

  app.get('/api/h5/order/phone', async (request, reply) => {
    phoneLookups.hit(request.ip, app.services.now().getTime());
    const { phone } = parseWith(PhoneQuerySchema, request.query);
    return sendData(reply, await app.services.orders.listOrdersByPhone(phone), { encrypt: true });
  });

  app.put('/api/h5/order', async (request, reply) => {
    const body = parseWith(UpdateOrderExtraRequestSchema, request.body);
    // The right to file comes from the order's creation (edit_key) or its owner's login, never from the id (decision 012).
    const user = await app.services.accounts.findUser(requestToken(request));
    const proof = { editKey: body.edit_key, userId: user?.id };
    return sendData(reply, await app.services.orders.saveDeclaration({ publicId: body.id, entityExtra: body.entity_extra, proof }), { encrypt: true });
  });
}
