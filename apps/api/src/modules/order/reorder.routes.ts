import type { FastifyInstance } from 'fastify';
import { ReorderQuerySchema, ReorderResponseSchema } from '@kuaibao/domain';
import { limitRequests } from '../../http/rate-limit.ts';
import { apiRoute } from '../../http/route.ts';

/** The home page's reorder offer (docs/decisions/066-reorder-in-two-taps.md). */
export function registerReorderRoutes(app: FastifyInstance): void {
  // One call per home visit of a returning device; the keys and tokens are checked by signature, cheaply.
  const offers = limitRequests(app, { name: 'reorder-ip', max: 60, windowMs: 10 * 60_000, key: (request) => request.ip });
  apiRoute(app, {
    method: 'GET',
    url: '/api/h5/order/reorder',
    summary: "The companies of the orders this device proves its own (their keys, or a verified phone's token) to order again for the new filing year; never the ID number",
    tag: 'order',
    request: { querystring: ReorderQuerySchema },
    response: ReorderResponseSchema,
    encrypt: 'always',
    preValidation: offers,
    handler: async (request) => app.services.reorder.offers({ keys: request.query.keys, phone: request.query.phone, phoneToken: request.query.phone_token }),
  });
}
