import type {
  CompanySearchItem,
  CorpInitResponse,
  CorpOrderListResponse,
  LoginCodeType,
  LoginRequest,
  LoginResponse,
  RecentOrderResponse,
  UserInfo,
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
  GoodsType,
} from '@kuaibao/domain';
import { api, type QueryParams } from './index.ts';

/** Every call of the visitor app, typed by the domain contracts (spec §7). */

/**
 * Corp mode (the official-account variant) calls the /api/corp endpoints and the other company
 * search (spec §7); set once at start from the base path.
 */
let corpMode = false;
export function setCorpEndpoints(on: boolean): void {
  corpMode = on;
}
export const isCorpMode = (): boolean => corpMode;

export const fetchInit = (query: QueryParams) => api().get<InitResponse>(corpMode ? '/api/corp' : '/api/h5/corp', query);

/** GET /api/corp: the init with the official account's appid and authorization page. */
export const fetchCorpInit = (query: QueryParams) => api().get<CorpInitResponse>('/api/corp', query);

export const fetchSiteConfig = (query: QueryParams) => api().get<SiteConfig>('/api/user/config', query);

/** Not essential to start: failures are silent. */
export const fetchEnv = () => api().get<EnvResponse>('/env', undefined, { toast: false, loading: false });

export const fetchWeixinService = () =>
  api().get<WeixinServiceResponse>('/api/weixin/service', { qrcode: true }, { toast: false });

export const searchCompanies = (keyword: string) => api().get<CompanySearchItem[]>(corpMode ? '/api/company' : '/api/h5/company', { keyword });

export const fetchMemberGoods = () => api().get<Goods[]>('/api/order/goods', { type: 'member' });

export const createOrder = (body: CreateOrderRequest) => api().post<CreateOrderResponse>(corpMode ? '/api/corp/order' : '/api/h5/order', body);

/**
 * The order as stored (encrypted response). Never shows the loading overlay (spec §7);
 * `quiet` also drops the error toast, for polling (spec §8: polling failures are not shown).
 */
export const fetchOrderDetail = (id: string, options: { quiet?: boolean; signal?: AbortSignal } = {}) =>
  api().get<OrderRecord>(
    corpMode ? '/api/corp/order/detail' : '/api/h5/order/detail',
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

/** WeChat login (spec §7): the official account's OAuth code or the mini-program's code, for a token. */
export const loginWithCode = (code: string, codeType: LoginCodeType) =>
  api().post<LoginResponse>(codeType === 'wx-oa' ? '/api/corp/user/login' : '/api/h5/user/login', {
    login_type: 'weixin',
    weixin: { code, code_type: codeType },
  } satisfies LoginRequest);

/** The logged-in visitor's name and avatar (spec §7 GET /api/user). */
export const fetchUserInfo = () => api().get<UserInfo>('/api/user', undefined, { loading: false, toast: false });

/** The logged-in visitor's orders of a goods type (all types when omitted), newest first. */
export const fetchCorpOrders = (goodsType?: GoodsType) =>
  api().get<CorpOrderListResponse>('/api/corp/order', goodsType ? { goods_type: goodsType } : undefined, { toast: false });

/** The visitor's latest order for this goods and company, merged into the form (spec §7 "recent order lookup"). */
export const fetchRecentOrder = (goodsId: string, entityId: string) =>
  api().get<RecentOrderResponse>('/api/corp/order/recent', { goods_type: goodsId, entity_id: entityId }, { loading: false, toast: false });
