import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@kuaibao/domain';
import type { Config } from '../config.ts';
import { errorEnvelope } from './envelope.ts';
import { APP_CSP, CONSOLE_CSP, cspHash, serializeCsp } from './security-headers.ts';

const CONSOLE_CSP_HEADER = serializeCsp(CONSOLE_CSP);

const PLACEHOLDER = '<!--kb-client-->';

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;');

/**
 * The built visitor app, served from the same origin as the API. index.html gets the
 * client keys (signature secret, response key) injected, so changing them needs no rebuild.
 */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const indexFile = path.join(config.webDist, 'index.html');
  const built = existsSync(indexFile);
  const clientKeys = JSON.stringify({ signSecret: config.signature.secret, aesKey: config.responseAesKey.toString('hex') });
  const withKeys = (html: string) => html.replace(PLACEHOLDER, `<meta name="kb-client" content='${escapeAttribute(clientKeys)}'>`);
  const pages = built ? loadPages(config.webDist, withKeys) : null;

  if (built) {
    // wildcard: false registers one route per built file; every other path falls through to the SPA below.
    // preCompressed: the build writes .br and .gz beside each asset (scripts/vite-precompress.ts).
    await app.register(fastifyStatic, { root: config.webDist, index: false, wildcard: false, preCompressed: true, cacheControl: false, setHeaders: (reply, filePath) => {
      // Hashed assets never change; index.html must always be fresh.
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    } });
  }

  // The agent's console (apps/console): its own build and index.html under /console/.
  const consoleIndexFile = path.join(config.console.dist, 'index.html');
  const consoleBuilt = existsSync(consoleIndexFile);
  const consoleIndexHtml = consoleBuilt ? readFileSync(consoleIndexFile, 'utf8') : '';
  if (consoleBuilt) {
    await app.register(fastifyStatic, { root: config.console.dist, prefix: '/console/', index: false, wildcard: false, preCompressed: true, cacheControl: false, decorateReply: false, setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    } });
  }
  app.get('/console', async (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(`/console/${query >= 0 ? request.url.slice(query) : ''}`, 301);
  });

  // The official-account variant is the same build under /corp/ (the app takes its basename from the path).
  app.get('/corp', async (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(`/corp/${query >= 0 ? request.url.slice(query) : ''}`, 301);
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    // A built file that is not there (an old page asking for a chunk a newer build replaced) is a 404,
    // never index.html: HTML answered for a script only fails later, and less clearly.
    if (url.startsWith('/assets/') || url.startsWith('/console/assets/')) {
      return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send('Not found');
    }
    if (url.startsWith('/console/') && (request.method === 'GET' || request.method === 'HEAD')) {
      // Not built is a missing page (404), not a server fault: nothing here is broken, nothing is there.
      if (!consoleBuilt) return reply.status(404).type('text/plain; charset=utf-8').send('The console is not built yet: run `npm run build`.');
      // Every path under /console/ is a route of the console app; it is never framed by another site,
      // and its antd styles need the console's own policy (security-headers.ts).
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-frame-options', 'DENY')
        .header('content-security-policy', CONSOLE_CSP_HEADER)
        .header('referrer-policy', 'same-origin')
        .send(consoleIndexHtml);
    }
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/env') || url.startsWith('/sandbox/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(errorEnvelope(new AppError('NOT_FOUND')));
    }
    if (!built) {
      return reply.status(404).type('text/plain; charset=utf-8').send('The web app is not built yet: run `npm run build`.');
    }
    // A path naming a file (/favicon.ico, /sitemap.xml, /x.png) that the build does not have: 404, not
    // the app's HTML, which a crawler or an icon fetch would take for the file. App routes have no extension.
    if (looksLikeFile(url)) {
      return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send('Not found');
    }
    // Every other path is a route of the single-page app: its prerendered page (decision 028) or the plain one.
    const page = pages!.pageFor(url);
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
    if (page.csp) reply.header('content-security-policy', page.csp);
    if (encoding === 'identity') return reply.send(page.html);
    return reply.header('content-encoding', encoding).send(page[encoding]);
  });
}

/** The last segment of the path has a file extension (the query aside). */
export function looksLikeFile(url: string): boolean {
  const query = url.search(/[?#]/);
  const pathname = query >= 0 ? url.slice(0, query) : url;
  return /\.[A-Za-z0-9]{1,8}$/.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

/** A page of the visitor app, compressed once at start (the client keys are in it, so not at build time). */
interface Page {
  html: string;
  br: Buffer;
  gzip: Buffer;
  /** The app's policy with the hashes of the page's inline <style>, style attributes and loader <script>, when it has them. */
  csp: string | null;
}

const decodeAttribute = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function compressedPage(html: string): Page {
  const sheets = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => cspHash(match[1]!));
  // React writes style props as attributes in prerendered HTML (the marquee's and the sample lines'
  // timings); 'unsafe-hashes' allows exactly these values, not inline styles in general.
  const attributes = [...new Set([...html.matchAll(/ style="([^"]*)"/g)].map((match) => cspHash(decodeAttribute(match[1]!))))];
  const styles = attributes.length > 0 ? [...sheets, "'unsafe-hashes'", ...attributes] : sheets;
  // The prerendered page's loader (apps/web/prerender/page-html.ts), allowed by its hash alone.
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => cspHash(match[1]!));
  return {
    html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } }),
    gzip: gzipSync(html, { level: 9 }),
    csp:
      sheets.length + scripts.length > 0
        ? serializeCsp({ ...APP_CSP, 'script-src': [...APP_CSP['script-src']!, ...scripts], 'style-src': [...APP_CSP['style-src']!, ...styles] })
        : null,
  };
}

/**
 * The build's pages (apps/web/prerender/build-pages.ts): the prerendered entry routes, and spa.html,
 * the plain page every other route gets (a build without it, or an older one, has only index.html).
 */
function loadPages(dist: string, prepare: (html: string) => string): { pageFor(url: string): Page } {
  const read = (file: string) => (existsSync(path.join(dist, file)) ? compressedPage(prepare(readFileSync(path.join(dist, file), 'utf8'))) : null);
  const index = read('index.html')!;
  const plain = read('spa.html') ?? index;
  const prerendered = new Map<string, Page>();
  for (const [route, file] of [['/', 'index.html'], ['/check', 'check.html'], ['/report', 'report.html'], ['/corp', 'corp.html']] as const) {
    const found = file === 'index.html' ? index : read(file);
    if (found) prerendered.set(route, found);
  }
  return {
    pageFor(url) {
      // As the app's router matches: case-insensitive, a trailing slash ignored, the query aside.
      const query = url.indexOf('?');
      const pathname = (query >= 0 ? url.slice(0, query) : url).toLowerCase().replace(/\/+$/, '') || '/';
      return prerendered.get(pathname) ?? plain;
    },
  };
}

/** brotli, else gzip, else none, as the browser accepts (a q=0 refuses). */
function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}
