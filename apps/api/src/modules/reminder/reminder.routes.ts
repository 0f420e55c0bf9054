import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, ERROR_CATALOG, ReminderConsentQuerySchema, ReminderConsentRequestSchema, ReminderConsentViewSchema, isValidMobilePhone } from '@kuaibao/domain';
import { z } from 'zod';
import { limitRequests } from '../../http/rate-limit.ts';
import { apiRoute } from '../../http/route.ts';
import { requestToken } from '../account/index.ts';

const OptOutParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1), sig: z.string().regex(/^[\w-]{32}$/) });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page of its own, outside the web app: the SMS's link opens it in any browser, without scripts. */
function optOutPage(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
    .send(
      `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>` +
        `<style>body{font-family:sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem;line-height:1.6;color:#222}button{font-size:1.1rem;padding:.6rem 1.6rem;border:0;border-radius:.4rem;background:#1677ff;color:#fff}</style></head>` +
        `<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
    );
}

/** An 11-digit mainland number from a provider's form (+86, 86 or 0086 in front, spaces), or undefined. */
export function replyPhone(value: unknown, nationCode?: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (nationCode !== undefined && String(nationCode) !== '86') return undefined;
  const digits = value.replace(/[\s-]/g, '').replace(/^(\+86|0086|86)(?=1\d{10}$)/, '');
  return isValidMobilePhone(digits) ? digits : undefined;
}

const sameToken = (expected: string, presented: string) => {
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Next year's reminder for visitors (docs/decisions/065-next-season-reminder.md): the consent on a paid
 * annual-report order (with the order's proof, as the invoice request), the one-tap opt-out page, the
 * SMS providers' reply callbacks (回T), and, outside production, the test clock and the console
 * provider's reply endpoint.
 */
export function registerReminderRoutes(app: FastifyInstance): void {
  const reminders = () => app.services.reminders;
  const writes = limitRequests(app, { name: 'reminder-consent-ip', max: 30, windowMs: 10 * 60_000, key: (request) => request.ip });
  const userOf = async (request: Parameters<typeof requestToken>[0]) => (await app.services.accounts.findUser(requestToken(request)))?.id;

  apiRoute(app, {
    method: 'GET',
    url: '/api/h5/reminder-consent',
    summary: "Whether the order's customer asked to be reminded next filing season, to the order's key, a verified phone's token or its owner's login",
    tag: 'reminder',
    request: { querystring: ReminderConsentQuerySchema },
    response: ReminderConsentViewSchema,
    handler: async (request) => reminders().consent({ ...request.query, userId: await userOf(request) }),
  });

  apiRoute(app, {
    method: 'PUT',
    url: '/api/h5/reminder-consent',
    summary: 'Gives or withdraws the consent to next season’s reminder (明年年报季提醒我) on a paid annual-report order',
    tag: 'reminder',
    request: { body: ReminderConsentRequestSchema },
    response: ReminderConsentViewSchema,
    preValidation: writes,
    handler: async (request) => {
      const { given, ...proof } = request.body;
      return reminders().setConsent({ ...proof, userId: await userOf(request) }, given);
    },
  });

  // The SMS's one-tap link: a page with one button (a link scanner that only GETs changes nothing), outside /api/.
  const invalid = (reply: FastifyReply) => optOutPage(reply, 404, '链接无效', `<p>${escapeHtml(ERROR_CATALOG.REMINDER_OPT_OUT_LINK_INVALID.message)}</p>`);
  app.get('/reminder-optout/:id/:sig', async (request, reply) => {
    const params = OptOutParamsSchema.safeParse(request.params);
    const target = params.success ? await reminders().optOutTarget(params.data.id, params.data.sig) : undefined;
    if (!target) return invalid(reply);
    if (target.withdrawn) return optOutPage(reply, 200, '已退订', `<p>${escapeHtml(target.entityName)}的年报季提醒已退订，我们不会再发送提醒短信。</p>`);
    return optOutPage(
      reply,
      200,
      '退订年报季提醒',
      `<p>${escapeHtml(target.entityName)}：点击下方按钮后，我们不会再发送年报季提醒短信。</p><form method="post"><button type="submit">确认退订</button></form>`,
    );
  });
  app.post('/reminder-optout/:id/:sig', async (request, reply) => {
    const params = OptOutParamsSchema.safeParse(request.params);
    if (!params.success || !(await reminders().optOut(params.data.id, params.data.sig))) return invalid(reply);
    const target = await reminders().optOutTarget(params.data.id, params.data.sig);
    return optOutPage(reply, 200, '已退订', `<p>${escapeHtml(target?.entityName ?? '')}的年报季提醒已退订，我们不会再发送提醒短信。</p>`);
  });

  // The providers' reply callbacks. Neither signs its request; the secret path (SMS_REPLY_TOKEN) is the proof.
  const token = app.config.reminders.smsReplyToken;
  const tokenOk = (presented: unknown) => {
    if (!token || typeof presented !== 'string' || !sameToken(token, presented)) throw new AppError('REMINDER_SMS_REPLY_FORBIDDEN');
  };
  const handle = async (phone: string | undefined, text: unknown) => {
    if (!phone || typeof text !== 'string') return 0;
    const withdrawn = await reminders().smsReply(phone, text);
    if (withdrawn > 0) app.log.info({ withdrawn }, 'season reminder consent withdrawn by an SMS reply');
    return withdrawn;
  };
  if (token) {
    // Aliyun SmsUp, HTTP batch push: a JSON array of { phone_number, content, send_time, dest_code, sequence_id }.
    app.post('/api/sms/reply/aliyun/:token', async (request) => {
      tokenOk((request.params as { token?: unknown }).token);
      const items = Array.isArray(request.body) ? (request.body as unknown[]) : [];
      for (const item of items.slice(0, 500)) {
        const value = (item ?? {}) as { phone_number?: unknown; content?: unknown };
        await handle(replyPhone(value.phone_number), value.content);
      }
      return { code: 0, msg: '接收成功' };
    });
    // Tencent Cloud's reply callback: { mobile, nationcode, text, sign, time, extend } (an array is read too).
    app.post('/api/sms/reply/tencent/:token', async (request) => {
      tokenOk((request.params as { token?: unknown }).token);
      const items = Array.isArray(request.body) ? (request.body as unknown[]) : [request.body];
      for (const item of items.slice(0, 500)) {
        const value = (item ?? {}) as { mobile?: unknown; nationcode?: unknown; text?: unknown };
        await handle(replyPhone(value.mobile, value.nationcode ?? '86'), value.text);
      }
      return { result: 0, errmsg: 'OK' };
    });
  }

  if (app.config.env !== 'prod') {
    // The console provider's stand-in for a reply: what a customer's 回T would do, for local runs and e2e.
    if (app.config.sms.provider === 'console') {
      apiRoute(app, {
        method: 'POST',
        url: '/api/sms/reply/console',
        summary: 'Outside production, with the console SMS provider: a customer’s reply to a reminder (T, TD, 回T, 退订 opt out)',
        tag: 'reminder',
        request: { body: z.object({ phone: z.string().max(20), text: z.string().max(200) }) },
        response: z.object({ withdrawn: z.number().int() }),
        handler: async (request) => ({ withdrawn: await handle(replyPhone(request.body.phone), request.body.text) }),
      });
    }
    const set = app.services.reminders.clock.set;
    if (set) {
      const ClockSchema = z.object({ now: z.iso.datetime({ offset: true }) });
      app.put('/__test/reminder-clock', async (request) => {
        const body = ClockSchema.safeParse(request.body);
        if (!body.success) throw new AppError('FORM_INCOMPLETE');
        set(new Date(body.data.now));
        return { now: app.services.reminders.clock.now().toISOString() };
      });
    }
  }
}
