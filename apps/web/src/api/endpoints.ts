import type {
  CompanySearchItem,
  CreateOrderRequest,
  CreateOrderResponse,
  EnvResponse,
  Goods,
  InitResponse,
  OrderRecord,
  SiteConfig,
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
