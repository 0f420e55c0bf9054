import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isOAuthState } from '@kuaibao/domain';
import { MOCK_WECHAT_AUTHORIZE_PATH } from '../../config.ts';
import { inlineStylePageCsp } from '../../http/security-headers.ts';
import { requestOrigin } from '../../http/visitor-context.ts';
import { issueMockCode } from './mock.provider.ts';

/** The pretend WeChat account of this browser, remembered like WeChat remembers who is signed in. */
export const MOCK_USER_COOKIE = 'kb_mock_wechat_user';
const MOCK_USER = /^[A-Za-z0-9_-]{1,64}$/;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The error page's only style, inline; its policy allows exactly this text (security-headers.ts). */
const ERROR_PAGE_CSS = 'body{margin:0;font-family:-apple-system,"PingFang SC","WenQuanYi Micro Hei",sans-serif;background:#ededed;color:#222}main{max-width:420px;margin:0 auto;padding:48px 20px;text-align:center}h1{font-size:18px}p{color:#555;font-size:14px;line-height:1.6}';
/** Nothing loads but the style, and the page has no form. */
const ERROR_PAGE_CSP = inlineStylePageCsp(ERROR_PAGE_CSS, { formAction: [] });

function errorPage(message: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>微信授权（模拟）</title>
<style>${ERROR_PAGE_CSS}</style></head>
<body><main><h1>授权失败</h1><p role="alert">${escapeHtml(message)}</p><p>这是开发和测试环境的模拟微信授权页。</p></main></body></html>`;
}

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Appends code and state before any fragment, as WeChat does. */
function withCode(redirectUri: string, code: string, state: string): string {
  const hash = redirectUri.indexOf('#');
  const base = hash >= 0 ? redirectUri.slice(0, hash) : redirectUri;
  const fragment = hash >= 0 ? redirectUri.slice(hash) : '';
  const params = `code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`;
  return `${base}${base.includes('?') ? '&' : '?'}${params}${fragment}`;
}

/**
 * The mock of `open.weixin.qq.com/connect/oauth2/authorize` (registered only with
 * WECHAT_AUTH_PROVIDER=mock): checks the parameters like WeChat, then answers silently, as
 * snsapi_base does, with a redirect to `redirect_uri?code=…&state=…`. `mock_user` picks the pretend
 * account (tests use it for a second visitor); otherwise the browser keeps one in a cookie.
 */
export function registerMockWechatAuthorize(app: FastifyInstance, options: { appId: string; publicBaseUrl: string | undefined }): void {
  app.get(MOCK_WECHAT_AUTHORIZE_PATH, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : '');
    const fail = (message: string) => reply.status(400).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', ERROR_PAGE_CSP).send(errorPage(message));

    if (text('appid') !== options.appId) return fail('appid 参数错误（10002）');
    if (text('response_type') !== 'code') return fail('response_type 参数错误');
    if (!['snsapi_base', 'snsapi_userinfo'].includes(text('scope'))) return fail('scope 参数错误（10005）');
    const state = text('state');
    if (state && !isOAuthState(state)) return fail('state 参数错误');
    let target: URL;
    try {
      target = new URL(text('redirect_uri'));
    } catch {
      return fail('redirect_uri 参数错误');
    }
    // WeChat only returns to the account's registered domain; the mock's is our own host.
    const allowedHost = new URL(requestOrigin(request, options.publicBaseUrl)).host;
    if ((target.protocol !== 'http:' && target.protocol !== 'https:') || target.host !== allowedHost) return fail('redirect_uri 域名与后台配置不一致（10003）');

    const chosen = text('mock_user');
    const remembered = cookieValue(request, MOCK_USER_COOKIE);
    const user = MOCK_USER.test(chosen) ? chosen : remembered && MOCK_USER.test(remembered) ? remembered : `u${randomBytes(6).toString('hex')}`;
    if (user !== remembered) {
      reply.header('set-cookie', `${MOCK_USER_COOKIE}=${user}; Path=/mock-wechat; Max-Age=31536000; HttpOnly; SameSite=Lax`);
    }
    return reply.header('cache-control', 'no-store').redirect(withCode(target.toString(), issueMockCode(user), state), 302);
  });
}
