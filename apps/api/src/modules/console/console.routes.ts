import { registerConsoleInvoiceRoutes } from './routes/invoices.routes.ts';
import { registerConsoleReminderRoutes } from './routes/reminders.routes.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '@kuaibao/domain';
import { registerConsoleAuditRoutes } from './routes/audit.routes.ts';
import { registerConsoleCatalogRoutes } from './routes/catalog.routes.ts';
import { registerConsoleDashboardRoutes } from './routes/dashboard.routes.ts';
import { registerConsoleExportRoutes } from './routes/exports.routes.ts';
import { registerConsoleFeedbackRoutes } from './routes/feedback.routes.ts';
import { registerConsoleOrderRoutes } from './routes/orders.routes.ts';
import { registerConsoleReconciliationRoutes } from './routes/reconciliation.routes.ts';
import { registerConsoleCommissionRoutes } from './routes/commission.routes.ts';
import { registerConsoleRefundRoutes } from './routes/refunds.routes.ts';
import { registerConsoleWechatComplaintRoutes } from './routes/wechat-complaints.routes.ts';
import { registerConsoleSessionRoutes } from './routes/session.routes.ts';
import { registerConsoleDirectorySourceRoutes } from './routes/directory-source.routes.ts';
import { registerConsoleSavedFilterRoutes } from './routes/saved-filters.routes.ts';
import { registerConsoleSmsLogRoutes } from './routes/sms-log.routes.ts';
import { registerConsoleCustomerRoutes } from './routes/customers.routes.ts';
import { registerConsoleDeletionRequestRoutes } from './routes/deletion-requests.routes.ts';
import { registerConsoleStaffRoutes } from './routes/staff.routes.ts';
import { registerConsoleTemplateRoutes } from './routes/templates.routes.ts';
import { CONSOLE_COOKIE, CONSOLE_REQUEST_HEADER, cookieOf } from './session-cookies.ts';

export { CONSOLE_COOKIE, CONSOLE_REQUEST_HEADER, DEVICE_COOKIE } from './session-cookies.ts';

const routeTables = new WeakMap<FastifyInstance, Array<{ method: string; url: string; public: boolean }>>();

/** Every console route (for the test that no route answers without a session). */
export function consoleRouteTable(app: FastifyInstance): Array<{ method: string; url: string; public: boolean }> {
  return routeTables.get(app) ?? [];
}

/**
 * The console API under /api/console: one scope that authenticates every request (the session
 * cookie, the CSRF header), with one routes file per resource in ./routes/.
 */
export async function registerConsoleRoutes(app: FastifyInstance): Promise<void> {
  const table: Array<{ method: string; url: string; public: boolean }> = [];
  routeTables.set(app, table);

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
          const token = cookieOf(request, CONSOLE_COOKIE);
          const actor = token ? await scope.services.console.auth.authenticate(token, request.ip) : undefined;
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

      registerConsoleSessionRoutes(scope);
      await registerConsoleOrderRoutes(scope);
      registerConsoleRefundRoutes(scope);
      registerConsoleFeedbackRoutes(scope);
      registerConsoleSmsLogRoutes(scope);
      registerConsoleCustomerRoutes(scope);
      registerConsoleDeletionRequestRoutes(scope);
      registerConsoleAuditRoutes(scope);
      registerConsoleCatalogRoutes(scope);
      registerConsoleDashboardRoutes(scope);
      registerConsoleStaffRoutes(scope);
      registerConsoleDirectorySourceRoutes(scope);
      registerConsoleReconciliationRoutes(scope);
      registerConsoleWechatComplaintRoutes(scope);
      registerConsoleSavedFilterRoutes(scope);
      registerConsoleExportRoutes(scope);
      registerConsoleCommissionRoutes(scope);
      await registerConsoleInvoiceRoutes(scope);
      registerConsoleTemplateRoutes(scope);
      registerConsoleReminderRoutes(scope);
    },
    { prefix: '/api/console' },
  );
}
