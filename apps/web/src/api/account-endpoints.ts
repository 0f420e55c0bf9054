import type { CorpOrderListResponse, GoodsType, LoginCodeType, LoginRequest, LoginResponse, OAuthStateResponse, UserInfo } from '@kuaibao/domain';
import { api, type RequestOptions } from './index.ts';

/** The WeChat variants' account calls: login, the visitor's profile and orders (docs/product/api.md). */

/**
 * WeChat login (docs/product/api.md): the official account's OAuth code or the mini-program's code, for a token.
 * An official-account code goes with the state WeChat handed back (decision 013).
 */
export const loginWithCode = (code: string, codeType: LoginCodeType, options: { state?: string | null; toast?: boolean } = {}) =>
  api().post<LoginResponse>(
    codeType === 'wx-oa' ? '/api/corp/user/login' : '/api/h5/user/login',
    { login_type: 'weixin', weixin: { code, code_type: codeType, ...(options.state ? { state: options.state } : {}) } } satisfies LoginRequest,
    options.toast === false ? { toast: false } : {},
  );

/** A state for the authorization address; the answer's cookie binds it to this browser (decision 013). */
export const issueOAuthState = (options: Pick<RequestOptions, 'toast'> = {}) => api().post<OAuthStateResponse>('/api/corp/user/oauth-state', {}, options);

/** The logged-in visitor's name and avatar (docs/product/api.md GET /api/user). */
export const fetchUserInfo = () => api().get<UserInfo>('/api/user', undefined, { loading: false, toast: false });

/** The logged-in visitor's orders of a goods type (all types when omitted), newest first. */
export const fetchCorpOrders = (goodsType?: GoodsType) =>
  api().get<CorpOrderListResponse>('/api/corp/order', goodsType ? { goods_type: goodsType } : undefined, { toast: false });
