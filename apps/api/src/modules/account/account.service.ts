import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AppError, loginNeedsOAuthState, type ErrorCode, type LoginCodeType, type LoginRequest, type LoginResponse, type UserInfo } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import type { ExchangeCodeResult, WechatAuthProvider } from '../../providers/wechat-auth/index.ts';
import { accountRepository } from './account.repository.ts';

/** The visitor behind a valid x-token. */
export interface AuthenticatedUser {
  id: number;
  corpId: number;
  openid: string;
  appKind: LoginCodeType;
}

export interface AccountService {
  /**
   * Exchanges a WeChat code for the visitor (created on first login) and a new session token. An
   * official-account code is exchanged only when `stateIsBound` says its state was issued to this
   * browser (decision 013; oauth-state.ts); otherwise WECHAT_STATE_INVALID and WeChat is never asked.
   */
  login(input: { request: LoginRequest; corpId: number; ip: string; stateIsBound: (state: string | undefined) => Promise<boolean> }): Promise<LoginResponse>;
  /** The visitor behind an x-token; throws USER_LOGIN_REQUIRED, USER_SESSION_INVALID or USER_SESSION_EXPIRED. */
  authenticate(token: string | undefined): Promise<AuthenticatedUser>;
  /** Like authenticate, but a missing, unknown or expired token is an anonymous visitor (routes where login is optional). */
  findUser(token: string | undefined): Promise<AuthenticatedUser | undefined>;
  /** GET /api/user: the display name and avatar (snsapi_base gives neither, so the defaults). */
  userInfo(user: AuthenticatedUser): Promise<UserInfo>;
  /** What the corp variant needs to send a visitor to authorize: the official account's appid and the page. */
  authorization(): { appid: string; authorizeUrl: string };
}

/** The name shown when WeChat gave us none (silent authorization never does). */
export const DEFAULT_USER_NAME = '微信用户';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;

const FAILURE_CODES: Record<Extract<ExchangeCodeResult, { ok: false }>['reason'], ErrorCode> = {
  INVALID_CODE: 'WECHAT_CODE_INVALID',
  SNAPSHOT_USER: 'WECHAT_SNAPSHOT_USER',
  RISKY_USER: 'WECHAT_LOGIN_REFUSED',
  RATE_LIMITED: 'RATE_LIMITED',
  NOT_CONFIGURED: 'WECHAT_LOGIN_NOT_CONFIGURED',
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createAccountService(deps: { db: Kysely<Database>; wechatAuth: WechatAuthProvider; now: () => Date; tokenTtlSeconds: number }): AccountService {
  const { db, wechatAuth, now } = deps;

  async function resolve(token: string | undefined): Promise<AuthenticatedUser | ErrorCode> {
    if (!token) return 'USER_LOGIN_REQUIRED';
    if (!TOKEN_PATTERN.test(token)) return 'USER_SESSION_INVALID';
    const session = await accountRepository.findSession(db, hashToken(token));
    if (!session) return 'USER_SESSION_INVALID';
    if (session.expires_at <= now().toISOString()) return 'USER_SESSION_EXPIRED';
    const { user } = session;
    return { id: user.id, corpId: user.corp_id, openid: user.openid, appKind: user.app_kind === 'wx-mp' ? 'wx-mp' : 'wx-oa' };
  }

  return {
    async login({ request, corpId, ip, stateIsBound }) {
      if (request.login_type !== 'weixin') throw new AppError('LOGIN_TYPE_UNSUPPORTED');
      const { code, code_type: kind, state } = request.weixin;
      if (loginNeedsOAuthState(kind) && !(await stateIsBound(state))) throw new AppError('WECHAT_STATE_INVALID');
      const exchanged = await wechatAuth.exchangeCode({ kind, code });
      if (!exchanged.ok) throw new AppError(FAILURE_CODES[exchanged.reason], exchanged.message);

      const current = now();
      const nowIso = current.toISOString();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(current.getTime() + deps.tokenTtlSeconds * 1000).toISOString();
      await db.transaction().execute(async (trx) => {
        const user = await accountRepository.upsertUser(trx, { corpId, openid: exchanged.identity.openid, appKind: kind, appId: exchanged.identity.appId, unionid: exchanged.identity.unionid, now: nowIso });
        await accountRepository.deleteExpiredSessions(trx, { userId: user.id, now: nowIso });
        await accountRepository.insertSession(trx, { id: hashToken(token), userId: user.id, expiresAt, ip: ip.slice(0, 64), now: nowIso });
      });
      return { token, expire_time: expiresAt };
    },

    async authenticate(token) {
      const result = await resolve(token);
      if (typeof result === 'string') throw new AppError(result);
      return result;
    },

    async findUser(token) {
      const result = await resolve(token);
      return typeof result === 'string' ? undefined : result;
    },

    async userInfo(user) {
      const row = await accountRepository.findUserById(db, user.id);
      if (!row) throw new AppError('USER_SESSION_INVALID');
      return { name: row.name || DEFAULT_USER_NAME, avater: row.avatar };
    },

    authorization() {
      return { appid: wechatAuth.officialAccountAppId, authorizeUrl: wechatAuth.authorizeUrl };
    },
  };
}
