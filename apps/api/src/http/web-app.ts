import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@kuaibao/domain';
import type { Config } from '../config.ts';
import { errorEnvelope } from './envelope.ts';

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
    await app.register(fastifyStatic, { root: config.webDist, index: false, wildcard: false, cacheControl: false, setHeaders: (reply, filePath) => {
      // Hashed assets never change; index.html must always be fresh.
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    } });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/env') || url.startsWith('/sandbox/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(errorEnvelope(new AppError('NOT_FOUND')));
    }
    if (!built) {
      return reply.status(503).type('text/plain; charset=utf-8').send('The web app is not built yet: run `npm run build`.');
    }
    // Every other path is a route of the single-page app.
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
