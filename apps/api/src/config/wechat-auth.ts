import { WECHAT_OAUTH_AUTHORIZE_URL } from '@kuaibao/domain';
import { invalidConfiguration } from './errors.ts';
import type { Env } from './env-schema.ts';

/** WeChat login (docs/decisions/009-corp-and-mini-program.md). */
export interface WechatAuthConfig {
  /** mock: offline codes and a local authorization page; wechat: the real APIs; none: WeChat login is off. */
  provider: 'mock' | 'wechat' | 'none';
  /** The official account (corp mode): its appid goes into the authorization address. */
  officialAccount: { appId: string; appSecret: string } | undefined;
  /** The mini-program whose web-view hosts the wx-mp variant; unset: mini-program login is off. */
  miniProgram: { appId: string; appSecret: string } | undefined;
  /** Where sns/oauth2/access_token and sns/jscode2session live (a fake in tests). */
  apiBaseUrl: string;
  /** The authorization page the corp variant sends visitors to; a path is on our own origin. */
  authorizeUrl: string;
  timeoutMs: number;
  tokenTtlSeconds: number;
}

/** The appids the mock provider stands in with: recognisably not real ones. */
export const MOCK_WECHAT_APP_IDS = { officialAccount: 'wxmockofficialacct', miniProgram: 'wxmockminiprogram' } as const;
export const MOCK_WECHAT_AUTHORIZE_PATH = '/mock-wechat/connect/oauth2/authorize';

export function wechatAuthSettings(e: Env, paymentProviders: readonly string[]): WechatAuthConfig {
  // The mock lets anyone log in as anyone: never in production, where the default is off.
  const provider = e.WECHAT_AUTH_PROVIDER ?? (e.APP_ENV === 'prod' ? 'none' : 'mock');
  const missing: string[] = [];
  const pair = (id: 'WECHAT_OA_APP_ID' | 'WECHAT_MP_APP_ID', secret: 'WECHAT_OA_APP_SECRET' | 'WECHAT_MP_APP_SECRET') => {
    const appId = e[id];
    const appSecret = e[secret];
    if (appId && appSecret) return { appId, appSecret };
    if (appId || appSecret) missing.push(`  ${appId ? secret : id}: required together with ${appId ? id : secret}`);
    return undefined;
  };
  let officialAccount = pair('WECHAT_OA_APP_ID', 'WECHAT_OA_APP_SECRET');
  let miniProgram = pair('WECHAT_MP_APP_ID', 'WECHAT_MP_APP_SECRET');
  if (provider === 'wechat') {
    if (!officialAccount && !e.WECHAT_OA_APP_ID && !e.WECHAT_OA_APP_SECRET) missing.push('  WECHAT_OA_APP_ID, WECHAT_OA_APP_SECRET: required when WECHAT_AUTH_PROVIDER=wechat');
    // In-app payment needs an openid of the appid WeChat Pay charges under.
    if (officialAccount && paymentProviders.includes('wechatpay') && e.WECHATPAY_APP_ID && e.WECHATPAY_APP_ID !== officialAccount.appId) {
      missing.push('  WECHAT_OA_APP_ID: must equal WECHATPAY_APP_ID (jsapi payments need an openid of the appid WeChat Pay charges under)');
    }
  }
  if (provider === 'mock') {
    officialAccount = { appId: e.WECHAT_OA_APP_ID ?? MOCK_WECHAT_APP_IDS.officialAccount, appSecret: '' };
    miniProgram = { appId: e.WECHAT_MP_APP_ID ?? MOCK_WECHAT_APP_IDS.miniProgram, appSecret: '' };
  }
  if (provider === 'none') {
    officialAccount = undefined;
    miniProgram = undefined;
  }
  // A mini-program payment is made under the mini-program's appid with its openid (docs/decisions/055-mini-program-payment-appid.md).
  if (miniProgram && paymentProviders.includes('wechatpay') && e.WECHATPAY_MP_APP_ID !== miniProgram.appId) {
    missing.push(`  WECHATPAY_MP_APP_ID: must be the mini-program's appid ${miniProgram.appId}, bound to WECHATPAY_MCH_ID, when WeChat Pay is configured and the mini-program login is on (its payments are made under that appid)`);
  }
  if (missing.length > 0) throw invalidConfiguration(missing);
  return {
    provider,
    officialAccount,
    miniProgram,
    apiBaseUrl: e.WECHAT_API_BASE_URL.replace(/\/$/, ''),
    authorizeUrl: e.WECHAT_OAUTH_AUTHORIZE_URL ?? (provider === 'mock' ? MOCK_WECHAT_AUTHORIZE_PATH : WECHAT_OAUTH_AUTHORIZE_URL),
    timeoutMs: e.WECHAT_AUTH_TIMEOUT_MS,
    tokenTtlSeconds: e.USER_TOKEN_TTL_HOURS * 3600,
  };
}
