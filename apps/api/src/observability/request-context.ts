import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The request id, end to end (docs/operations.md): taken from the proxy's X-Request-Id when the
 * connection comes from a proxy TRUST_PROXY names (nginx sets it from $request_id and overwrites
 * what the client sent), generated otherwise: a client talking to the app directly cannot choose
 * the id its lines are logged under (docs/security.md); answered in `x-request-id`; and carried by every log line written while
 * the request is handled, services' lines included (they log through the app's logger, which
 * reads the id from here).
 */

export const REQUEST_ID_HEADER = 'x-request-id';
/** What we accept from a proxy: nginx's 32 hex characters, a UUID, or similar; anything else is replaced. */
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

const storage = new AsyncLocalStorage<string>();
const resources = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Fastify's genReqId: the proxy's id when the connection's peer is a trusted proxy and the id looks
 * like one, else a fresh UUID. `trustsPeer` is config/trust-proxy.ts's, from TRUST_PROXY.
 */
export function requestIdGenerator(trustsPeer: (address: string | undefined) => boolean): (request: IncomingMessage) => string {
  return (request) => {
    const offered = request.headers[REQUEST_ID_HEADER];
    if (typeof offered === 'string' && ACCEPTABLE_REQUEST_ID.test(offered) && trustsPeer(request.socket?.remoteAddress)) return offered;
    return randomUUID();
  };
}

/** The id of the request being handled in this async context, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore();
}

/**
 * pino's mixin: adds `reqId` to lines written outside Fastify's request logger (services and
 * providers log through app.log) while a request is handled. Lines of the request logger already
 * carry it as a binding, and a second one would repeat the key.
 */
export function requestIdLogMixin(_merge: object, _level: number, logger?: { bindings(): Record<string, unknown> }): Record<string, unknown> {
  const id = storage.getStore();
  if (id === undefined || (logger && 'reqId' in logger.bindings())) return {};
  return { reqId: id };
}

/** Runs each request in its id's async context, and answers the id. */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    storage.run(request.id, () => {
      const resource = new AsyncResource('kuaibao-request');
      resources.set(request, resource);
      resource.runInAsyncScope(done);
    });
  });
  // Body parsing continues from the socket's events, outside the context entered above: enter it
  // again before validation, so handlers and services run inside it.
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = resources.get(request);
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
}
