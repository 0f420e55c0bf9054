import type { LoginCodeType } from '@kuaibao/domain';

/**
 * The WeChat login port: turns the one-time code WeChat gives a page (official-account OAuth,
 * `snsapi_base`) or a mini-program (`wx.login`) into the visitor's openid for that app.
 * Expected refusals are results; infrastructure faults (timeout, unreadable answer, WeChat busy,
 * a wrong appid or secret on our side) are thrown as AppError('SERVICE_UNAVAILABLE').
 */
export type WechatAuthProviderId = 'mock' | 'wechat' | 'none';

export interface WechatIdentity {
  /** The app the openid belongs to (an openid is only meaningful per appid). */
  appId: string;
  openid: string;
  /** Only when the app is bound to an open-platform account and WeChat says so. */
  unionid: string | null;
}

/**
 * INVALID_CODE: unknown, expired or already used (WeChat 40029 / 40163);
 * SNAPSHOT_USER: a virtual account of WeChat's snapshot mode (is_snapshotuser=1), which cannot pay;
 * RISKY_USER: WeChat refuses the login (40226); RATE_LIMITED: 45011;
 * NOT_CONFIGURED: this deployment has no app of that kind.
 */
export type ExchangeCodeFailure = 'INVALID_CODE' | 'SNAPSHOT_USER' | 'RISKY_USER' | 'RATE_LIMITED' | 'NOT_CONFIGURED';

export type ExchangeCodeResult = { ok: true; identity: WechatIdentity } | { ok: false; reason: ExchangeCodeFailure; message: string };

export interface WechatAuthProvider {
  readonly id: WechatAuthProviderId;
  /** The official account's appid for the authorization address; '' when corp login is off. */
  readonly officialAccountAppId: string;
  /** Where the corp variant sends visitors to authorize; '' when corp login is off. */
  readonly authorizeUrl: string;
  exchangeCode(input: { kind: LoginCodeType; code: string }): Promise<ExchangeCodeResult>;
}
