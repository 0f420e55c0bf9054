import type {
  CompanySearchItem,
  CorpInitResponse,
  EnvResponse,
  Goods,
  InitResponse,
  MaskedOrderDetail,
  OrderRecord,
  RecentOrderResponse,
  SiteConfig,
  WeixinServiceResponse,
} from '@kuaibao/domain';
import { api, type QueryParams } from './index.ts';

/**
 * The calls of start-up and the home, typed by the domain contracts (docs/product/api.md). The calls of the
 * later pages are in order-endpoints.ts and account-endpoints.ts, so the home route does not carry them.
 */

/**
 * Corp mode (the official-account variant) calls the /api/corp endpoints and the other company
 * search (docs/product/api.md); set once at start from the base path.
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

/**
 * The order as stored (encrypted response). Never shows the loading overlay (docs/product/api.md);
 * `quiet` also drops the error toast, for polling (docs/product/texts.md: polling failures are not shown).
 * `key` (the order's key from its creation) or `phoneToken` (a phone verified by SMS) get it whole;
 * without either the h5 answer is masked (docs/decisions/049-phone-lookup-masked-until-proven.md).
 */
export const fetchOrderDetail = (id: string, options: { quiet?: boolean; signal?: AbortSignal; key?: string | null; phoneToken?: string | null } = {}) =>
  api().get<OrderRecord | MaskedOrderDetail>(
    corpMode ? '/api/corp/order/detail' : '/api/h5/order/detail',
    { id, key: options.key, phone_token: options.phoneToken },
    { loading: false, ...(options.quiet ? { toast: false } : {}), ...(options.signal ? { signal: options.signal } : {}) },
  );

/** The visitor's latest order for this goods and company, merged into the form (docs/product/api.md#routes). */
export const fetchRecentOrder = (goodsId: string, entityId: string) =>
  api().get<RecentOrderResponse>('/api/corp/order/recent', { goods_type: goodsId, entity_id: entityId }, { loading: false, toast: false });
