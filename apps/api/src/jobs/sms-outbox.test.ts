import { afterAll, beforeAll, expect, it } from 'vitest';
import { SMS_DISCLOSURE, type ConsolePage, type ConsoleSmsLogEntry } from '@kuaibao/domain';
import { ADMIN_PASSWORD, buildConsoleTestApp, caller, dataOf, insertOrder, login, placeAndPay, type ConsoleTestApp } from '../modules/console/console.test-support.ts';
import type { SendSmsInput, SendSmsResult, SmsProvider } from '../providers/sms/index.ts';
import { describeDialects } from '../test/dialects.ts';
import { SMS_MAX_ATTEMPTS, createSmsOutboxWorker } from './sms-outbox.ts';

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

/** A provider that answers from a script and remembers what it was asked. */
function scriptedProvider(answers: Array<SendSmsResult | (() => Promise<SendSmsResult>)>): SmsProvider & { sent: SendSmsInput[] } {
  const sent: SendSmsInput[] = [];
  return {
    id: 'aliyun',
    sent,
    async send(input) {
      sent.push(input);
      const next = answers.length > 1 ? answers.shift()! : answers[0]!;
      return typeof next === 'function' ? next() : next;
    },
  };
}

describeDialects('the SMS outbox (%s)', (dialect) => {
  let test: ConsoleTestApp;
  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
  });
  afterAll(async () => {
    await test.close();
  });

  const outboxRow = (id: number) => test.database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const queue = async (kind: string, orderId: number) =>
    (await test.database.db.insertInto('outbox').values({ kind, payload: JSON.stringify({ orderId }), created_at: test.clock.now.toISOString(), processed_at: null, last_error: null }).returning('id').executeTakeFirstOrThrow()).id;
  const sentFor = (orderId: number) => test.database.db.selectFrom('sms_log').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

  it('sends the payment notice of a paid order once, with the disclosure, and shows it in the SMS log', async () => {
    const paid = await placeAndPay(test, { entity_phone: '13612345678' });
    const worker = test.app.services.smsOutbox;
    const first = await worker.runOnce();
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const rows = await sentFor(paid.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'SENT', template: 'payment_succeeded', phone: '13612345678', provider: 'console', dedupe_key: `payment_succeeded:${paid.orderId}` });
    expect(rows[0]!.content).toContain('营业执照年报代办');
    expect(rows[0]!.content).toContain('199.00元');
    expect(rows[0]!.content.endsWith(SMS_DISCLOSURE)).toBe(true);
    expect((await worker.runOnce()).sent).toBe(0);
    expect(await sentFor(paid.orderId)).toHaveLength(1);

    const admin = await login(test, 'admin', ADMIN_PASSWORD);
    const log = dataOf<ConsolePage<ConsoleSmsLogEntry>>(await caller(test, admin)('GET', '/api/console/sms', undefined, { query: { q: '13612345678' } }));
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({ phone: '136****5678', template_title: '支付成功通知', status: 'SENT', order_id: paid.orderId });
  });

  it('does not text twice when the same notice is queued twice', async () => {
    const orderId = await insertOrder(test, { entity_phone: '13512345678' });
    const a = await queue('sms.order_completed', orderId);
    const b = await queue('sms.order_completed', orderId);
    const provider = scriptedProvider([{ ok: true, providerMessageId: 'm-1' }]);
    const run = await createSmsOutboxWorker({ db: test.database.db, sms: provider, now: () => test.clock.now, log: quietLog, intervalMs: 0 }).runOnce();
    expect(run).toMatchObject({ sent: 1, skipped: 1 });
    expect(provider.sent).toHaveLength(1);
    expect(provider.sent[0]).toMatchObject({ phone: '13512345678', template: 'order_completed', idempotencyKey: `order_completed:${orderId}`, params: { company: '北京字节跳动科技有限公司', goods: '营业执照年报代办' } });
    expect((await outboxRow(a)).processed_at).not.toBeNull();
    expect((await outboxRow(b)).processed_at).not.toBeNull();
  });

  it('retries a throttled send after its backoff and logs every attempt', async () => {
    const orderId = await insertOrder(test, { entity_phone: '13412345678' });
    const id = await queue('sms.refund_succeeded', orderId);
    const provider = scriptedProvider([{ ok: false, retryable: true, code: 'isv.BUSINESS_LIMIT_CONTROL', message: '流控' }, { ok: true, providerMessageId: 'm-2' }]);
    const worker = createSmsOutboxWorker({ db: test.database.db, sms: provider, now: () => test.clock.now, log: quietLog, intervalMs: 0 });
    expect(await worker.runOnce()).toMatchObject({ retried: 1, sent: 0 });
    const waiting = await outboxRow(id);
    expect(waiting.processed_at).toBeNull();
    expect(waiting.attempts).toBe(1);
    expect(waiting.last_error).toContain('isv.BUSINESS_LIMIT_CONTROL');
    // Not before its time.
    expect(await worker.runOnce()).toMatchObject({ sent: 0, retried: 0 });
    test.clock.advance(31_000);
    expect(await worker.runOnce()).toMatchObject({ sent: 1 });
    expect((await sentFor(orderId)).map((r) => r.status)).toEqual(['FAILED', 'SENT']);
    expect((await outboxRow(id)).processed_at).not.toBeNull();
  });

  it('gives up on a permanent failure at once, and on a retryable one after the last attempt', async () => {
    const bad = await insertOrder(test, { entity_phone: '13312345678' });
    const badId = await queue('sms.order_completed', bad);
    const refused = scriptedProvider([{ ok: false, retryable: false, code: 'isv.MOBILE_NUMBER_ILLEGAL', message: '非法手机号' }]);
    expect(await createSmsOutboxWorker({ db: test.database.db, sms: refused, now: () => test.clock.now, log: quietLog, intervalMs: 0 }).runOnce()).toMatchObject({ failed: 1 });
    expect(await outboxRow(badId)).toMatchObject({ attempts: 1, last_error: 'isv.MOBILE_NUMBER_ILLEGAL: 非法手机号' });
    expect((await outboxRow(badId)).processed_at).not.toBeNull();

    const down = await insertOrder(test, { entity_phone: '13212345678' });
    const downId = await queue('sms.order_completed', down);
    const outage = scriptedProvider([{ ok: false, retryable: true, code: 'TRANSPORT', message: 'connect ECONNREFUSED' }]);
    const worker = createSmsOutboxWorker({ db: test.database.db, sms: outage, now: () => test.clock.now, log: quietLog, intervalMs: 0 });
    for (let attempt = 1; attempt <= SMS_MAX_ATTEMPTS; attempt++) {
      await worker.runOnce();
      test.clock.advance(5 * 3600_000);
    }
    const row = await outboxRow(downId);
    expect(row.attempts).toBe(SMS_MAX_ATTEMPTS);
    expect(row.processed_at).not.toBeNull();
    expect((await sentFor(down)).filter((r) => r.status === 'FAILED')).toHaveLength(SMS_MAX_ATTEMPTS);
    expect(await worker.runOnce()).toMatchObject({ sent: 0, failed: 0, retried: 0 });
  });

  it('lets only one of two workers send a row', async () => {
    const orderId = await insertOrder(test, { entity_phone: '13112345678' });
    await queue('sms.order_completed', orderId);
    const key = `order_completed:${orderId}`;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let sentTwice!: () => void;
    const secondSend = new Promise<'sent twice'>((resolve) => (sentTwice = () => resolve('sent twice')));
    // The first send of the row is held until the other worker has had its chance at the row.
    const slow = scriptedProvider([async () => {
      if (slow.sent.filter((s) => s.idempotencyKey === key).length > 1) sentTwice();
      await gate;
      return { ok: true, providerMessageId: 'slow' };
    }]);
    const one = createSmsOutboxWorker({ db: test.database.db, sms: slow, now: () => test.clock.now, log: quietLog, intervalMs: 0 });
    const two = createSmsOutboxWorker({ db: test.database.db, sms: slow, now: () => test.clock.now, log: quietLog, intervalMs: 0 });
    const running = [one.runOnce(), two.runOnce()];
    // Its chance is over when its run has ended without the row (one run ends while the other is held),
    // or when it sent the row too.
    const first = await Promise.race([...running, secondSend]);
    release();
    const runs = await Promise.all(running);
    expect(first).not.toBe('sent twice');
    expect(slow.sent.filter((s) => s.idempotencyKey === key)).toHaveLength(1);
    expect(runs.map((run) => run.sent).sort()).toEqual([0, 1]);
  });

  it('leaves other outbox kinds alone and dead-letters what it cannot send', async () => {
    const orderId = await insertOrder(test);
    const other = await queue('payment.refund_attempt', orderId);
    const unknown = await queue('sms.marketing', orderId);
    const missing = await queue('sms.order_completed', 99999999);
    const provider = scriptedProvider([{ ok: true, providerMessageId: 'x' }]);
    await createSmsOutboxWorker({ db: test.database.db, sms: provider, now: () => test.clock.now, log: quietLog, intervalMs: 0 }).runOnce();
    expect(provider.sent).toHaveLength(0);
    expect((await outboxRow(other)).processed_at).toBeNull();
    expect((await outboxRow(unknown)).last_error).toBe('unknown template or order');
    expect((await outboxRow(missing)).last_error).toBe('no order or no valid phone');
  });
});
