import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ConsoleLoginRequestSchema, ConsolePasswordChangeSchema, ConsoleSessionStaffSchema } from '@kuaibao/domain';
import { apiRoute } from '../../../http/route.ts';
import { SESSION_MAX_MS, SignInSlowDown, toSessionStaff } from '../../staff/index.ts';
import { cookieOf, deviceCookie, DEVICE_COOKIE, sessionCookie } from '../session-cookies.ts';
import { actorOf } from './context.ts';

/** Signing in and out, and replacing one's own password. */
export function registerConsoleSessionRoutes(scope: FastifyInstance): void {
  const auth = () => scope.services.console.auth;
  const tag = 'console: session';

  apiRoute(scope, {
    method: 'POST',
    url: '/session',
    summary: 'Signs a staff member in; sets the session and device cookies',
    tag,
    config: { consolePublic: true },
    request: { body: ConsoleLoginRequestSchema },
    response: ConsoleSessionStaffSchema,
    handler: async (request, reply) => {
      const body = request.body;
      const login = { username: body.username, password: body.password, ip: request.ip, userAgent: String(request.headers['user-agent'] ?? ''), deviceCookie: cookieOf(request, DEVICE_COOKIE) };
      const result = await auth()
        .login(login)
        .catch((error: unknown) => {
          if (error instanceof SignInSlowDown) reply.header('retry-after', String(error.retryAfterSeconds));
          throw error;
        });
      reply.header('set-cookie', [sessionCookie(request, result.token, Math.floor(SESSION_MAX_MS / 1000)), deviceCookie(request, result.deviceCookie)]);
      return result.staff;
    },
  });

  apiRoute(scope, {
    method: 'GET',
    url: '/session',
    summary: 'The signed-in staff member and their permissions',
    tag,
    config: { consoleTemporaryPasswordOk: true },
    response: ConsoleSessionStaffSchema,
    handler: async (request) => {
      const actor = actorOf(request);
      return toSessionStaff({ id: actor.id, username: actor.username, display_name: actor.displayName, role: actor.role, must_change_password: actor.mustChangePassword ? 1 : 0 });
    },
  });

  apiRoute(scope, {
    method: 'DELETE',
    url: '/session',
    summary: 'Signs out',
    tag,
    config: { consoleTemporaryPasswordOk: true },
    response: z.null(),
    handler: async (request, reply) => {
      await auth().logout(request.consoleToken ?? '', actorOf(request));
      reply.header('set-cookie', sessionCookie(request, '', 0));
      return null;
    },
  });

  apiRoute(scope, {
    method: 'POST',
    url: '/me/password',
    summary: "Replaces the signed-in staff member's password",
    tag,
    config: { consoleTemporaryPasswordOk: true },
    request: { body: ConsolePasswordChangeSchema },
    response: z.null(),
    handler: async (request) => {
      const body = request.body;
      await auth().changePassword(actorOf(request), { currentPassword: body.current_password, newPassword: body.new_password }, request.consoleToken ?? '');
      return null;
    },
  });
}
