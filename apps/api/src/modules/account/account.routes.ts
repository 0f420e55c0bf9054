import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_HEADERS, LoginRequestSchema, type OAuthStateResponse } from '@kuaibao/domain';
import { sendData } from '../../http/envelope.ts';
import { RateLimiter } from '../../http/rate-limit.ts';
import { parseWith } from '../../http/validate.ts';
import { visitorContext } from '../../http/visitor-context.ts';
import type { AuthenticatedUser } from './account.service.ts';
import { createOAuthStateBinding, oauthStateMac, OAUTH_STATE_COOKIE, OAUTH_STATE_COOKIE_PATH } from './oauth-state.ts';

/** The x-token header of a request, if any. */
export function requestToken(request: FastifyRequest): string | undefined {
  const value = request.headers[CLIENT_HEADERS.token];
  const token = Array.isArray(value) ? value[0] : value;
  return typeof token === 'string' && token.trim() ? token.trim() : undefined;
}

/** The logged-in visitor, or a 401 catalog error: every corp order route starts with this. */
export function requireUser(app: FastifyInstance, request: FastifyRequest): Promise<AuthenticatedUser> {
  return app.services.accounts.authenticate(requestToken(request));
}

export function registerAccountRoutes(app: FastifyInstance): void {
  // Each login costs a call to WeChat; a page logs in once per visit.
  const logins = new RateLimiter({ limit: 30, windowMs: 60_000 });
  // The official account's code is taken only with the state issued to this browser (decision 013).
  const states = createOAuthStateBinding({ mac: oauthStateMac(app.config.idHashKey), now: () => app.services.now() });
  const stateCookie = (request: FastifyRequest) => ({
    path: OAUTH_STATE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https' || Boolean(app.config.publicBaseUrl?.startsWith('https:')),
  });

  const login = async (request: FastifyRequest, reply: FastifyReply) => {
    logins.hit(request.ip, app.services.now().getTime());
    const body = parseWith(LoginRequestSchema, request.body);
    const visitor = visitorContext(request, app.config.publicBaseUrl);
    const cookie = request.cookies[OAUTH_STATE_COOKIE];
    // One try per state: whatever the answer, the browser drops the cookie.
    if (cookie !== undefined) reply.clearCookie(OAUTH_STATE_COOKIE, stateCookie(request));
    return app.services.accounts.login({ request: body, corpId: visitor.corpId, ip: request.ip, stateIsBound: (state) => states.consume(cookie, state) });
  };

  // @fastify/cookie in this scope only (the console parses its own header, console.routes.ts);
  // should the app ever register it for everyone, this scope uses that registration instead.
  void app.register(async (scope) => {
    if (!scope.hasReplyDecorator('setCookie')) await scope.register(fastifyCookie);

    // Before the authorization page: a state for its address, bound to this browser by the cookie.
    scope.post('/api/corp/user/oauth-state', async (request, reply) => {
      const issued = states.issue();
      reply.setCookie(OAUTH_STATE_COOKIE, issued.cookie, { ...stateCookie(request), maxAge: issued.maxAgeSeconds });
      reply.header('cache-control', 'no-store');
      return sendData(reply, { state: issued.state, expire_time: issued.expiresAt.toISOString() } satisfies OAuthStateResponse);
    });
    // Official account (code_type wx-oa) and mini-program (wx-mp) log in the same way (spec §7).
    scope.post('/api/corp/user/login', async (request, reply) => sendData(reply, await login(request, reply), { encrypt: true }));
    scope.post('/api/h5/user/login', async (request, reply) => sendData(reply, await login(request, reply), { encrypt: true }));
  });

  app.get('/api/user', async (request, reply) => {
    const user = await requireUser(app, request);
    return sendData(reply, await app.services.accounts.userInfo(user));
  });
}
