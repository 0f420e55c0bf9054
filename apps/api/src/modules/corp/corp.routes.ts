import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CorpInitResponseSchema,
  CorpOrderListQuerySchema,
  CorpOrderListResponseSchema,
  CreateOrderRequestSchema,
  CreateOrderResponseSchema,
  GoodsSchema,
  OrderIdQuerySchema,
  OrderRecordSchema,
  RecentOrderQuerySchema,
  RecentOrderResponseSchema,
} from '@kuaibao/domain';
import { apiRoute } from '../../http/route.ts';
import { visitorContext } from '../../http/visitor-context.ts';
import { signedInVisitor, visitorOf } from '../account/index.ts';

/** The official-account variant (/api/corp*); order routes need the visitor's x-token. */
export function registerCorpRoutes(app: FastifyInstance): void {
  const corp = () => app.services.corp;
  const signedIn = signedInVisitor(app);

  apiRoute(app, {
    method: 'GET',
    url: '/api/corp',
    summary: 'Start-up of the official-account variant: goods, config, the previous form and the authorization page',
    tag: 'corp',
    response: CorpInitResponseSchema,
    // Encrypted only when it carries a previous order's form.
    encrypt: (init) => init.prev_info !== null,
    handler: async (request) => corp().init(visitorContext(request, app.config.publicBaseUrl)),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/api/corp/order',
    summary: "The logged-in visitor's orders",
    tag: 'corp',
    request: { querystring: CorpOrderListQuerySchema },
    response: CorpOrderListResponseSchema,
    encrypt: 'always',
    preValidation: signedIn,
    handler: async (request) => corp().listOrders(visitorOf(request), request.query.goods_type),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/api/corp/order/detail',
    summary: "One of the logged-in visitor's orders",
    tag: 'corp',
    request: { querystring: OrderIdQuerySchema },
    response: OrderRecordSchema,
    encrypt: 'always',
    preValidation: signedIn,
    handler: async (request) => corp().getOrder(visitorOf(request), request.query.id),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/api/corp/order/goods',
    summary: 'The goods on offer, for a logged-in visitor',
    tag: 'corp',
    response: z.array(GoodsSchema),
    preValidation: signedIn,
    handler: async () => app.services.goods.listActiveGoods(),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/api/corp/order/recent',
    summary: "The form of the visitor's latest order for a company, to prefill",
    tag: 'corp',
    request: { querystring: RecentOrderQuerySchema },
    response: RecentOrderResponseSchema,
    encrypt: 'always',
    preValidation: signedIn,
    handler: async (request) => corp().recentOrder(visitorOf(request), { goodsId: Number(request.query.goods_type), entityId: request.query.entity_id }),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/api/corp/order',
    summary: 'Places an order for the logged-in visitor',
    tag: 'corp',
    request: { body: CreateOrderRequestSchema },
    response: CreateOrderResponseSchema,
    preValidation: signedIn,
    handler: async (request) => corp().createOrder(visitorOf(request), request.body, visitorContext(request, app.config.publicBaseUrl)),
  });
}
