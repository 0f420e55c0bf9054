import { randomBytes } from 'node:crypto';
import { isOAuthState, OAUTH_STATE_TTL_SECONDS } from '@kuaibao/domain';
import { createKeyedMac, type KeyedMac } from '../../security/keyed-mac.ts';
import type { OnceKeys } from '../../shared-state/once-keys.ts';

/**
 * The official account's OAuth state, bound to the browser it was issued to (decision 013).
 *
 * POST /api/corp/user/oauth-state draws a random state and sets it in a cookie signed with
 * HMAC-SHA256: `<state>.<expiry in unix seconds>.<mac>`. The login accepts a wx-oa code only
 * with the state WeChat handed back *and* a cookie for exactly that state, unexpired and not
 * used before. A link carrying someone else's code and state arrives without their cookie.
 *
 * The issue is stateless (nothing is stored until a login); a used state is claimed in the shared
 * single-use keys (Redis with REDIS_URL, else this process) until it would have expired anyway, so
 * a replayed cookie is refused by every instance (docs/decisions/024-shared-state-in-redis.md).
 */

/** HttpOnly, so the page never reads it; sent only to the login route. */
export const OAUTH_STATE_COOKIE = 'kb_oauth_state';
export const OAUTH_STATE_COOKIE_PATH = '/api/corp/user/login';

/**
 * The signing key, derived from ID_HASH_KEY (a server-only secret) and separated from its other
 * use by the label. SIGN_SECRET and RESPONSE_AES_KEY cannot serve: the web bundle carries them.
 */
export function oauthStateMac(idHashKey: string): KeyedMac {
  return createKeyedMac(idHashKey, 'kuaibao wechat oauth state v1');
}

export interface IssuedOAuthState {
  state: string;
  /** The cookie's value. */
  cookie: string;
  maxAgeSeconds: number;
  expiresAt: Date;
}

export interface OAuthStateBinding {
  issue(): IssuedOAuthState;
  /**
   * True when `cookie` is a genuine, unexpired, unused cookie for exactly `state`; then the state
   * counts as used. Anything else (no cookie, no state, another state, tampered, expired, used) is false.
   */
  consume(cookie: string | undefined, state: string | undefined): Promise<boolean>;
}

export function createOAuthStateBinding(deps: { mac: KeyedMac; now: () => Date; used: OnceKeys; ttlSeconds?: number }): OAuthStateBinding {
  const ttlSeconds = deps.ttlSeconds ?? OAUTH_STATE_TTL_SECONDS;
  const nowSeconds = () => Math.floor(deps.now().getTime() / 1000);

  return {
    issue() {
      const state = randomBytes(16).toString('hex');
      const expires = nowSeconds() + ttlSeconds;
      const signature = deps.mac.tag(`${state}.${expires}`);
      return { state, cookie: `${state}.${expires}.${signature}`, maxAgeSeconds: ttlSeconds, expiresAt: new Date(expires * 1000) };
    },

    async consume(cookie, state) {
      if (!cookie || !isOAuthState(state)) return false;
      const parts = cookie.split('.');
      if (parts.length !== 3) return false;
      const [cookieState, expires, signature] = parts as [string, string, string];
      if (cookieState !== state || !/^\d{1,12}$/.test(expires)) return false;
      if (!deps.mac.verify(`${cookieState}.${expires}`, signature)) return false;
      const now = nowSeconds();
      if (Number(expires) <= now) return false;
      // Kept one second past its expiry, so it is still remembered at the last second it is valid.
      return deps.used.claim(`oauth-state:${state}`, (Number(expires) - now + 1) * 1000);
    },
  };
}
