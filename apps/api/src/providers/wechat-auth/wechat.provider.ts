import { z } from 'zod';
import { AppError, type LoginCodeType } from '@kuaibao/domain';
import type { WechatAuthConfig } from '../../config.ts';
import type { ExchangeCodeFailure, ExchangeCodeResult, WechatAuthProvider } from './port.ts';

/**
 * The real WeChat login, two server-side calls on api.weixin.qq.com (base URL configurable):
 * - official account: GET /sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code
 *   → { access_token, expires_in, refresh_token, openid, scope, unionid?, is_snapshotuser? }
 * - mini-program: GET /sns/jscode2session?appid&secret&js_code&grant_type=authorization_code
 *   → { openid, session_key, unionid? }
 * Failures come back as { errcode, errmsg } (often with HTTP 200 and a text/plain type). We keep
 * only the openid: the web access_token and the session_key are never stored or sent on.
 */

const AnswerSchema = z.object({
  errcode: z.number().optional(),
  errmsg: z.string().optional(),
  openid: z.string().optional(),
  unionid: z.string().optional(),
  is_snapshotuser: z.number().optional(),
});

/** WeChat's error numbers that are the visitor's situation, not our fault. */
const REFUSALS: Record<number, ExchangeCodeFailure> = {
  40029: 'INVALID_CODE',
  40163: 'INVALID_CODE',
  40226: 'RISKY_USER',
  45011: 'RATE_LIMITED',
};

export function createWechatAuthProvider(deps: { config: WechatAuthConfig; fetch?: typeof fetch }): WechatAuthProvider {
  const { config } = deps;
  const fetchFn = deps.fetch ?? ((url, init) => fetch(url, init));

  async function call(path: string, params: Record<string, string>): Promise<z.infer<typeof AnswerSchema>> {
    const url = `${config.apiBaseUrl}${path}?${new URLSearchParams(params).toString()}`;
    let text: string;
    try {
      const response = await fetchFn(url, { method: 'GET', headers: { accept: 'application/json' }, signal: AbortSignal.timeout(config.timeoutMs) });
      text = await response.text();
      if (response.status >= 500) throw new AppError('SERVICE_UNAVAILABLE', `wechat ${path}: HTTP ${response.status}`);
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The URL carries the secret: name the path only.
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new AppError('SERVICE_UNAVAILABLE', `wechat ${path}: ${timedOut ? 'timeout' : 'unreachable'}`, { cause: error });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', `wechat ${path}: answer is not JSON`);
    }
    const parsed = AnswerSchema.safeParse(json);
    if (!parsed.success) throw new AppError('SERVICE_UNAVAILABLE', `wechat ${path}: unexpected answer`);
    return parsed.data;
  }

  async function exchange(kind: LoginCodeType, code: string): Promise<ExchangeCodeResult> {
    const app = kind === 'wx-oa' ? config.officialAccount : config.miniProgram;
    if (!app) return { ok: false, reason: 'NOT_CONFIGURED', message: `no ${kind} app configured` };
    const answer =
      kind === 'wx-oa'
        ? await call('/sns/oauth2/access_token', { appid: app.appId, secret: app.appSecret, code, grant_type: 'authorization_code' })
        : await call('/sns/jscode2session', { appid: app.appId, secret: app.appSecret, js_code: code, grant_type: 'authorization_code' });
    if (answer.errcode !== undefined && answer.errcode !== 0) {
      const refusal = REFUSALS[answer.errcode];
      const message = `wechat ${answer.errcode}: ${answer.errmsg ?? ''}`.trim();
      if (refusal) return { ok: false, reason: refusal, message };
      // -1 (busy), 40013 / 40125 (our appid or secret), 40163-like surprises: not the visitor's doing.
      throw new AppError('SERVICE_UNAVAILABLE', message);
    }
    if (!answer.openid) throw new AppError('SERVICE_UNAVAILABLE', 'wechat answered without an openid');
    // Snapshot-mode "users" are virtual accounts: their openid cannot pay or own orders.
    if (answer.is_snapshotuser === 1) return { ok: false, reason: 'SNAPSHOT_USER', message: 'is_snapshotuser=1' };
    return { ok: true, identity: { appId: app.appId, openid: answer.openid, unionid: answer.unionid ?? null } };
  }

  return {
    id: 'wechat',
    officialAccountAppId: config.officialAccount?.appId ?? '',
    authorizeUrl: config.officialAccount ? config.authorizeUrl : '',
    exchangeCode: ({ kind, code }) => exchange(kind, code),
  };
}
