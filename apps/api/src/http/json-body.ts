import type { FastifyInstance } from 'fastify';
import { AppError } from '@kuaibao/domain';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received: the signature and payment notifications are checked over it. */
    rawBody?: string;
  }
}

/** JSON bodies are kept raw (for signatures) and parsed here, so malformed JSON is a catalog error. */
export function registerJsonBodyParser(app: FastifyInstance): void {
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
}
