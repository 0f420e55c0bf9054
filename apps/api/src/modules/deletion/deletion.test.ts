import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { DELETION_CODE_MAX_ATTEMPTS, DELETION_STATUS, PROCESS_STATUS, PURGED_TEXT, orderTimeline, type ConsoleDeletionRequest, type ConsoleOrderDetail, type ConsolePage, type CreateOrderResult, type DeletionConfirmResponse } from '@kuaibao/domain';
import type { SendSmsInput } from '../../providers/sms/port.ts';
import { ADMIN_PASSWORD, buildConsoleTestApp, caller, dataOf, expectError, login, placeAndPay, type Call, type ConsoleTestApp } from '../console/console.test-support.ts';
import { envelopeOf, signedInject, validOrderForm } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';
import type { RetentionReport } from '../../jobs/retention-sweep.ts';

/**
 * The visitor's deletion request end to end (decision 037): a code sent through
 * the SMS port, a wrong code refused, the attempts limited, then the database read after the right
 * code: the closed order's ID number (ciphertext and hash), phone and legal representative's name
 * are gone, the open one is kept until it closes and the retention sweep purges it.
 */
describeDialects('deletion request (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let asAdmin: Call;
  const sent: SendSmsInput[] = [];
  const PHONE = '13700000611';
  const OTHER_PHONE = '13700000612';
  const orders = {} as Record<'completed' | 'processing' | 'unpaid' | 'other', { publicId: string; orderId: number }>;

  const row = (id: number) =>
    test.database.db
      .selectFrom('orders')
      .select(['entity_idno_enc', 'entity_idno_hash', 'entity_phone', 'entity_legal', 'entity_name', 'entity_id', 'out_trade_no', 'idno_purged_at', 'contact_purged_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const post = (url: string, body: object) => signedInject(test, { method: 'POST', url, body });
  const lastCode = () => sent.at(-1)!.params.code!;

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    asAdmin = caller(test, await login(test, 'admin', ADMIN_PASSWORD));
    // The SMS port, watched: the codes the visitor would read on their phone.
    const sms = test.app.services.sms as { send: (input: SendSmsInput) => Promise<unknown> };
    sms.send = async (input) => {
      sent.push(input);
      return { ok: true, providerMessageId: `test-${sent.length}` };
    };
    const companies = await test.database.db.selectFrom('companies').select(['name', 'credit_code', 'oper_name']).orderBy('credit_code').offset(10).limit(4).execute();
    const form = (i: number, phone: string) => ({ entity_name: companies[i]!.name, entity_id: companies[i]!.credit_code, entity_legal: `法人${i}`, entity_phone: phone });

    orders.completed = await placeAndPay(test, form(0, PHONE));
    dataOf(await asAdmin('POST', `/api/console/orders/${orders.completed.orderId}/take`, {}));
    dataOf(await asAdmin('POST', `/api/console/orders/${orders.completed.orderId}/process-status`, { process_status: '2', confirm_without_declaration: true }));
    orders.processing = await placeAndPay(test, form(1, PHONE));
    dataOf(await asAdmin('POST', `/api/console/orders/${orders.processing.orderId}/take`, {}));
    dataOf(await asAdmin('POST', `/api/console/orders/${orders.processing.orderId}/process-status`, { process_status: '4' }));
    const unpaid = await post('/api/h5/order', validOrderForm({ ...form(2, PHONE), pay_source: 'native' }));
    if (unpaid.statusCode !== 200) throw new Error(unpaid.body);
    const unpaidId = envelopeOf<CreateOrderResult>(test, unpaid).data.orderId;
    orders.unpaid = { publicId: unpaidId, orderId: (await test.database.db.selectFrom('orders').select('id').where('public_id', '=', unpaidId).executeTakeFirstOrThrow()).id };
    orders.other = await placeAndPay(test, form(3, OTHER_PHONE));

    // Beyond the orders (decision 045): notices in the SMS log, complaints left with the phone as
    // contact, and what a clerk asked the customer for in the status history.
    const db = test.database.db;
    for (const [key, orderId, phone] of [
      ['completed', orders.completed.orderId, PHONE],
      ['processing', orders.processing.orderId, PHONE],
      ['other', orders.other.orderId, OTHER_PHONE],
    ] as const)
      await db.insertInto('sms_log').values({ dedupe_key: `deletion-test:${key}`, order_id: orderId, phone, template: 'order_paid', content: `${key}：法人的公司已付款`, provider: 'console', status: 'SENT' }).execute();
    for (const contact of [PHONE, ` ${PHONE} `, OTHER_PHONE]) await db.insertInto('feedback').values({ type: '其他', content: '投诉内容', contact }).execute();
    for (const orderId of [orders.completed.orderId, orders.processing.orderId, orders.other.orderId])
      await db
        .insertInto('order_status_history')
        .values({ order_id: orderId, from_process_status: PROCESS_STATUS.processing, to_process_status: PROCESS_STATUS.waitingCustomer, process_status_name: '待客户补充', staff_id: null, note: '请补充法人身份证照片' })
        .execute();
  });
  const smsOf = (orderId: number) => test.database.db.selectFrom('sms_log').select(['phone', 'content']).where('order_id', '=', orderId).orderBy('id').execute();
  const requestNotesOf = (orderId: number) =>
    test.database.db.selectFrom('order_status_history').select('note').where('order_id', '=', orderId).where('to_process_status', '=', PROCESS_STATUS.waitingCustomer).execute();

  afterAll(async () => {
    await test.close();
  });

  it('sends a code to a phone with orders, one a minute, and stores only its salted hash', async () => {
    expectError(await post('/api/h5/deletion/code', { phone: '123' }), 'PHONE_INVALID');

    const response = await post('/api/h5/deletion/code', { phone: PHONE });
    expect(response.statusCode, response.body).toBe(200);
    expect(envelopeOf<{ expires_in: number }>(test, response).data.expires_in).toBe(600);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ phone: PHONE, template: 'deletion_code' });
    expect(lastCode()).toMatch(/^\d{6}$/);
    expect(sent[0]!.text).toContain(lastCode());

    const stored = await test.database.db.selectFrom('deletion_requests').selectAll().where('phone_masked', '=', '137****0611').executeTakeFirstOrThrow();
    expect(stored.status).toBe(DELETION_STATUS.codeSent);
    expect(stored.code_hash).toMatch(/^[0-9a-f]+\$[0-9a-f]{64}$/);
    expect(stored.code_hash).not.toContain(lastCode());
    expect(stored.phone_hash).not.toContain(PHONE);
    expect(stored.phone_masked).toBe('137****0611');

    expectError(await post('/api/h5/deletion/code', { phone: PHONE }), 'DELETION_CODE_TOO_SOON');
    expect(sent).toHaveLength(1);
  });

  it('answers a phone without orders exactly as a customer\'s, limits included, and texts nobody (no customer list for strangers)', async () => {
    const stranger = '13700000699';
    const before = sent.length;
    const first = await post('/api/h5/deletion/code', { phone: stranger });
    expect(first.statusCode, first.body).toBe(200);
    expect(JSON.parse(first.body)).toEqual(JSON.parse((await post('/api/h5/deletion/code', { phone: '13700000698' })).body));
    expect(envelopeOf<{ expires_in: number }>(test, first).data.expires_in).toBe(600);
    expectError(await post('/api/h5/deletion/code', { phone: stranger }), 'DELETION_CODE_TOO_SOON');
    // Let any SMS the request might have started settle before counting none.
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toHaveLength(before);
  });

  it(`refuses a wrong code and dies after ${DELETION_CODE_MAX_ATTEMPTS} wrong tries, even for the right one`, async () => {
    const right = lastCode();
    const wrong = right === '000000' ? '000001' : '000000';
    for (let i = 1; i <= DELETION_CODE_MAX_ATTEMPTS; i++) {
      expectError(await post('/api/h5/deletion/confirm', { phone: PHONE, code: wrong }), 'DELETION_CODE_WRONG');
    }
    expectError(await post('/api/h5/deletion/confirm', { phone: PHONE, code: right }), 'DELETION_CODE_LOCKED');
    const stored = await test.database.db.selectFrom('deletion_requests').select(['status', 'code_attempts']).where('phone_masked', '=', '137****0611').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: DELETION_STATUS.locked, code_attempts: DELETION_CODE_MAX_ATTEMPTS });
    // Nothing was purged.
    expect((await row(orders.completed.orderId)).entity_phone).toBe(PHONE);
  });

  it('refuses an expired code', async () => {
    test.clock.advance(61_000);
    expect((await post('/api/h5/deletion/code', { phone: PHONE })).statusCode).toBe(200);
    test.clock.advance(10 * 60_000 + 1);
    expectError(await post('/api/h5/deletion/confirm', { phone: PHONE, code: lastCode() }), 'DELETION_CODE_EXPIRED');
  });

  it('with the right code purges the closed orders at once and keeps the open one, and the console lists it', async () => {
    expect((await post('/api/h5/deletion/code', { phone: PHONE })).statusCode).toBe(200);
    const confirmed = await post('/api/h5/deletion/confirm', { phone: PHONE, code: lastCode() });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(envelopeOf<DeletionConfirmResponse>(test, confirmed).data).toEqual({ purged: 2, waiting: 1 });

    for (const closed of [orders.completed, orders.unpaid]) {
      const purged = await row(closed.orderId);
      expect(purged).toMatchObject({ entity_idno_enc: null, entity_idno_hash: null, entity_phone: '', entity_legal: '' });
      expect(purged.idno_purged_at).not.toBeNull();
      expect(purged.contact_purged_at).not.toBeNull();
      // The company is public registry data and stays, with the order number for the accounts.
      expect(purged.entity_name).not.toBe('');
    }
    const open = await row(orders.processing.orderId);
    expect(open).toMatchObject({ entity_phone: PHONE, entity_legal: '法人1', idno_purged_at: null });
    expect(open.entity_idno_enc).not.toBeNull();
    const other = await row(orders.other.orderId);
    expect(other).toMatchObject({ entity_phone: OTHER_PHONE, idno_purged_at: null });

    // The SMS log keeps the phone masked, without texts; the other phone's rows are untouched.
    expect(await smsOf(orders.completed.orderId)).toEqual([{ phone: '137****0611', content: PURGED_TEXT }]);
    expect(await smsOf(orders.processing.orderId)).toEqual([{ phone: '137****0611', content: PURGED_TEXT }]);
    expect(await smsOf(orders.other.orderId)).toEqual([{ phone: OTHER_PHONE, content: 'other：法人的公司已付款' }]);
    const contacts = await test.database.db.selectFrom('feedback').select('contact').where('content', '=', '投诉内容').orderBy('id').execute();
    expect(contacts.map((c) => c.contact)).toEqual(['', '', OTHER_PHONE]);
    // What the clerk asked for goes with the closed order, stays with the open one until it closes.
    expect(await requestNotesOf(orders.completed.orderId)).toEqual([{ note: PURGED_TEXT }]);
    expect(await requestNotesOf(orders.processing.orderId)).toEqual([{ note: '请补充法人身份证照片' }]);
    expect(await requestNotesOf(orders.other.orderId)).toEqual([{ note: '请补充法人身份证照片' }]);

    // The code is used up.
    expectError(await post('/api/h5/deletion/confirm', { phone: PHONE, code: lastCode() }), 'DELETION_CODE_MISSING');

    const list = dataOf<ConsolePage<ConsoleDeletionRequest>>(await asAdmin('GET', '/api/console/deletion-requests'));
    // The strangers' requests of the test above are listed too, with no orders: only this phone's counts here.
    const mine = list.items.filter((item) => item.phone_masked === '137****0611');
    const latest = mine[0]!;
    expect(latest).toMatchObject({ phone_masked: '137****0611', status: DELETION_STATUS.waiting, status_name: '已确认，待订单办结后删除' });
    expect(latest.orders.filter((order) => order.purged_at === null).map((order) => order.out_trade_no)).toEqual([open.out_trade_no]);
    // The locked request was given a new code rather than a second row.
    expect(mine).toHaveLength(1);
    expect(list.items.filter((item) => item.phone_masked !== '137****0611').every((item) => item.orders.length === 0 && item.status === DELETION_STATUS.codeSent)).toBe(true);
    // The order pages say so (the open order, before anyone calls the customer again); the other phone's order does not.
    const openDetail = dataOf<ConsoleOrderDetail>(await asAdmin('GET', `/api/console/orders/${orders.processing.orderId}`));
    expect(openDetail.deletion_requests).toEqual([{ id: latest.id, confirmed_at: expect.any(String), status_name: '已确认，待订单办结后删除', purged_at: null }]);
    expect(orderTimeline(openDetail).filter((entry) => entry.kind === 'deletion').map((entry) => entry.title)).toEqual(['客户申请删除个人信息']);
    expect(dataOf<ConsoleOrderDetail>(await asAdmin('GET', `/api/console/orders/${orders.completed.orderId}`)).deletion_requests?.[0]?.purged_at).not.toBeNull();
    expect(dataOf<ConsoleOrderDetail>(await asAdmin('GET', `/api/console/orders/${orders.other.orderId}`)).deletion_requests).toEqual([]);
    // The phone's hash goes with the confirmation: nothing links the request to the number any more.
    const stored = await test.database.db.selectFrom('deletion_requests').select(['phone_hash', 'code_hash']).where('id', '=', latest.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ phone_hash: null, code_hash: null });
  });

  it('purges the open order when it closes, at the next retention round', async () => {
    const before = await test.app.services.retention.runOnce();
    expect((before as RetentionReport).purged.deletion_request).toBe(0);
    expect((await row(orders.processing.orderId)).entity_phone).toBe(PHONE);

    dataOf(await asAdmin('POST', `/api/console/orders/${orders.processing.orderId}/process-status`, { process_status: '2', confirm_without_declaration: true }));
    // The completion notice, logged after the confirmation, with the phone in full.
    await test.database.db
      .insertInto('sms_log')
      .values({ dedupe_key: 'deletion-test:processing-done', order_id: orders.processing.orderId, phone: PHONE, template: 'order_completed', content: '已办结', provider: 'console', status: 'SENT' })
      .execute();
    const after = await test.app.services.retention.runOnce();
    expect((after as RetentionReport).purged.deletion_request).toBe(1);
    expect(await row(orders.processing.orderId)).toMatchObject({ entity_idno_enc: null, entity_idno_hash: null, entity_phone: '', entity_legal: '' });
    expect((await row(orders.other.orderId)).entity_phone).toBe(OTHER_PHONE);
    expect(await smsOf(orders.processing.orderId)).toEqual([
      { phone: '137****0611', content: PURGED_TEXT },
      { phone: '137****0611', content: PURGED_TEXT },
    ]);
    expect(await requestNotesOf(orders.processing.orderId)).toEqual([{ note: PURGED_TEXT }]);
    expect(await requestNotesOf(orders.other.orderId)).toEqual([{ note: '请补充法人身份证照片' }]);

    const list = dataOf<ConsolePage<ConsoleDeletionRequest>>(await asAdmin('GET', '/api/console/deletion-requests'));
    const done = list.items.find((item) => item.phone_masked === '137****0611')!;
    expect(done).toMatchObject({ status: DELETION_STATUS.completed, status_name: '已删除' });
    expect(done.completed_at).not.toBeNull();
    expect(done.orders.every((order) => order.purged_at !== null)).toBe(true);
    const closedDetail = dataOf<ConsoleOrderDetail>(await asAdmin('GET', `/api/console/orders/${orders.processing.orderId}`));
    expect(closedDetail.deletion_requests?.[0]).toMatchObject({ status_name: '已删除', purged_at: expect.any(String) });
  });
});
