import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@kuaibao/domain';
import { errorEnvelope } from './envelope.ts';
import { DATABASE_RETRY_AFTER_SECONDS, retryAfterSeconds, withRetryAfter } from './retry-after.ts';

/** PostgreSQL's "not now" (SQLSTATE class 08 connection exceptions, 57P01–57P03 shutdown and start-up, 53300 too many connections). */
const DATABASE_AWAY_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
/** What node-postgres says when a connection ends under it (it sets no code). */
const DATABASE_AWAY_MESSAGE = /Connection terminated|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable/i;

/**
 * The database is away (restarting, failing over, refusing connections), not broken: the answer
 * is 503 DATABASE_UNAVAILABLE with Retry-After, not 500 (docs/decisions/052-degraded-not-down.md).
 * Looks through `cause` chains and AggregateError (a refused connection to several addresses).
 */
export function isDatabaseAway(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && DATABASE_AWAY_CODES.has(code)) return true;
  if (typeof message === 'string' && DATABASE_AWAY_MESSAGE.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseAway(inner, depth + 1))) return true;
  return isDatabaseAway(cause, depth + 1);
}

/** Fastify's own failures, translated into catalog errors (never a bare 500). */
function toAppError(error: FastifyError): AppError {
  if ((!(error instanceof AppError) || error.errorCode === 'INTERNAL') && isDatabaseAway(error)) {
    return withRetryAfter(new AppError('DATABASE_UNAVAILABLE', undefined, { cause: error }), DATABASE_RETRY_AFTER_SECONDS);
  }
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
  if (error.statusCode === 414) return new AppError('NOT_FOUND');
  if (error.statusCode === 429) return new AppError('RATE_LIMITED');
  // Any other 4xx a plugin raises is the client's mistake, never a 500.
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) return new AppError('VALIDATION_FAILED', error.code);
  return new AppError('INTERNAL', undefined, { cause: error });
}

/**
 * Fastify answers some requests before any route or error handler runs: a path that is not valid
 * percent-encoding (FST_ERR_BAD_URL, e.g. a lone surrogate %ED%A0%80) and a path parameter over
 * maxParamLength (FST_ERR_MAX_PARAM_LENGTH, 414). Its own body is not our envelope; this is.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const appError = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? new AppError('NOT_FOUND') : new AppError('VALIDATION_FAILED', error.code);
  request.log.info({ code: appError.errorCode, detail: error.code }, 'request rejected');
  void reply.status(appError.status).send(errorEnvelope(appError));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.errorCode === 'DATABASE_UNAVAILABLE') request.log.warn({ err: error, code: appError.errorCode }, 'database unavailable');
    else if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.errorCode, detail: appError.detail }, 'request rejected');
    const retryAfter = retryAfterSeconds(appError.errorCode, appError);
    // A route that knows better has set it already (the console's sign-in slowdown).
    if (retryAfter !== undefined && !reply.hasHeader('retry-after')) void reply.header('retry-after', String(retryAfter));
    // 5xx details stay in the log; the client gets the catalog text only.
    const envelope = appError.status >= 500 ? errorEnvelope(new AppError(appError.errorCode)) : errorEnvelope(appError);
    return reply.status(appError.status).send(envelope);
  });
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them: headers over 16 KiB (431),
 * a raw non-ASCII byte in the path or a control character in a header (400), a request that did
 * not arrive within HTTP_REQUEST_TIMEOUT_MS (408). Fastify's default answer there is its own JSON;
 * this one is the envelope, with the security headers it would not otherwise get.
 */
export function answerClientError(headers: () => Record<string, string>): (error: Error & { code?: string }, socket: Socket) => void {
  return (error, socket) => {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const appError = new AppError(error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'REQUEST_TIMEOUT' : error.code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : 'VALIDATION_FAILED');
    if (!socket.writable) {
      socket.destroy(error);
      return;
    }
    const body = JSON.stringify(errorEnvelope(appError));
    const extra = Object.entries(headers())
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    // end(), not destroy(): closing with unread input would reset the connection and lose the
    // answer. What is still arriving is discarded, and a client that keeps sending is cut off.
    socket.end(`HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n${extra}\r\n${body}`);
    socket.resume();
    setTimeout(() => socket.destroy(), 2000).unref();
  };
}
