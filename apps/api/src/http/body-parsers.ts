import type { FastifyInstance } from 'fastify';
import { AppError } from '@kuaibao/domain';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received: the signature and payment notifications are checked over it. */
    rawBody?: string;
  }
}

/**
 * Bodies are kept raw (signatures are checked over the exact bytes) and parsed here, so
 * malformed input is a catalog error. JSON for the API; URL-encoded forms for the sandbox
 * cashier's buttons and for providers that notify with forms.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  // Only JSON is accepted (payment notifications add their own formats); anything else is a 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    request.rawBody = text;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('MALFORMED_JSON'), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    request.rawBody = text;
    done(null, Object.fromEntries(new URLSearchParams(text)));
  });
}
