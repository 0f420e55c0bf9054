import { createHash, randomBytes } from 'node:crypto';
import type { WechatAuthConfig } from '../../config.ts';
import type { ExchangeCodeResult, WechatAuthProvider } from './port.ts';

/**
 * The offline stand-in for WeChat login (the default outside production). A mock code is
 * `<user>.<nonce>`: the user part names a pretend WeChat account, so the same account always gets
 * the same openid (per app, like WeChat), and the nonce makes every code single-use. The local
 * authorization page (mock-authorize.routes.ts) issues such codes for the browser's pretend
 * account; tests and the mini-program stub write them directly.
 */
export const MOCK_CODE_PATTERN = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{4,64})$/;

/** Pretend accounts that WeChat refuses, so the refusal paths can be tried offline. */
export const MOCK_REFUSED_USERS = { snapshot: 'snapshot-user', risky: 'risky-user' } as const;

/** How long a mock code stays single-use in memory (WeChat codes expire after 5 minutes). */
const USED_CODE_MEMORY_MS = 10 * 60_000;

/** A fresh code for a pretend account. */
export function issueMockCode(user: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(user)) throw new RangeError('mock user must be 1–64 letters, digits, _ or -');
  return `${user}.${randomBytes(9).toString('base64url')}`;
}

/** The openid WeChat would give this pretend account in this app: 28 characters, like a real one. */
export function mockOpenid(appId: string, user: string): string {
  return `o${createHash('sha256').update(`${appId}:${user}`).digest('base64url').slice(0, 27)}`;
}

export function createMockWechatAuthProvider(deps: { config: WechatAuthConfig; now: () => Date }): WechatAuthProvider {
  const used = new Map<string, number>();
  const remember = (code: string, nowMs: number): boolean => {
    if (used.size > 10_000) for (const [key, until] of used) if (until <= nowMs) used.delete(key);
    const until = used.get(code);
    if (until !== undefined && until > nowMs) return false;
    used.set(code, nowMs + USED_CODE_MEMORY_MS);
    return true;
  };
  const appIds = { 'wx-oa': deps.config.officialAccount?.appId ?? '', 'wx-mp': deps.config.miniProgram?.appId ?? '' };

  return {
    id: 'mock',
    officialAccountAppId: appIds['wx-oa'],
    authorizeUrl: deps.config.authorizeUrl,
    async exchangeCode({ kind, code }): Promise<ExchangeCodeResult> {
      const appId = appIds[kind];
      if (!appId) return { ok: false, reason: 'NOT_CONFIGURED', message: `no ${kind} app` };
      const match = MOCK_CODE_PATTERN.exec(code);
      if (!match) return { ok: false, reason: 'INVALID_CODE', message: 'invalid code (mock 40029)' };
      if (!remember(code, deps.now().getTime())) return { ok: false, reason: 'INVALID_CODE', message: 'code been used (mock 40163)' };
      const user = match[1]!;
      if (user === MOCK_REFUSED_USERS.snapshot) return { ok: false, reason: 'SNAPSHOT_USER', message: 'is_snapshotuser=1 (mock)' };
      if (user === MOCK_REFUSED_USERS.risky) return { ok: false, reason: 'RISKY_USER', message: 'high risk user (mock 40226)' };
      return { ok: true, identity: { appId, openid: mockOpenid(appId, user), unionid: null } };
    },
  };
}
