import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '@kuaibao/domain';
import { errorEnvelope } from './envelope.ts';

/** Fastify's own failures, translated into catalog errors (never a bare 500). */
function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('BODY_TOO_LARGE');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('MALFORMED_JSON');
    case 'FST_ERR_VALIDATION':
      return new AppError('VALIDATION_FAILED', error.message);
    default:
      break;
  }
  if (error.statusCode === 403 || error.statusCode === 404) return new AppError('NOT_FOUND');
  if (error.statusCode === 405) return new AppError('METHOD_NOT_ALLOWED');
  if (error.statusCode === 413) return new AppError('BODY_TOO_LARGE');
  if (error.statusCode === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (error.statusCode === 429) return new AppError('RATE_LIMITED');
  if (error.statusCode === 400) return new AppError('VALIDATION_FAILED');
  return new AppError('INTERNAL', undefined, { cause: error });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.errorCode, detail: appError.detail }, 'request rejected');
    // 5xx details stay in the log; the client gets the catalog text only.
    const envelope = appError.status >= 500 ? errorEnvelope(new AppError(appError.errorCode)) : errorEnvelope(appError);
    return reply.status(appError.status).send(envelope);
  });
}
