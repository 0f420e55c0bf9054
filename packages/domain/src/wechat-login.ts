/**
 * WeChat login in the official-account (wx-oa, corp mode) and mini-program (wx-mp) variants
 * (docs/product/orders-and-statuses.md#start-up steps 7–8, docs/product/api.md login), and the hand-off to the mini-program's pay page
 * (docs/product/screens.md#payment). Pure: URLs are built as text, the browser does the navigating.
 */
import { VISITOR_ERRORS, type VisitorErrorCode } from './errors.ts';

/** code_type of the login call (docs/product/api.md): which WeChat app issued the code. */
export const LOGIN_CODE_TYPES = ['wx-oa', 'wx-mp'] as const;
export type LoginCodeType = (typeof LOGIN_CODE_TYPES)[number];

/** Silent authorization: only the openid, no consent screen (what a payer's openid needs). */
export const OAUTH_SCOPE_BASE = 'snsapi_base';

/** WeChat's own authorization page; deployments may point elsewhere (a mock in dev and test). */
export const WECHAT_OAUTH_AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize';

/** The query names WeChat appends to the return address, which the app strips again. */
export const OAUTH_RETURN_PARAMS = ['code', 'state'] as const;

/** The state WeChat hands back unchanged: letters and digits, at most 128 bytes. */
export function isOAuthState(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9]{1,128}$/.test(value);
}

/**
 * How long a state the server issued for the official-account authorization stays good
 * (decision 013). WeChat's code lives 5 minutes; the round trip through the authorization
 * page takes seconds, so 10 minutes leaves room for a slow network and nothing more.
 */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

/**
 * Whether a login code must come with the state this browser was issued (decision 013). The
 * official account's code comes back through a redirect in the address, where anyone can put
 * someone else's; the mini-program's comes from wx.login inside the host app, with no redirect.
 */
export function loginNeedsOAuthState(codeType: LoginCodeType): boolean {
  return codeType === 'wx-oa';
}

/**
 * The authorization address (docs/product/orders-and-statuses.md#start-up step 8): `base?appid=…&redirect_uri=…&response_type=code
 * &scope=…&state=…#wechat_redirect`. WeChat documents the parameters in this order and checks
 * it; the return address is percent-encoded whole.
 */
export function buildOAuthAuthorizeUrl(input: { base: string; appid: string; redirectUri: string; state: string; scope?: string }): string {
  if (!input.appid) throw new RangeError('appid is required');
  if (!isOAuthState(input.state)) throw new RangeError('state must be 1–128 letters or digits');
  const scope = input.scope ?? OAUTH_SCOPE_BASE;
  const base = input.base.replace(/[?#].*$/, '');
  return (
    `${base}?appid=${encodeURIComponent(input.appid)}` +
    `&redirect_uri=${encodeURIComponent(input.redirectUri)}` +
    `&response_type=code&scope=${encodeURIComponent(scope)}&state=${encodeURIComponent(input.state)}#wechat_redirect`
  );
}

/** Envelope codes that mean "the token is missing, unknown or expired": log in again. */
const SESSION_ERRORS: readonly VisitorErrorCode[] = ['USER_LOGIN_REQUIRED', 'USER_SESSION_INVALID', 'USER_SESSION_EXPIRED'];

export function isSessionErrorCode(code: number | undefined): boolean {
  return code !== undefined && SESSION_ERRORS.some((name) => VISITOR_ERRORS[name].code === code);
}

/** The mini-program page that pays (it calls wx.requestPayment with the order's parameters). */
export const MINI_PROGRAM_PAY_PAGE = '/pages/pay/index';

/**
 * The mini-program's entry page: it calls wx.login and opens the web-view with a fresh `mpCode`.
 * /pay relaunches it when the login expired (重新登录, docs/decisions/009-corp-and-mini-program.md).
 */
export const MINI_PROGRAM_HOME_PAGE = '/pages/index/index';

/** What the web-view hands to the mini-program's pay page: the order to pay and the form it was made from. */
export interface MiniProgramPayHandoff {
  order: { orderId: string; payFee: number; payParam: string };
  /** The form without the legal representative's ID number: an address is no place for it. */
  form: {
    goods_id: string;
    pay_type: string;
    pay_source: string;
    entity_name: string;
    entity_id: string;
    entity_legal: string;
    entity_phone: string;
  };
}

export function buildMiniProgramPayHandoff(
  order: { orderId: string; payFee: number; payParam?: string | undefined },
  form: MiniProgramPayHandoff['form'] & { entity_idno?: string },
): MiniProgramPayHandoff {
  return {
    order: { orderId: order.orderId, payFee: order.payFee, payParam: order.payParam ?? '' },
    form: {
      goods_id: form.goods_id,
      pay_type: form.pay_type,
      pay_source: form.pay_source,
      entity_name: form.entity_name,
      entity_id: form.entity_id,
      entity_legal: form.entity_legal,
      entity_phone: form.entity_phone,
    },
  };
}

/** The pay page's address with the hand-off as base64-encoded JSON in `data` (docs/product/screens.md). */
export function miniProgramPayUrl(base64Json: string): string {
  return `${MINI_PROGRAM_PAY_PAGE}?data=${encodeURIComponent(base64Json)}`;
}

/** WeChat said the payment went through but our order is not paid yet after polling: say so, promise nothing. */
export const PAYMENT_CONFIRMING = '支付结果确认中，请稍后在“我的申请”中查看';

/** After in-app payment the order is polled this many times, once a second (PAY_POLL_MS), before giving up. */
export const JSAPI_CONFIRM_TRIES = 10;
