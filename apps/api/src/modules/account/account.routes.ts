import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CLIENT_HEADERS, LoginRequestSchema } from '@kuaibao/domain';
import { sendData } from '../../http/envelope.ts';
import { RateLimiter } from '../../http/rate-limit.ts';
import { parseWith } from '../../http/validate.ts';
import { visitorContext } from '../../http/visitor-context.ts';
import type { AuthenticatedUser } from './account.service.ts';

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

  const login = async (request: FastifyRequest) => {
    logins.hit(request.ip, app.services.now().getTime());
    const body = parseWith(LoginRequestSchema, request.body);
    const visitor = visitorContext(request, app.config.publicBaseUrl);
    return app.services.accounts.login({ request: body, corpId: visitor.corpId, ip: request.ip });
  };
  // Official account (code_type wx-oa) and mini-program (wx-mp) log in the same way (spec §7).
  app.post('/api/corp/user/login', async (request, reply) => sendData(reply, await login(request), { encrypt: true }));
  app.post('/api/h5/user/login', async (request, reply) => sendData(reply, await login(request), { encrypt: true }));

  app.get('/api/user', async (request, reply) => {
    const user = await requireUser(app, request);
    return sendData(reply, await app.services.accounts.userInfo(user));
  });
}
