import type {
  CompanySearchItem,
  CreateOrderRequest,
  CreateOrderResponse,
  EnvResponse,
  FeedbackRequest,
  Goods,
  InitResponse,
  OrderRecord,
  SiteConfig,
  UpdateOrderExtraRequest,
  WeixinServiceResponse,
} from '@kuaibao/domain';
import { api, type QueryParams } from './index.ts';

/** Every call of the visitor app, typed by the domain contracts (spec §7). */

export const fetchInit = (query: QueryParams) => api().get<InitResponse>('/api/h5/corp', query);

export const fetchSiteConfig = (query: QueryParams) => api().get<SiteConfig>('/api/user/config', query);

/** Not essential to start: failures are silent. */
export const fetchEnv = () => api().get<EnvResponse>('/env', undefined, { toast: false, loading: false });

export const fetchWeixinService = () =>
  api().get<WeixinServiceResponse>('/api/weixin/service', { qrcode: true }, { toast: false });

export const searchCompanies = (keyword: string) => api().get<CompanySearchItem[]>('/api/h5/company', { keyword });

export const fetchMemberGoods = () => api().get<Goods[]>('/api/order/goods', { type: 'member' });

export const createOrder = (body: CreateOrderRequest) => api().post<CreateOrderResponse>('/api/h5/order', body);

/**
 * The order as stored (encrypted response). Never shows the loading overlay (spec §7);
 * `quiet` also drops the error toast, for polling (spec §8: polling failures are not shown).
 */
export const fetchOrderDetail = (id: string, options: { quiet?: boolean; signal?: AbortSignal } = {}) =>
  api().get<OrderRecord>(
    '/api/h5/order/detail',
    { id },
    { loading: false, ...(options.quiet ? { toast: false } : {}), ...(options.signal ? { signal: options.signal } : {}) },
  );

/** The annual declaration after payment (spec §7 PUT /api/h5/order): answers the updated order. */
export const saveDeclaration = (id: string, entityExtra: Record<string, string>) =>
  api().put<OrderRecord>('/api/h5/order', { id, corp_id: 0, entity_extra: entityExtra } satisfies UpdateOrderExtraRequest);

/**
 * Paid (or refunded) orders for a phone, newest first (spec §7 GET /api/h5/order/phone).
 * Errors are not toasted here: the progress pages choose the text (spec §8 "no record" / "cannot query").
 */
export const fetchOrdersByPhone = (phone: string) =>
  api().get<OrderRecord[]>('/api/h5/order/phone', { phone }, { toast: false });

/** A platform report (spec §7 POST /api/user/feedback). */
export const submitFeedback = (report: FeedbackRequest['report']) =>
  api().post<null>('/api/user/feedback', { report } satisfies FeedbackRequest);
