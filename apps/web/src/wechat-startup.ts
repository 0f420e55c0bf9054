import { buildOAuthAuthorizeUrl, isOAuthState, MINI_PROGRAM_CORP_ID, OAUTH_RETURN_PARAMS, VISITOR_ERRORS } from '@kuaibao/domain';
import { issueOAuthState, loginWithCode } from './api/account-endpoints.ts';
import { RequestError } from './api/index.ts';
import { postToMiniProgram } from './platform/wechat-bridge.ts';
import { checkStoredOrder, errorUrl, initialise, parseEntryPath, queryWithoutCode, type Navigator } from './startup.ts';
import { readOAuthAttempts, readOAuthLoggedIn, readString, removeKey, removeSessionKey, writeSessionJson, writeString } from './storage.ts';

/**
 * Start-up of the two WeChat variants (docs/product/orders-and-statuses.md steps 7–8), around the h5 steps in startup.ts.
 *
 * Corp mode (official account): the init first (it names the official account's appid and the
 * authorization page), then: no `code` in the address → a state from the server (which binds it to
 * this browser with a cookie, decision 013) and off to the authorization page with the current
 * address as the return; a code different from the stored one → store it, log in with it and the
 * state that came back, store the token; then the stored order check. The server decides whether
 * code and state belong to this browser; a refusal authorizes again once, then the error page.
 * The order of steps differs from h5 because the order check already needs the login.
 */

/** A navigator that can also read the whole address and leave the app (the authorization page). */
export interface CorpNavigator extends Navigator {
  /** The full current address, e.g. https://kb.example/corp/order?tab=1. */
  href(): string;
  /** Leaves for an address outside the app (not under the base path). */
  leave(url: string): void;
  /** Drops a fragment from the address (the browser carries `#wechat_redirect` through WeChat's redirect). */
  dropHash(): void;
  /** Drops `code` and `state` from the address once the login has used them: a spent code is nothing to share or bookmark. */
  dropOAuthParams(): void;
}

export function createCorpNavigator(base: Navigator): CorpNavigator {
  return {
    ...base,
    href: () => location.href,
    leave: (url) => location.replace(url),
    dropHash: () => {
      if (location.hash) history.replaceState(history.state, '', location.href.split('#')[0]);
    },
    dropOAuthParams: () => {
      const clean = returnAddress(location.href);
      if (clean !== location.href) history.replaceState(history.state, '', clean);
    },
  };
}

/**
 * Authorizations in a row without a successful login before start-up gives up with an error
 * page: the first one and a single automatic retry after a refused login.
 */
const MAX_AUTHORIZATIONS = 2;
/** Older attempts do not count (a visitor who left and came back later starts afresh). */
const AUTHORIZATION_WINDOW_MS = 60_000;

/** The address WeChat should come back to: this one, without a previous code and state. */
export function returnAddress(href: string): string {
  const url = new URL(href);
  for (const name of OAUTH_RETURN_PARAMS) url.searchParams.delete(name);
  url.hash = '';
  return url.toString();
}

/**
 * Sends the visitor to the authorization page (snsapi_base, silent) with a state the server issued
 * for this browser. Counts the attempts so a login the server keeps refusing cannot bounce the
 * visitor back and forth: one retry, then the error page with `failure` (why the last try failed).
 */
export async function redirectToAuthorize(nav: CorpNavigator, options: { now?: number; failure?: unknown } = {}): Promise<'reload' | 'ready'> {
  const now = options.now ?? Date.now();
  const appid = readString('appId');
  const base = readString('authorizeUrl');
  if (!appid || !base) {
    nav.replace(errorUrl(VISITOR_ERRORS.WECHAT_LOGIN_NOT_CONFIGURED.code));
    return 'ready';
  }
  const recent = readOAuthAttempts().filter((at) => now - at < AUTHORIZATION_WINDOW_MS);
  if (recent.length >= MAX_AUTHORIZATIONS) {
    removeSessionKey('oauthAttempts');
    nav.replace(errorUrl(options.failure ?? VISITOR_ERRORS.WECHAT_CODE_INVALID.code));
    return 'ready';
  }
  writeSessionJson('oauthAttempts', [...recent, now]);
  removeKey('token');
  let state: string;
  try {
    ({ state } = await issueOAuthState({ toast: false }));
  } catch (error) {
    nav.replace(errorUrl(error));
    return 'ready';
  }
  nav.leave(buildOAuthAuthorizeUrl({ base, appid, redirectUri: returnAddress(nav.href()), state }));
  return 'reload';
}

/** Refusals that a fresh authorization can cure: a spent code, or a code without this browser's state. */
const REAUTHORIZE_CODES: readonly number[] = [VISITOR_ERRORS.WECHAT_CODE_INVALID.code, VISITOR_ERRORS.WECHAT_STATE_INVALID.code];

/** This tab has a session: the code and state leave the address, and a reload without them keeps the session. */
function loggedIn(nav: CorpNavigator): void {
  writeSessionJson('oauthLoggedIn', true);
  nav.dropOAuthParams();
}

/** Step 8 proper: authorize, or log in with a new code, or keep the session of a code already used. */
async function authorizeOrLogin(nav: CorpNavigator): Promise<'ready' | 'reload' | 'continue'> {
  const params = new URLSearchParams(nav.search());
  const code = params.get('code');
  // A reload after this tab logged in: the code was removed from the address; the session goes on.
  if (!code) return readOAuthLoggedIn() && readString('token') ? 'continue' : redirectToAuthorize(nav);
  nav.dropHash();
  if (code === readString('code')) {
    // The address WeChat returned to, again: the code is spent; the session it bought goes on.
    if (!readString('token')) return redirectToAuthorize(nav);
    loggedIn(nav);
    return 'continue';
  }
  // Whether this code and state were issued to this browser is the server's call (its cookie),
  // not this tab's: a link carrying someone else's code is refused there and we authorize afresh.
  writeString('code', code);
  const state = params.get('state');
  try {
    const { token } = await loginWithCode(code, 'wx-oa', { state: isOAuthState(state) ? state : null, toast: false });
    writeString('token', token);
    loggedIn(nav);
    removeSessionKey('oauthAttempts');
    return 'continue';
  } catch (error) {
    if (error instanceof RequestError && error.code !== undefined && REAUTHORIZE_CODES.includes(error.code)) return redirectToAuthorize(nav, { failure: error });
    nav.replace(errorUrl(error));
    return 'ready';
  }
}

export async function startCorp(nav: CorpNavigator): Promise<'ready' | 'reload'> {
  const pathname = nav.pathname();
  if (pathname.includes('/error')) return 'ready';

  const entry = parseEntryPath(pathname);
  if (entry) {
    for (const key of ['linkId', 'shareId', 'prevId'] as const) removeKey(key);
    writeString(entry.key, entry.id);
    nav.reload(`/${queryWithoutCode(nav.search())}`);
    return 'reload';
  }

  try {
    await initialise(nav.search());
  } catch (error) {
    nav.replace(errorUrl(error));
    return 'ready';
  }

  const auth = await authorizeOrLogin(nav);
  if (auth !== 'continue') return auth;
  await checkStoredOrder(nav);
  return 'ready';
}

/**
 * Mini-program step 7: the host opens the web-view with `mpCode` (from wx.login); a new one is
 * exchanged for a token, which is stored and posted to the host. corpId is 10006 (docs/product/data.md, docs/product/constants.md).
 * A failed login is not fatal: the visitor can still look around; paying needs it (the toast says why).
 */
export async function startMiniProgramLogin(search: string): Promise<void> {
  writeString('corpId', String(MINI_PROGRAM_CORP_ID));
  const mpCode = new URLSearchParams(search).get('mpCode');
  if (!mpCode || mpCode === readString('code')) return;
  writeString('code', mpCode);
  try {
    const { token } = await loginWithCode(mpCode, 'wx-mp');
    writeString('token', token);
    // Not awaited: the bridge may take a moment to arrive, and the page need not wait for it.
    void postToMiniProgram({ token });
  } catch {
    // the request client has shown the reason
  }
}
