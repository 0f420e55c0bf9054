/**
 * The entry page's logic (pages/index): wx.login's code goes to the web-view as `mpCode`, which the
 * web app exchanges for a token (apps/web/src/wechat-startup.ts); the token the web-view posts back
 * is kept for the next payment (docs/decisions/009-corp-and-mini-program.md).
 */
import { call, readStored, type HostWx } from './host-wx.ts';
import { HOST_STORAGE } from './host-api.ts';

/** The query name the web app reads the login code from. */
export const WEB_VIEW_CODE_PARAM = 'mpCode';

/** Where the pay page asks the entry page to send the web-view when it shows again. */
export const RETURN_PATH_KEY = 'kbReturnPath';

/** A path on our own site: one leading slash, no scheme or host (a web-view opens only our domain anyway). */
export function safeWebViewPath(path: string | undefined): string {
  return typeof path === 'string' && /^\/(?![/\\])[^\s]*$/.test(path) ? path : '/';
}

/** The web-view's address: our site, the page, and the login code when there is one. */
export function webViewUrl(baseUrl: string, path = '/', code?: string): string {
  const target = `${baseUrl.replace(/\/+$/, '')}${safeWebViewPath(path)}`;
  if (!code) return target;
  return `${target}${target.includes('?') ? '&' : '?'}${WEB_VIEW_CODE_PARAM}=${encodeURIComponent(code)}`;
}

/**
 * wx.login, then the web-view's address with its code. Without a code (wx.login failed) the page
 * still opens: the web app then has no login and offers 重新登录 at payment.
 */
export async function loginAndOpenUrl(wx: HostWx, baseUrl: string, path?: string): Promise<string> {
  try {
    const { code } = await call<{ code: string }>((callbacks) => wx.login(callbacks));
    return webViewUrl(baseUrl, path, code);
  } catch {
    return webViewUrl(baseUrl, path);
  }
}

/**
 * The web-view's messages (bindmessage: `detail.data` lists every postMessage since the last
 * delivery). The last token wins; anything else is ignored. Answers whether a token was kept.
 */
export function keepPostedToken(wx: HostWx, detail: { data?: unknown } | undefined): boolean {
  const messages = Array.isArray(detail?.data) ? detail.data : [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const token = (messages[i] as { token?: unknown } | null)?.token;
    if (typeof token === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(token)) {
      wx.setStorageSync(HOST_STORAGE.token, token);
      return true;
    }
  }
  return false;
}

/** The token kept from the web-view, or ''. */
export function keptToken(wx: HostWx): string {
  return readStored(wx, HOST_STORAGE.token);
}

/** The path the pay page left for the web-view (once: it is cleared as it is read), or ''. */
export function takeReturnPath(wx: HostWx): string {
  const path = readStored(wx, RETURN_PATH_KEY);
  if (path) wx.setStorageSync(RETURN_PATH_KEY, '');
  return path ? safeWebViewPath(path) : '';
}
