import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REMINDER_CONSENT_VERSION, type ConsoleReminderBatch, type ConsoleReminderSeason, type ConsoleReminderSummary, type ReminderConsentView } from '@kuaibao/domain';
import { createSmsOutboxWorker } from '../../jobs/sms-outbox.ts';
import { createPersonalDataVault } from '../../security/personal-data.ts';
import { issuePhoneToken } from '../../security/phone-token.ts';
import { describeDialects } from '../../test/dialects.ts';
import { envelopeOf, signedInject } from '../../test/helper.ts';
import { createAnnualReportCheckRepository } from '../company/index.ts';
import { ADMIN_PASSWORD, auditRows, buildConsoleTestApp, caller, dataOf, expectError, insertOrder, login, type ConsoleTestApp } from '../console/console.test-support.ts';

/** A Beijing wall-clock time as an instant. */
const bj = (local: string) => new Date(`${local}+08:00`);
const DAY_MS = 24 * 3600_000;
const REPLY_TOKEN = 'reply-token-for-tests-0123456789';

/**
 * Next year's reminder (docs/decisions/065-next-season-reminder.md): the visitor's consent with the
 * order's proof; batches the admin starts, refused after 30 June and outside 08:00–21:00 Beijing; each
 * company skipped for its reason; a second reminder only 14 days after the first; the opt-out by the
 * one-tap page and by an SMS reply.
 */
describeDialects('season reminders (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let vault: ReturnType<typeof createPersonalDataVault>;
  const log = { info() {}, warn() {}, error() {} };
  let codeSequence = 0;

  /** A paid annual report of a company of its own, with the device's key. */
  const order = async (overrides: Record<string, string | null> = {}) => {
    codeSequence += 1;
    const id = await insertOrder(test, { entity_name: `提醒测试${codeSequence}有限公司`, entity_id: `9111000000000${String(codeSequence).padStart(4, '0')}X`, entity_phone: `1390000${String(codeSequence).padStart(4, '0')}`, ...overrides });
    const row = await test.database.db.selectFrom('orders').select(['public_id', 'entity_id', 'entity_phone']).where('id', '=', id).executeTakeFirstOrThrow();
    return { id, publicId: row.public_id, key: vault.capability('order.declaration', row.public_id), creditCode: row.entity_id, phone: row.entity_phone };
  };
  const tick = (body: Record<string, unknown>) => signedInject(test, { method: 'PUT', url: '/api/h5/reminder-consent', body });
  const consentOf = (response: Awaited<ReturnType<typeof tick>>) => {
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<ReminderConsentView>(test, response).data;
  };
  const consents = () => test.database.db.selectFrom('reminder_consents').selectAll().execute();
  /** A staff session at the clock's present (sessions end after hours without a request). */
  const asAdmin = async () => caller(test, await login(test, 'admin', ADMIN_PASSWORD));
  const season = async () => dataOf<ConsoleReminderSeason>(await (await asAdmin())('GET', '/api/console/reminders'));
  const sendBatch = async () => (await asAdmin())('POST', '/api/console/reminders/batches', {});
  const reminderSms = () => test.database.db.selectFrom('sms_log').select(['phone', 'content', 'status', 'template']).where('template', '=', 'season_reminder').orderBy('id').execute();
  const worker = () => createSmsOutboxWorker({ db: test.database.db, sms: test.app.services.sms, now: () => test.clock.now, log, intervalMs: 0, reminderNow: () => test.clock.now });
  const consented = async (overrides: Record<string, string | null> = {}) => {
    const mine = await order(overrides);
    consentOf(await tick({ id: mine.publicId, key: mine.key, given: true }));
    return mine;
  };

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect, { PUBLIC_BASE_URL: 'https://kuaibao.example', SMS_REPLY_TOKEN: REPLY_TOKEN }, bj('2026-05-01T10:00:00'));
    vault = createPersonalDataVault({ encryptionKey: test.config.idEncryptionKey, hashKey: test.config.idHashKey });
  });
  afterAll(async () => {
    await test.close();
  });

  describe('the consent', () => {
    beforeEach(() => {
      test.clock.now = bj('2026-05-01T10:00:00');
    });

    it('an order id alone, another order’s key or another phone’s token gives nothing and stores nothing', async () => {
      const mine = await order();
      const other = await order();
      const otherToken = issuePhoneToken(vault, other.phone, test.clock.now).token;
      const proofs: Record<string, string>[] = [{ id: mine.publicId }, { id: mine.publicId, key: other.key }, { id: mine.publicId, phone_token: otherToken }, { id: 'no-such-order', key: mine.key }];
      for (const proof of proofs) {
        expectError(await tick({ ...proof, given: true }), 'REPORT_ORDER_FORBIDDEN');
        expectError(await signedInject(test, { method: 'GET', url: '/api/h5/reminder-consent', query: proof }), 'REPORT_ORDER_FORBIDDEN');
      }
      expect((await consents()).filter((c) => c.order_id === mine.id)).toEqual([]);
    });

    it('is refused on an unpaid, a refunded or another service’s order', async () => {
      const refused: Record<string, string>[] = [{ status: '1' }, { status: '4' }, { goods_type: 'cancel' }];
      for (const overrides of refused) {
        const mine = await order(overrides);
        expect(consentOf(await signedInject(test, { method: 'GET', url: '/api/h5/reminder-consent', query: { id: mine.publicId, key: mine.key } })).allowed).toBe(false);
        expectError(await tick({ id: mine.publicId, key: mine.key, given: true }), 'REMINDER_CONSENT_NOT_ALLOWED');
        expect((await consents()).filter((c) => c.order_id === mine.id)).toEqual([]);
      }
    });

    it('is recorded with its version and time, by the device’s key or the phone’s token, and withdrawn by unticking', async () => {
      const mine = await order();
      const before = consentOf(await signedInject(test, { method: 'GET', url: '/api/h5/reminder-consent', query: { id: mine.publicId, key: mine.key } }));
      expect(before).toMatchObject({ allowed: true, given: false, label: '明年年报季提醒我', version: REMINDER_CONSENT_VERSION });
      expect(consentOf(await tick({ id: mine.publicId, key: mine.key, given: true })).given).toBe(true);
      let [row] = (await consents()).filter((c) => c.order_id === mine.id);
      expect(row).toMatchObject({ version: REMINDER_CONSENT_VERSION, given_at: test.clock.now.toISOString(), withdrawn_at: null, phone: mine.phone, credit_code: mine.creditCode });
      const token = issuePhoneToken(vault, mine.phone, test.clock.now).token;
      expect(consentOf(await tick({ id: mine.publicId, phone_token: token, given: false })).given).toBe(false);
      [row] = (await consents()).filter((c) => c.order_id === mine.id);
      expect(row).toMatchObject({ withdrawn_via: 'visitor', withdrawn_at: test.clock.now.toISOString() });
    });
  });

  describe('a season’s batches', () => {
    let sent: Awaited<ReturnType<typeof order>>;
    let noConsent: Awaited<ReturnType<typeof order>>;
    let optedOut: Awaited<ReturnType<typeof order>>;
    let ordered: Awaited<ReturnType<typeof order>>;
    let published: Awaited<ReturnType<typeof order>>;

    beforeAll(async () => {
      await test.database.db.deleteFrom('reminder_consents').execute();
      test.clock.now = bj('2026-05-02T10:00:00');
      sent = await consented();
      noConsent = await order();
      optedOut = await consented();
      consentOf(await tick({ id: optedOut.publicId, key: optedOut.key, given: false }));
      ordered = await consented();
      published = await consented();
      await createAnnualReportCheckRepository(test.database).save({ creditCode: published.creditCode, year: 2026, published: true, publishDate: '2027-01-03', source: 'seed', answeredAt: bj('2027-01-04T09:00:00').toISOString() });
      // This season's order of the same company (paid on 3 January 2027).
      test.clock.now = bj('2027-01-03T09:00:00');
      await insertOrder(test, { entity_name: '已下单公司', entity_id: ordered.creditCode, entity_phone: ordered.phone });
    });

    it('is refused outside 08:00–21:00 Beijing and after 30 June, with nothing queued', async () => {
      for (const [at, code] of [
        ['2027-01-05T07:59:00', 'CONSOLE_REMINDER_OUTSIDE_SENDING_HOURS'],
        ['2027-01-05T21:00:00', 'CONSOLE_REMINDER_OUTSIDE_SENDING_HOURS'],
        ['2027-07-01T10:00:00', 'CONSOLE_REMINDER_SEASON_OVER'],
        ['2026-11-29T10:00:00', 'CONSOLE_REMINDER_SEASON_OVER'],
      ] as const) {
        test.clock.now = bj(at);
        expectError(await sendBatch(), code);
      }
      expect(await test.database.db.selectFrom('reminders_sent').selectAll().execute()).toEqual([]);
      expect(await test.database.db.selectFrom('outbox').selectAll().where('kind', '=', 'sms.season_reminder').execute()).toEqual([]);
    });

    it('lists each company with what a batch would do, and why it skips', async () => {
      test.clock.now = bj('2027-01-05T10:00:00');
      const page = await season();
      expect(page).toMatchObject({ season_year: 2027, report_year: 2026, refusal: '' });
      const byCode = new Map(page.rows.map((r) => [r.credit_code, r]));
      expect(byCode.get(sent.creditCode)).toMatchObject({ status: 'eligible', reason: null, sent_count: 0 });
      expect(byCode.get(optedOut.creditCode)).toMatchObject({ status: 'opted_out', reason: 'opted_out' });
      expect(byCode.get(ordered.creditCode)).toMatchObject({ status: 'ordered', reason: 'already_ordered' });
      expect(byCode.get(published.creditCode)).toMatchObject({ status: 'skipped', reason: 'already_published', reason_text: '年报已公示', published: true });
      // No consent, no row: a company is never listed (or reminded) without its tick.
      expect(byCode.has(noConsent.creditCode)).toBe(false);
      expect(byCode.get(sent.creditCode)!.phone).not.toContain(sent.phone);
    });

    it('sends the first reminder only where allowed, through the outbox, with the site, the one-tap link and 回T退订', async () => {
      test.clock.now = bj('2027-01-05T10:00:00');
      const batch = dataOf<ConsoleReminderBatch>(await sendBatch());
      expect(batch).toMatchObject({ season_year: 2027, sent_count: 1, companies: 4, skipped_count: 3 });
      expect(await auditRows(test, 'reminder.batch', batch.id)).toHaveLength(1);
      expect(await reminderSms()).toEqual([]);
      expect(await worker().runOnce()).toMatchObject({ sent: 1 });
      const [sms] = await reminderSms();
      expect(sms).toMatchObject({ phone: sent.phone, status: 'SENT' });
      expect(sms!.content).toMatch(/^提醒测试\d+有限公司的2026年度年报可以办理了（截止6月30日），可在kuaibao\.example办理。不再提醒请点 https:\/\/kuaibao\.example\/reminder-optout\/\d+\/[\w-]{32} ，回T退订。/);
      for (const other of [noConsent, optedOut, ordered, published]) expect((await reminderSms()).some((s) => s.phone === other.phone)).toBe(false);
    });

    it('sends no second within 14 days of the first, the second after, and never a third', async () => {
      test.clock.now = bj('2027-01-18T10:00:00');
      expect(dataOf<ConsoleReminderBatch>(await sendBatch()).sent_count).toBe(0);
      expect((await season()).rows.find((r) => r.credit_code === sent.creditCode)).toMatchObject({ status: 'sent_1', reason: 'too_soon', sent_count: 1 });
      test.clock.now = bj('2027-01-19T10:00:00');
      expect(dataOf<ConsoleReminderBatch>(await sendBatch()).sent_count).toBe(1);
      await worker().runOnce();
      expect((await reminderSms()).filter((s) => s.phone === sent.phone)).toHaveLength(2);
      test.clock.now = bj('2027-03-01T10:00:00');
      expect(dataOf<ConsoleReminderBatch>(await sendBatch()).sent_count).toBe(0);
      expect((await season()).rows.find((r) => r.credit_code === sent.creditCode)).toMatchObject({ status: 'sent_2', reason: 'limit_reached' });
    });

    it('counts the season on the dashboard: reminders sent, opt-outs, and orders that followed within 30 days', async () => {
      test.clock.now = bj('2027-02-01T10:00:00');
      await insertOrder(test, { entity_name: '回头客', entity_id: sent.creditCode, entity_phone: sent.phone });
      test.clock.now = bj('2027-03-01T10:00:00');
      const summary = dataOf<ConsoleReminderSummary>(await (await asAdmin())('GET', '/api/console/reminders/summary'));
      expect(summary).toEqual({ season_year: 2027, sent: 2, opted_out: 0, followed_by_order: 1 });
    });
  });

  describe('the pre-check', () => {
    it('asks the directory only for companies a reminder could still reach and whose publication is unknown', async () => {
      await test.database.db.deleteFrom('reminder_consents').execute();
      test.clock.now = bj('2026-05-05T10:00:00');
      const unknown = await consented();
      const known = await consented();
      test.clock.now = bj('2027-02-01T10:00:00');
      await createAnnualReportCheckRepository(test.database).save({ creditCode: known.creditCode, year: 2026, published: false, publishDate: '', source: 'seed', answeredAt: bj('2027-01-30T10:00:00').toISOString() });
      const page = await season();
      expect(page.precheck_budget_left).toBeNull();
      expect(page.rows.find((r) => r.credit_code === known.creditCode)).toMatchObject({ published: false, status: 'eligible' });
      const result = dataOf<{ asked: number; unknown: number }>(await (await asAdmin())('POST', '/api/console/reminders/precheck', {}));
      // The local directory answers from stored answers only: the unknown company stays unknown.
      expect(result).toEqual({ asked: 1, published: 0, not_published: 0, unknown: 1 });
      expect(await auditRows(test, 'reminder.precheck', 2027)).toHaveLength(1);
      expect((await season()).rows.find((r) => r.credit_code === unknown.creditCode)).toMatchObject({ published: null });
    });
  });

  describe('the quiet hours in the outbox', () => {
    it('holds a reminder a retry would carry past 21:00 until 08:00', async () => {
      await test.database.db.deleteFrom('reminder_consents').execute();
      test.clock.now = bj('2026-05-03T10:00:00');
      const mine = await consented();
      test.clock.now = bj('2027-02-10T20:59:00');
      expect(dataOf<ConsoleReminderBatch>(await sendBatch()).sent_count).toBe(1);
      test.clock.now = bj('2027-02-10T21:01:00');
      expect(await worker().runOnce()).toMatchObject({ sent: 0, retried: 1 });
      expect((await reminderSms()).some((s) => s.phone === mine.phone)).toBe(false);
      test.clock.now = bj('2027-02-11T08:00:01');
      expect(await worker().runOnce()).toMatchObject({ sent: 1 });
      expect((await reminderSms()).some((s) => s.phone === mine.phone)).toBe(true);
    });
  });

  describe('opting out', () => {
    let mine: Awaited<ReturnType<typeof order>>;
    let link: string;

    beforeEach(async () => {
      await test.database.db.deleteFrom('reminder_consents').execute();
      test.clock.now = bj('2026-05-04T10:00:00');
      mine = await consented();
      const [row] = (await consents()).filter((c) => c.order_id === mine.id);
      link = test.app.services.reminders.optOutLink(row!.id).replace('https://kuaibao.example', '');
    });
    const withdrawn = async () => (await consents()).find((c) => c.order_id === mine.id)!;

    it('by the one-tap page: a GET shows the button and changes nothing, the POST withdraws', async () => {
      const page = await test.app.inject({ method: 'GET', url: link });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('确认退订');
      expect((await withdrawn()).withdrawn_at).toBeNull();
      const done = await test.app.inject({ method: 'POST', url: link, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('已退订');
      expect(await withdrawn()).toMatchObject({ withdrawn_via: 'page', withdrawn_at: test.clock.now.toISOString() });
    });

    it('refuses a forged or another consent’s link', async () => {
      const other = await consented();
      const [otherRow] = (await consents()).filter((c) => c.order_id === other.id);
      const sig = link.split('/').at(-1)!;
      for (const url of [`/reminder-optout/${otherRow!.id}/${sig}`, `${link.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`, '/reminder-optout/999999/abcdefghijklmnopqrstuvwxyz012345']) {
        expect((await test.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' })).statusCode).toBe(404);
        expect((await test.app.inject({ method: 'GET', url })).body).toContain('退订链接无效或已失效');
      }
      expect((await consents()).every((c) => c.withdrawn_at === null)).toBe(true);
    });

    it('by the Aliyun reply push (回T), only with the secret path', async () => {
      const push = (token: string, content: string) =>
        test.app.inject({ method: 'POST', url: `/api/sms/reply/aliyun/${token}`, payload: [{ phone_number: mine.phone, send_time: '2027-01-05 10:00:00', content, sign_name: '快报', dest_code: '1234', sequence_id: 1 }] });
      expectError(await push('wrong-token-for-tests-0123456789', 'T'), 'REMINDER_SMS_REPLY_FORBIDDEN');
      expect((await withdrawn()).withdrawn_at).toBeNull();
      const notStop = await push(REPLY_TOKEN, '好的谢谢');
      expect(notStop.json()).toEqual({ code: 0, msg: '接收成功' });
      expect((await withdrawn()).withdrawn_at).toBeNull();
      expect((await push(REPLY_TOKEN, '回T')).json()).toEqual({ code: 0, msg: '接收成功' });
      expect(await withdrawn()).toMatchObject({ withdrawn_via: 'sms_reply' });
    });

    it('by the Tencent reply callback (TD), only with the secret path', async () => {
      const reply = (token: string) => test.app.inject({ method: 'POST', url: `/api/sms/reply/tencent/${token}`, payload: { extend: '', mobile: mine.phone, nationcode: '86', sign: '快报', text: 'TD', time: 1798000000 } });
      expectError(await reply('x'.repeat(30)), 'REMINDER_SMS_REPLY_FORBIDDEN');
      expect((await withdrawn()).withdrawn_at).toBeNull();
      expect((await reply(REPLY_TOKEN)).json()).toEqual({ result: 0, errmsg: 'OK' });
      expect(await withdrawn()).toMatchObject({ withdrawn_via: 'sms_reply' });
    });

    it('by the console provider’s stand-in reply, outside production', async () => {
      const response = await test.app.inject({ method: 'POST', url: '/api/sms/reply/console', payload: { phone: mine.phone, text: 'T' } });
      expect(response.json()).toMatchObject({ code: 0, data: { withdrawn: 1 } });
      expect(await withdrawn()).toMatchObject({ withdrawn_via: 'sms_reply' });
      // And then no reminder: the next batch skips it as opted out.
      test.clock.now = bj('2027-04-01T10:00:00');
      expect((await season()).rows.find((r) => r.credit_code === mine.creditCode)).toMatchObject({ status: 'opted_out' });
    });
  });

  describe('the test clock', () => {
    it('is not there unless REMINDER_TEST_CLOCK is set', async () => {
      expect((await test.app.inject({ method: 'PUT', url: '/__test/reminder-clock', payload: { now: '2027-01-05T10:00:00+08:00' } })).statusCode).toBe(404);
    });

    it('moves the reminder clock only, when set', async () => {
      const moved = await buildConsoleTestApp(dialect, { REMINDER_TEST_CLOCK: 'true' });
      try {
        const answer = await moved.app.inject({ method: 'PUT', url: '/__test/reminder-clock', payload: { now: '2027-01-05T10:00:00+08:00' } });
        expect(answer.statusCode, answer.body).toBe(200);
        expect(Math.abs(moved.app.services.reminders.clock.now().getTime() - bj('2027-01-05T10:00:00').getTime())).toBeLessThan(DAY_MS);
        expect(moved.app.services.now().getTime()).toBe(moved.clock.now.getTime());
      } finally {
        await moved.close();
      }
    });
  });
});
