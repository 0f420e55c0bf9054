import type {
  Agreement,
  CreateOrderRequest,
  CreateOrderResponse,
  DeletionCodeRequest,
  DeletionCodeResponse,
  DeletionConfirmRequest,
  DeletionConfirmResponse,
  FeedbackRequest,
  LookupCodeRequest,
  LookupCodeResponse,
  LookupVerifyRequest,
  LookupVerifyResponse,
  OrderRecord,
  PhoneLookupResponse,
  UpdateOrderExtraRequest,
} from '@kuaibao/domain';
import { isCorpMode } from './endpoints.ts';
import { api } from './index.ts';

/** The calls of the pages after the home: payment, the declaration, the progress lookup, the report (docs/product/api.md). */

export const createOrder = (body: CreateOrderRequest) => api().post<CreateOrderResponse>(isCorpMode() ? '/api/corp/order' : '/api/h5/order', body);

/**
 * The annual declaration after payment (docs/product/api.md PUT /api/h5/order): answers the updated order.
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
 * Paid (or refunded) orders for a phone, newest first (docs/product/api.md GET /api/h5/order/phone).
 * Errors are not toasted here: the progress pages choose the text (docs/product/texts.md#messages / "cannot query").
 */
export const fetchOrdersByPhone = (phone: string, proof: { phoneToken?: string | null; keys?: string } = {}) =>
  api().get<PhoneLookupResponse>('/api/h5/order/phone', { phone, phone_token: proof.phoneToken, keys: proof.keys || undefined }, { toast: false });

/** The SMS code that opens the lookup's full view (docs/decisions/049-phone-lookup-masked-until-proven.md), then the code. */
export const requestLookupCode = (phone: string) => api().post<LookupCodeResponse>('/api/h5/order/phone/code', { phone } satisfies LookupCodeRequest);
export const verifyLookupCode = (phone: string, code: string) => api().post<LookupVerifyResponse>('/api/h5/order/phone/verify', { phone, code } satisfies LookupVerifyRequest);

/** A platform report (docs/product/api.md POST /api/user/feedback). */
export const submitFeedback = (report: FeedbackRequest['report']) =>
  api().post<null>('/api/user/feedback', { report } satisfies FeedbackRequest);

/** The current agreement with its version (decision 034): fetched after an order was refused for an older one. */
export const fetchCurrentAgreement = () => api().get<Agreement>('/api/h5/agreement');
/** The visitor's deletion request (docs/decisions/037-visitor-deletion-request.md): a code to the phone, then the code. */
export const requestDeletionCode = (phone: string) => api().post<DeletionCodeResponse>('/api/h5/deletion/code', { phone } satisfies DeletionCodeRequest);
export const confirmDeletion = (phone: string, code: string) => api().post<DeletionConfirmResponse>('/api/h5/deletion/confirm', { phone, code } satisfies DeletionConfirmRequest);
