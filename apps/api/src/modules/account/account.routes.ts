import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, CLIENT_HEADERS, LoginRequestSchema, LoginResponseSchema, OAuthStateResponseSchema, UserInfoSchema } from '@kuaibao/domain';
import { limitRequests } from '../../http/rate-limit.ts';
import { apiRoute, type ContractRequest } from '../../http/route.ts';
import { visitorContext } from '../../http/visitor-context.ts';
import type { AuthenticatedUser } from './account.service.ts';
import { createOAuthStateBinding, oauthStateMac, OAUTH_STATE_COOKIE, OAUTH_STATE_COOKIE_PATH } from './oauth-state.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in visitor, set by signedInVisitor() before the request is validated. */
    visitor?: AuthenticatedUser;
  }
}

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

/**
 * A route's preValidation step: the visitor must be logged in (a 401 comes before any complaint
 * about the query). The handler reads the visitor with visitorOf().
 */
export function signedInVisitor(app: FastifyInstance): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    request.visitor = await requireUser(app, request);
  };
}

/** The visitor that signedInVisitor() found; a route without that step is a programming error. */
export function visitorOf(request: FastifyRequest): AuthenticatedUser {
  if (!request.visitor) throw new AppError('INTERNAL', `${request.routeOptions.url ?? request.url}: the route reads the visitor without signedInVisitor()`);
  return request.visitor;
}

const LoginContract = { body: LoginRequestSchema };

export function registerAccountRoutes(app: FastifyInstance): void {
  // Each login costs a call to WeChat; a page logs in once per visit.
  const countLogin = limitRequests(app, { name: 'login-ip', max: 30, windowMs: 60_000, key: (request) => request.ip });
  // The official account's code is taken only with the state issued to this browser (decision 013).
  const states = createOAuthStateBinding({ mac: oauthStateMac(app.config.idHashKey), now: () => app.services.now(), used: app.services.onceKeys });
  const stateCookie = (request: FastifyRequest) => ({
    path: OAUTH_STATE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https' || Boolean(app.config.publicBaseUrl?.startsWith('https:')),
  });

  const login = async (request: ContractRequest<typeof LoginContract>, reply: FastifyReply) => {
    const visitor = visitorContext(request, app.config.publicBaseUrl);
    const cookie = request.cookies[OAUTH_STATE_COOKIE];
    // One try per state: whatever the answer, the browser drops the cookie.
    if (cookie !== undefined) reply.clearCookie(OAUTH_STATE_COOKIE, stateCookie(request));
    return app.services.accounts.login({ request: request.body, corpId: visitor.corpId, ip: request.ip, stateIsBound: (state) => states.consume(cookie, state) });
  };

  // @fastify/cookie in this scope only (the console parses its own header, console/session-cookies.ts);
  // should the app ever register it for everyone, this scope uses that registration instead.
  void app.register(async (scope) => {
    if (!scope.hasReplyDecorator('setCookie')) await scope.register(fastifyCookie);

    // Before the authorization page: a state for its address, bound to this browser by the cookie.
    apiRoute(scope, {
      method: 'POST',
      url: '/api/corp/user/oauth-state',
      summary: 'A fresh OAuth state for the WeChat authorization page, bound to this browser by a cookie (decision 013)',
      tag: 'account',
      response: OAuthStateResponseSchema,
      handler: async (request, reply) => {
        const issued = states.issue();
        reply.setCookie(OAUTH_STATE_COOKIE, issued.cookie, { ...stateCookie(request), maxAge: issued.maxAgeSeconds });
        reply.header('cache-control', 'no-store');
        return { state: issued.state, expire_time: issued.expiresAt.toISOString() };
      },
    });
    // Official account (code_type wx-oa) and mini-program (wx-mp) log in the same way.
    for (const url of ['/api/corp/user/login', '/api/h5/user/login']) {
      apiRoute(scope, {
        method: 'POST',
        url,
        summary: 'WeChat login with the code of the official account (wx-oa) or the mini-program (wx-mp)',
        tag: 'account',
        request: LoginContract,
        response: LoginResponseSchema,
        encrypt: 'always',
        preValidation: countLogin,
        handler: login,
      });
    }
  });

  apiRoute(app, {
    method: 'GET',
    url: '/api/user',
    summary: "The logged-in visitor's name and avatar",
    tag: 'account',
    response: UserInfoSchema,
    preValidation: signedInVisitor(app),
    handler: async (request) => app.services.accounts.userInfo(visitorOf(request)),
  });
}
