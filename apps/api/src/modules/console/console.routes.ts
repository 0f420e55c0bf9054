import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AppError,
  ConsoleAuditListQuerySchema,
  ConsoleDashboardQuerySchema,
  ConsoleFeedbackListQuerySchema,
  ConsoleFeedbackUpdateSchema,
  ConsoleFileParamSchema,
  ConsoleGoodsUpdateSchema,
  ConsoleIdParamSchema,
  ConsoleLoginRequestSchema,
  ConsoleOrderListQuerySchema,
  ConsoleOrderNoteSchema,
  ConsolePasswordChangeSchema,
  ConsoleProcessStatusChangeSchema,
  ConsoleRefundDecisionSchema,
  ConsoleRefundListQuerySchema,
  ConsoleRefundRequestSchema,
  ConsoleSiteConfigKeyParamSchema,
  ConsoleSiteConfigUpdateSchema,
  ConsoleSmsListQuerySchema,
  ConsoleStaffCreateSchema,
  ConsoleStaffUpdateSchema,
  ConsoleTakeOrderSchema,
  SCREENSHOT_MAX_BYTES,
} from '@kuaibao/domain';
import { sendData } from '../../http/envelope.ts';
import { parseWith } from '../../http/validate.ts';
import type { Actor } from './actor.ts';
import { DEVICE_COOKIE_MAX_AGE_MS, SESSION_MAX_MS, SignInSlowDown, toSessionStaff } from './auth.service.ts';

/** The session cookie: only ever sent to the console API. */
export const CONSOLE_COOKIE = 'kb_console';
const COOKIE_PATH = '/api/console';
/** The sign-in device cookie (decision 014): sent only to the sign-in route. */
export const DEVICE_COOKIE = 'kb_device';
const DEVICE_COOKIE_PATH = '/api/console/session';
/**
 * Every state-changing console request carries this header. A cross-site form cannot set it
 * (and SameSite=Strict keeps the cookie home anyway): a second lock against request forgery.
 */
export const CONSOLE_REQUEST_HEADER = 'x-kb-console';

declare module 'fastify' {
  interface FastifyRequest {
    consoleActor?: Actor;
    consoleToken?: string;
  }
  interface FastifyContextConfig {
    /** answers without a session (sign-in) */
    consolePublic?: boolean;
    /** answers while the staff member still has to replace a temporary password */
    consoleTemporaryPasswordOk?: boolean;
  }
}

const routeTables = new WeakMap<FastifyInstance, Array<{ method: string; url: string; public: boolean }>>();

/** Every console route (for the test that no route answers without a session). */
export function consoleRouteTable(app: FastifyInstance): Array<{ method: string; url: string; public: boolean }> {
  return routeTables.get(app) ?? [];
}

function actorOf(request: FastifyRequest): Actor {
  if (!request.consoleActor) throw new AppError('CONSOLE_LOGIN_REQUIRED');
  return request.consoleActor;
}

/** The session cookie (the token is base64url: nothing to encode). */
function sessionCookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${CONSOLE_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

/** The device cookie: long-lived, and only ever sent to the sign-in route. */
function deviceCookie(request: FastifyRequest, value: string): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${DEVICE_COOKIE}=${value}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${Math.floor(DEVICE_COOKIE_MAX_AGE_MS / 1000)}; HttpOnly; SameSite=Strict${secure}`;
}

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

const tokenOf = (request: FastifyRequest) => cookieOf(request, CONSOLE_COOKIE);

export async function registerConsoleRoutes(app: FastifyInstance): Promise<void> {
  const table: Array<{ method: string; url: string; public: boolean }> = [];
  routeTables.set(app, table);
  const svc = () => app.services.console;

  await app.register(
    async (scope) => {
      scope.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') table.push({ method, url: route.url, public: route.config?.consolePublic === true });
        }
      });

      // Runs before the body is read: nothing is parsed for a caller without a session.
      scope.addHook('onRequest', async (request) => {
        const config = request.routeOptions.config;
        if (!config.consolePublic) {
          const token = tokenOf(request);
          const actor = token ? await svc().auth.authenticate(token, request.ip) : undefined;
          if (!actor || !token) throw new AppError('CONSOLE_LOGIN_REQUIRED');
          if (actor.mustChangePassword && !config.consoleTemporaryPasswordOk) throw new AppError('CONSOLE_FORBIDDEN', 'password_change_required');
          request.consoleActor = actor;
          request.consoleToken = token;
        }
        if (request.method !== 'GET' && request.method !== 'HEAD' && request.headers[CONSOLE_REQUEST_HEADER] !== '1') {
          throw new AppError('CONSOLE_REQUEST_ORIGIN_INVALID');
        }
      });
      // Console answers are personal data and change with every action: never cached.
      scope.addHook('onSend', async (_request, reply: FastifyReply) => {
        reply.header('cache-control', 'no-store');
      });

      // ---- session ----
      scope.post('/session', { config: { consolePublic: true } }, async (request, reply) => {
        const body = parseWith(ConsoleLoginRequestSchema, request.body);
        const login = { username: body.username, password: body.password, ip: request.ip, userAgent: String(request.headers['user-agent'] ?? ''), deviceCookie: cookieOf(request, DEVICE_COOKIE) };
        const result = await svc().auth.login(login).catch((error: unknown) => {
          if (error instanceof SignInSlowDown) reply.header('retry-after', String(error.retryAfterSeconds));
          throw error;
        });
        reply.header('set-cookie', [sessionCookie(request, result.token, Math.floor(SESSION_MAX_MS / 1000)), deviceCookie(request, result.deviceCookie)]);
        return sendData(reply, result.staff);
      });
      scope.get('/session', { config: { consoleTemporaryPasswordOk: true } }, async (request, reply) => {
        const actor = actorOf(request);
        return sendData(reply, toSessionStaff({ id: actor.id, username: actor.username, display_name: actor.displayName, role: actor.role, must_change_password: actor.mustChangePassword ? 1 : 0 }));
      });
      scope.delete('/session', { config: { consoleTemporaryPasswordOk: true } }, async (request, reply) => {
        await svc().auth.logout(request.consoleToken ?? '', actorOf(request));
        reply.header('set-cookie', sessionCookie(request, '', 0));
        return sendData(reply, null);
      });
      scope.post('/me/password', { config: { consoleTemporaryPasswordOk: true } }, async (request, reply) => {
        const body = parseWith(ConsolePasswordChangeSchema, request.body);
        await svc().auth.changePassword(actorOf(request), { currentPassword: body.current_password, newPassword: body.new_password }, request.consoleToken ?? '');
        return sendData(reply, null);
      });

      // ---- orders ----
      scope.get('/orders', async (request, reply) => sendData(reply, await svc().orders.list(actorOf(request), parseWith(ConsoleOrderListQuerySchema, request.query))));
      scope.get('/orders/counts', async (request, reply) => sendData(reply, await svc().orders.counts(actorOf(request))));
      scope.get('/orders/:id', async (request, reply) => {
        const { id } = parseWith(ConsoleIdParamSchema, request.params);
        return sendData(reply, await svc().orders.detail(actorOf(request), id));
      });
      scope.post('/orders/:id/take', async (request, reply) => {
        const { id } = parseWith(ConsoleIdParamSchema, request.params);
        const { force } = parseWith(ConsoleTakeOrderSchema, request.body);
        return sendData(reply, await svc().orders.take(actorOf(request), id, force));
      });
      scope.post('/orders/:id/process-status', async (request, reply) => {
        const { id } = parseWith(ConsoleIdParamSchema, request.params);
        return sendData(reply, await svc().orders.changeProcessStatus(actorOf(request), id, parseWith(ConsoleProcessStatusChangeSchema, request.body)));
      });
      scope.post('/orders/:id/notes', async (request, reply) => {
        const { id } = parseWith(ConsoleIdParamSchema, request.params);
        const { content } = parseWith(ConsoleOrderNoteSchema, request.body);
        return sendData(reply, await svc().orders.addNote(actorOf(request), id, content));
      });
      scope.delete('/orders/:id/files/:fileId', async (request, reply) => {
        const { id, fileId } = parseWith(ConsoleFileParamSchema, request.params);
        await svc().orders.deleteScreenshot(actorOf(request), id, fileId);
        return sendData(reply, null);
      });
      scope.post('/orders/:id/reveal-id', async (request, reply) => {
        const { id } = parseWith(ConsoleIdParamSchema, request.params);
        return sendData(reply, await svc().orders.revealIdNumber(actorOf(request), id));
      });
      scope.post('/orders/:id/refund-requests', async (request, reply) => {
        const { id } = parseWith(ConsoleIdParamSchema, request.params);
        const { reason } = parseWith(ConsoleRefundRequestSchema, request.body);
        return sendData(reply, await svc().refunds.request(actorOf(request), id, reason));
      });

      // Screenshots: the only multipart route, with its own size and count limits.
      await scope.register(async (uploads) => {
        await uploads.register(fastifyMultipart, { limits: { fileSize: SCREENSHOT_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 50 } });
        uploads.post('/orders/:id/files', async (request, reply) => {
          const { id } = parseWith(ConsoleIdParamSchema, request.params);
          let body: Buffer;
          let filename: string;
          try {
            const file = await request.file();
            if (!file) throw new AppError('CONSOLE_UPLOAD_MISSING');
            filename = file.filename;
            body = await file.toBuffer();
          } catch (error) {
            const code = (error as { code?: string }).code;
            if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('CONSOLE_UPLOAD_TOO_LARGE');
            if (error instanceof AppError) throw error;
            // Anything else is a body the client broke (a truncated multipart: "Unexpected end of form").
            throw new AppError('CONSOLE_UPLOAD_MISSING', code ?? (error as Error).message);
          }
          return sendData(reply, await svc().orders.uploadScreenshot(actorOf(request), id, { body, filename }));
        });
      });

      // ---- refunds ----
      scope.get('/refund-requests', async (request, reply) => sendData(reply, await svc().refunds.list(actorOf(request), parseWith(ConsoleRefundListQuerySchema, request.query))));
      scope.post('/refund-requests/:id/approve', async (request, reply) => {
        const { id } = parseWith(ConsoleIdParamSchema, request.params);
        const { note } = parseWith(ConsoleRefundDecisionSchema, request.body);
        return sendData(reply, await svc().refunds.approve(actorOf(request), id, note));
      });
      scope.post('/refund-requests/:id/reject', async (request, reply) => {
        const { id } = parseWith(ConsoleIdParamSchema, request.params);
        const { note } = parseWith(ConsoleRefundDecisionSchema, request.body);
        return sendData(reply, await svc().refunds.reject(actorOf(request), id, note));
      });

      // ---- complaints, SMS log, audit ----
      scope.get('/feedback', async (request, reply) => sendData(reply, await svc().feedback.list(actorOf(request), parseWith(ConsoleFeedbackListQuerySchema, request.query))));
      scope.put('/feedback/:id', async (request, reply) => {
        const { id } = parseWith(ConsoleIdParamSchema, request.params);
        return sendData(reply, await svc().feedback.update(actorOf(request), id, parseWith(ConsoleFeedbackUpdateSchema, request.body)));
      });
      scope.get('/sms', async (request, reply) => sendData(reply, await svc().smsLog.list(actorOf(request), parseWith(ConsoleSmsListQuerySchema, request.query))));
      scope.get('/audit', async (request, reply) => sendData(reply, await svc().audit.list(actorOf(request), parseWith(ConsoleAuditListQuerySchema, request.query))));

      // ---- configuration ----
      scope.get('/goods', async (request, reply) => sendData(reply, await svc().catalog.listGoods(actorOf(request))));
      scope.post('/goods', async (request, reply) => sendData(reply, await svc().catalog.createGoods(actorOf(request), parseWith(ConsoleGoodsUpdateSchema, request.body))));
      scope.put('/goods/:id', async (request, reply) => {
        const { id } = parseWith(ConsoleIdParamSchema, request.params);
        return sendData(reply, await svc().catalog.updateGoods(actorOf(request), id, parseWith(ConsoleGoodsUpdateSchema, request.body)));
      });
      scope.get('/site-config', async (request, reply) => sendData(reply, await svc().catalog.listSiteConfig(actorOf(request))));
      scope.put('/site-config/:key', async (request, reply) => {
        const { key } = parseWith(ConsoleSiteConfigKeyParamSchema, request.params);
        const { value } = parseWith(ConsoleSiteConfigUpdateSchema, request.body);
        return sendData(reply, await svc().catalog.updateSiteConfig(actorOf(request), key, value));
      });

      // ---- dashboard and staff ----
      scope.get('/dashboard', async (request, reply) => {
        const { days } = parseWith(ConsoleDashboardQuerySchema, request.query);
        return sendData(reply, await svc().dashboard.summary(actorOf(request), days));
      });
      scope.get('/staff', async (request, reply) => sendData(reply, await svc().staff.list(actorOf(request))));
      scope.get('/staff/handlers', async (request, reply) => sendData(reply, await svc().staff.listHandlers(actorOf(request))));
      scope.post('/staff', async (request, reply) => sendData(reply, await svc().staff.create(actorOf(request), parseWith(ConsoleStaffCreateSchema, request.body))));
      scope.patch('/staff/:id', async (request, reply) => {
        const { id } = parseWith(ConsoleIdParamSchema, request.params);
        return sendData(reply, await svc().staff.update(actorOf(request), id, parseWith(ConsoleStaffUpdateSchema, request.body)));
      });
    },
    { prefix: '/api/console' },
  );
}
