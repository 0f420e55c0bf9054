import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@kuaibao/domain';
import type { Config } from '../config.ts';
import { errorEnvelope } from './envelope.ts';
import { CONSOLE_CSP, serializeCsp } from './security-headers.ts';

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
  const indexHtml = built ? readFileSync(indexFile, 'utf8').replace(PLACEHOLDER, `<meta name="kb-client" content='${escapeAttribute(clientKeys)}'>`) : '';

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
    // Every other path is a route of the single-page app.
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
