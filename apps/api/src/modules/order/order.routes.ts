import type { FastifyInstance } from 'fastify';
import {
  CreateOrderRequestSchema,
  CreateOrderResponseSchema,
  OrderCheckRequestSchema,
  OrderCheckResultSchema,
  OrderDetailQuerySchema,
  OrderDetailResponseSchema,
  OrderRecordSchema,
  PhoneLookupQuerySchema,
  PhoneLookupResponseSchema,
  UpdateOrderExtraRequestSchema,
} from '@kuaibao/domain';
import { limitRequests } from '../../http/rate-limit.ts';
import { apiRoute } from '../../http/route.ts';
import { visitorContext } from '../../http/visitor-context.ts';
import { requestToken } from '../account/index.ts';

/**
 * A visitor opens /pay a few times; more is someone walking companies. The answer is no more than
 * the order's creation tells (decision 032), but it leaves no order behind, so it is counted.
 */
export const ORDER_CHECKS_PER_TEN_MINUTES = 60;

export function registerOrderRoutes(app: FastifyInstance): void {
  // A phone number is the only key to the lookup, so it is what a scraper would walk.
  const phoneLookups = limitRequests(app, { name: 'phone-lookup-ip', max: app.config.phoneLookupLimit, windowMs: 10 * 60_000, key: (request) => request.ip });

  apiRoute(app, {
    method: 'POST',
    url: '/api/h5/order',
    summary: 'Places an order and starts its payment',
    tag: 'order',
    request: { body: CreateOrderRequestSchema },
    response: CreateOrderResponseSchema,
    handler: async (request) => {
      // A mini-program visitor is logged in (x-token) and pays in-app with that openid; h5 visitors are anonymous.
      const user = await app.services.accounts.findUser(requestToken(request));
      const payer = user ? { userId: user.id, openid: user.openid, appKind: user.appKind } : undefined;
      return app.services.orders.createOrder(request.body, { ...visitorContext(request, app.config.publicBaseUrl), payer });
    },
  });

  const orderChecks = limitRequests(app, { name: 'order-check-ip', max: ORDER_CHECKS_PER_TEN_MINUTES, windowMs: 10 * 60_000, key: (request) => request.ip });
  apiRoute(app, {
    method: 'POST',
    url: '/api/h5/order/check',
    summary: 'Whether placing this order would be refused as already ordered (no order is made; decision 032)',
    tag: 'order',
    request: { body: OrderCheckRequestSchema },
    response: OrderCheckResultSchema,
    preValidation: orderChecks,
    handler: async (request) => app.services.orders.checkAlreadyOrdered(request.body),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/api/h5/order/detail',
    summary: "One order by its public id: whole (ID number masked) with its key, a verified phone's token or its owner's login; else masked (decision 049)",
    tag: 'order',
    request: { querystring: OrderDetailQuerySchema },
    response: OrderDetailResponseSchema,
    encrypt: 'always',
    handler: async (request) => {
      const user = request.query.key ? null : await app.services.accounts.findUser(requestToken(request));
      return app.services.orders.getOrderForDevice(request.query.id, { key: request.query.key, phoneToken: request.query.phone_token, userId: user?.id });
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/api/h5/order/phone',
    summary: "The paid orders placed with a phone number: masked, or whole to the ordering device (its orders' keys) or a verified phone's token (decision 049)",
    tag: 'order',
    request: { querystring: PhoneLookupQuerySchema },
    response: PhoneLookupResponseSchema,
    encrypt: 'always',
    preValidation: phoneLookups,
    handler: async (request) => app.services.orders.listOrdersByPhone(request.query.phone, { phoneToken: request.query.phone_token, keys: request.query.keys }),
  });

  apiRoute(app, {
    method: 'PUT',
    url: '/api/h5/order',
    summary: "Files the order's annual declaration (edit_key or the owner's login, decision 012)",
    tag: 'order',
    request: { body: UpdateOrderExtraRequestSchema },
    response: OrderRecordSchema,
    encrypt: 'always',
    handler: async (request) => {
      const body = request.body;
      // The right to file comes from the order's creation (edit_key) or its owner's login, never from the id (decision 012).
      const user = await app.services.accounts.findUser(requestToken(request));
      const proof = { editKey: body.edit_key, userId: user?.id };
      return app.services.orders.saveDeclaration({ publicId: body.id, entityExtra: body.entity_extra, proof });
    },
  });
}
