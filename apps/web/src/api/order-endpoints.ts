import type { CreateOrderRequest, CreateOrderResponse, FeedbackRequest, OrderRecord, UpdateOrderExtraRequest } from '@kuaibao/domain';
import { isCorpMode } from './endpoints.ts';
import { api } from './index.ts';

/** The calls of the pages after the home: payment, the declaration, the progress lookup, the report (spec §7). */

export const createOrder = (body: CreateOrderRequest) => api().post<CreateOrderResponse>(isCorpMode() ? '/api/corp/order' : '/api/h5/order', body);

/**
 * The annual declaration after payment (spec §7 PUT /api/h5/order): answers the updated order.
 * `editKey` is the order's key from its creation (decision 012); a logged-in owner's x-token
 * (official account, mini-program) is proof enough without it.
 */
export const saveDeclaration = (id: string, entityExtra: Record<string, string>, editKey?: string | null) =>
  api().put<OrderRecord>('/api/h5/order', {
    id,
    corp_id: 0,
    entity_extra: entityExtra,
    ...(editKey ? { edit_key: editKey } : {}),
  } satisfies UpdateOrderExtraRequest);

/**
 * Paid (or refunded) orders for a phone, newest first (spec §7 GET /api/h5/order/phone).
 * Errors are not toasted here: the progress pages choose the text (spec §8 "no record" / "cannot query").
 */
export const fetchOrdersByPhone = (phone: string) =>
  api().get<OrderRecord[]>('/api/h5/order/phone', { phone }, { toast: false });

/** A platform report (spec §7 POST /api/user/feedback). */
export const submitFeedback = (report: FeedbackRequest['report']) =>
  api().post<null>('/api/user/feedback', { report } satisfies FeedbackRequest);
