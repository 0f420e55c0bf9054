import { createHash } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers on every answer: pages, /api/* JSON, built assets, /uploads/*, errors and 404s
 * (docs/decisions/015-security-headers.md): helmet's set plus our Content-Security-Policy, written in
 * an onRequest hook on the raw response, so they survive whatever the handler or the error handler
 * sends later; a page with needs of its own (the console, the sandbox cashier, the mock
 * authorization page) replaces only the Content-Security-Policy with reply.header().
 */

export type CspDirectives = Readonly<Record<string, readonly string[]>>;

/**
 * The visitor app (h5, /corp/, the mini-program web-view) and everything else we serve. The built
 * pages have no inline script or style (apps/web/vite.config.ts: no modulepreload polyfill) except
 * the prerendered ones, whose policy adds the hashes of exactly theirs (web-app.ts, decision 028);
 * React's style props go through the CSSOM, which CSP does not govern, and every request goes to
 * our own origin: uploads are proxied at /uploads/* whatever the storage backend, payment QR codes
 * are drawn in the page (qrcode.react), and WeChat's bridge is called directly, without loading its
 * JS-SDK from res.wx.qq.com (apps/web/src/platform/wechat-bridge.ts). Payment pages are reached by
 * navigation (location.assign of WeChat Pay's h5_url or Alipay's GET page URL), which CSP does not
 * restrict; no form of ours posts to a gateway, so form-action stays 'self'.
 */
export const APP_CSP: CspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  // data: the pay dialog's base64 QR fallback (apps/web/src/payment/pay-qr.tsx) and saved QR images; blob: local previews.
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The agent's console (apps/console): antd 6 writes its CSS-in-JS into <style> elements at run
 * time, and parts of it a nonce cannot reach: @rc-component/portal's scroll locker injects its
 * <style> without the ConfigProvider's nonce, and antd's auto-sizing TextArea measures through
 * setAttribute('style'), which only 'unsafe-inline' allows. So inline styles, and only styles, are
 * allowed on the console; scripts stay 'self'.
 */
export const CONSOLE_CSP: CspDirectives = { ...APP_CSP, 'style-src': ["'self'", "'unsafe-inline'"] };

/**
 * The API reference page (/api/docs, decision 017; off in production unless API_DOCS=true): Swagger
 * UI is served from our own origin, but writes inline styles and draws its icons as data: images.
 * Scripts stay 'self'.
 */
export const DOCS_CSP: CspDirectives = { ...APP_CSP, 'style-src': ["'self'", "'unsafe-inline'"], 'img-src': ["'self'", 'data:'] };

/** The header value of a policy. */
export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => (sources.length > 0 ? `${name} ${sources.join(' ')}` : name))
    .join('; ');
}

/** The CSP source that allows exactly this inline <style> or <script> text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * A server-rendered page that needs nothing but its own inline <style> (the sandbox cashier, the
 * mock authorization page): nothing else loads, forms post only where `formAction` says.
 */
export function inlineStylePageCsp(css: string, options: { formAction: readonly string[] }): string {
  return serializeCsp({
    'default-src': ["'none'"],
    'style-src': [cspHash(css)],
    'form-action': options.formAction.length > 0 ? options.formAction : ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  });
}

/** One year; no includeSubDomains or preload: other hosts of the operator's domain are not ours to decide. */
export const HSTS_VALUE = 'max-age=31536000';

/**
 * HSTS belongs on answers that came over https only (on plain http a browser ignores it, and a
 * development server on http must never pin itself). request.protocol is https when the socket is
 * TLS or, with TRUST_PROXY, when a trusted proxy says X-Forwarded-Proto: https (apps/api/src/config.ts).
 */
export function hstsHeader(protocol: string): string | undefined {
  return protocol === 'https' ? HSTS_VALUE : undefined;
}

/**
 * helmet's other headers: X-Content-Type-Options nosniff, X-Frame-Options DENY, Referrer-Policy,
 * Cross-Origin-Opener-Policy and -Resource-Policy same-origin, Origin-Agent-Cluster,
 * X-DNS-Prefetch-Control off, X-Download-Options, X-Permitted-Cross-Domain-Policies none, X-XSS-Protection 0.
 */
const helmetHeaders = helmet({
  // Ours, serialized below, so that each page's own policy is written the same way.
  contentSecurityPolicy: false,
  // The mini-program web-view is a WebView, not a frame: nothing of ours is ever framed.
  xFrameOptions: { action: 'deny' },
  // WeChat Pay's h5 cashier checks the Referer against the merchant's registered domain, so the
  // origin must reach it; paths and queries (order numbers) never leave us.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Per request: hstsHeader().
  strictTransportSecurity: false,
});

const APP_CSP_HEADER = serializeCsp(APP_CSP);

/** The headers an answer written straight to the socket carries (HTTP-parser refusals): no request, no HSTS. */
export function baselineSecurityHeaders(): Record<string, string> {
  return { 'content-security-policy': APP_CSP_HEADER, 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' };
}

function rethrow(error?: unknown): void {
  if (error) throw error;
}

/**
 * Writes the headers on the raw response, where a later reply.header() of the same name (a page's
 * own policy) replaces them and nothing else removes them: errors and 404s keep them.
 */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  helmetHeaders(request.raw, reply.raw, rethrow);
  reply.raw.setHeader('content-security-policy', APP_CSP_HEADER);
  const hsts = hstsHeader(request.protocol);
  if (hsts) reply.raw.setHeader('strict-transport-security', hsts);
}

/** Every routed request, the 404 handler's included. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request, reply);
    done();
  });
}

/**
 * Fastify answers a bad URL or an over-long parameter through `frameworkErrors` before any hook
 * runs; the same headers go on those answers too.
 */
export function withSecurityHeaders(handler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    applySecurityHeaders(request, reply);
    handler(error, request, reply);
  };
}
