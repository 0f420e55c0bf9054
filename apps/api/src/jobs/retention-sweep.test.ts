import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_RETENTION_PERIODS, ORDER_STATUS, ORDER_STATUSES, PROCESS_STATUS, PROCESS_STATUS_FLOW, PURGED_TEXT, retentionCutoffs, retentionDue, type ConsoleOrderDetail, type ConsoleOrderListItem, type ConsolePage, type CreateOrderResult, type OrderRecord, type PhoneLookupResponse } from '@kuaibao/domain';
import { ADMIN_PASSWORD, auditRows, buildConsoleTestApp, caller, dataOf, insertOrder, login, placeAndPay, type Call, type ConsoleTestApp } from '../modules/console/console.test-support.ts';
import { envelopeOf, signedInject, validOrderForm } from '../test/helper.ts';
import { describeDialects } from '../test/dialects.ts';
import { createRetentionSweep, type RetentionReport } from './retention-sweep.ts';

const DAY_MS = 24 * 3600 * 1000;
const ID_NUMBER = '11010519491231002X';

/**
 * The retention sweep end to end (decision 031): orders made through the API in
 * each state, the clock moved past each period, the sweep run, then the database read to prove what
 * was purged and what was kept, and the receipt, the phone lookup and the console asked again.
 */
describeDialects('retention sweep (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let asAdmin: Call;
  const orders = {} as Record<'completed' | 'refunded' | 'unpaid' | 'processing' | 'pending', { publicId: string; orderId: number; editKey: string }>;
  const phones = { completed: '13700000001', refunded: '13700000002', unpaid: '13700000003', processing: '13700000004', pending: '13700000005' } as const;

  const row = (id: number) =>
    test.database.db
      .selectFrom('orders')
      .select(['entity_idno_enc', 'entity_idno_hash', 'entity_phone', 'entity_legal', 'entity_name', 'entity_id', 'status', 'process_status', 'idno_purged_at', 'contact_purged_at', 'update_time', 'customer_request'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const eventCount = async () => Number((await test.database.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const sweep = async () => {
    const report = await test.app.services.retention.runOnce();
    expect(report).not.toBe('skipped');
    return (report as RetentionReport).purged;
  };
  const sendEvent = async (value: string) => {
    const response = await signedInject(test, { method: 'POST', url: '/api/user/event', body: { key: 'client.retention.test', type: 'event', value }, headers: { 'x-device-id': `device-retention-${value}` } });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    const admin = await login(test, 'admin', ADMIN_PASSWORD);
    asAdmin = caller(test, admin);
    // Five live companies of the seeded directory (a 注销 one cannot be ordered for): a company pays once a year per service.
    const companies = await test.database.db.selectFrom('companies').select(['name', 'credit_code', 'oper_name']).where('status', 'in', ['存续', '在业']).orderBy('credit_code').limit(5).execute();
    if (companies.length < 5) throw new Error('the seeded directory has fewer than 5 companies');
    const form = (i: number, phone: string) => ({ entity_name: companies[i]!.name, entity_id: companies[i]!.credit_code, entity_legal: companies[i]!.oper_name || '王五', entity_phone: phone });

    orders.completed = await placeAndPay(test, form(0, phones.completed));
    dataOf(await asAdmin('POST', `/api/console/orders/${orders.completed.orderId}/take`, {}));
    dataOf(await asAdmin('POST', `/api/console/orders/${orders.completed.orderId}/process-status`, { process_status: '2', confirm_without_declaration: true }));

    orders.refunded = await placeAndPay(test, form(1, phones.refunded));
    const request = dataOf<{ id: number }>(await asAdmin('POST', `/api/console/orders/${orders.refunded.orderId}/refund-requests`, { reason: '客户撤回委托' }));
    const approved = dataOf<{ status: string }>(await asAdmin('POST', `/api/console/refund-requests/${request.id}/approve`, {}));
    if (approved.status !== 'SUCCEEDED') throw new Error(`refund ${approved.status}`);

    const unpaid = await signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm({ ...form(2, phones.unpaid), pay_source: 'native' }) });
    if (unpaid.statusCode !== 200) throw new Error(unpaid.body);
    const { orderId: unpaidPublicId, editKey: unpaidKey } = envelopeOf<CreateOrderResult>(test, unpaid).data;
    const unpaidRow = await test.database.db.selectFrom('orders').select('id').where('public_id', '=', unpaidPublicId).executeTakeFirstOrThrow();
    orders.unpaid = { publicId: unpaidPublicId, orderId: unpaidRow.id, editKey: unpaidKey };

    orders.processing = await placeAndPay(test, form(3, phones.processing));
    dataOf(await asAdmin('POST', `/api/console/orders/${orders.processing.orderId}/take`, {}));
    dataOf(await asAdmin('POST', `/api/console/orders/${orders.processing.orderId}/process-status`, { process_status: '4' }));

    orders.pending = await placeAndPay(test, form(4, phones.pending));

    await sendEvent('old');
    // A 授权委托书 (decision 035) beside the unpaid and the completed order, as a 注销 would have.
    for (const name of ['unpaid', 'completed'] as const) {
      await test.database.db
        .insertInto('order_authorizations')
        .values({ order_id: orders[name].orderId, template_version: 'zx-2026-11', text: '授权委托书', signer_name: '王五', agent_name: '代办公司', confirmed_at: test.clock.now.toISOString(), client_ip: '203.0.113.9' })
        .execute();
    }
  });
  const authorizationOf = (orderId: number) => test.database.db.selectFrom('order_authorizations').select('order_id').where('order_id', '=', orderId).executeTakeFirst();

  afterAll(async () => {
    await test.close();
  });

  it('purges nothing on the first day', async () => {
    expect(await sweep()).toEqual({ id_number: 0, unpaid_contact: 0, events: 0, deletion_request: 0 });
    for (const order of Object.values(orders)) expect((await row(order.orderId)).entity_idno_enc).not.toBeNull();
  });

  it('after 31 days removes the unpaid order\'s phone, name and ID number, and nothing else', async () => {
    const before = await row(orders.unpaid.orderId);
    test.clock.advance(31 * DAY_MS);
    expect(await sweep()).toEqual({ id_number: 0, unpaid_contact: 1, events: 0, deletion_request: 0 });
    const unpaid = await row(orders.unpaid.orderId);
    expect(unpaid).toMatchObject({
      entity_idno_enc: null,
      entity_idno_hash: null,
      entity_phone: '',
      entity_legal: '',
      contact_purged_at: test.clock.now.toISOString(),
      idno_purged_at: test.clock.now.toISOString(),
      // What identifies the business (public registry data) and the order's state stay.
      entity_name: before.entity_name,
      entity_id: before.entity_id,
      status: '1',
      update_time: before.update_time,
    });
    for (const name of ['completed', 'refunded', 'processing', 'pending'] as const) {
      const kept = await row(orders[name].orderId);
      expect(kept.entity_idno_enc).not.toBeNull();
      expect(kept.entity_phone).toBe(phones[name]);
      expect(kept).toMatchObject({ idno_purged_at: null, contact_purged_at: null });
    }
    expect(await eventCount()).toBe(1);
    // The unpaid order's authorisation goes with its names; the paid order's is the agent's record of its mandate.
    expect(await authorizationOf(orders.unpaid.orderId)).toBeUndefined();
    expect(await authorizationOf(orders.completed.orderId)).toEqual({ order_id: orders.completed.orderId });
  });

  it('after 91 days removes the ID number of the completed and refunded orders only; a second run changes nothing', async () => {
    // What a clerk once asked the customer to supply (decision 043) may quote their details: it goes with the ID number.
    for (const name of ['completed', 'processing'] as const) await test.database.db.updateTable('orders').set({ customer_request: '请补充法定代表人身份证照片' }).where('id', '=', orders[name].orderId).execute();
    // The same words in the status history's 待客户补充 move go too; the staff's other notes stay.
    for (const name of ['completed', 'processing'] as const)
      for (const [to, note] of [
        [PROCESS_STATUS.waitingCustomer, '请补充法定代表人身份证照片'],
        [PROCESS_STATUS.processing, '客户已补充'],
      ] as const)
        await test.database.db.insertInto('order_status_history').values({ order_id: orders[name].orderId, from_process_status: null, to_process_status: to, process_status_name: '', staff_id: null, note }).execute();
    const notesOf = async (orderId: number) =>
      (await test.database.db.selectFrom('order_status_history').select('note').where('order_id', '=', orderId).where('note', '<>', '').orderBy('id').execute()).map((h) => h.note);
    test.clock.advance(60 * DAY_MS);
    expect(await sweep()).toEqual({ id_number: 2, unpaid_contact: 0, events: 0, deletion_request: 0 });
    for (const name of ['completed', 'refunded'] as const) {
      const closed = await row(orders[name].orderId);
      expect(closed).toMatchObject({ entity_idno_enc: null, entity_idno_hash: null, idno_purged_at: test.clock.now.toISOString(), contact_purged_at: null, entity_phone: phones[name] });
      expect(closed.entity_legal).not.toBe('');
      expect(closed.customer_request).toBeNull();
    }
    expect((await row(orders.processing.orderId)).customer_request).toBe('请补充法定代表人身份证照片');
    expect(await notesOf(orders.completed.orderId)).toEqual([PURGED_TEXT, '客户已补充']);
    expect(await notesOf(orders.processing.orderId)).toEqual(['请补充法定代表人身份证照片', '客户已补充']);
    // Still in progress, however old: untouched.
    for (const name of ['processing', 'pending'] as const) {
      expect(await row(orders[name].orderId)).toMatchObject({ idno_purged_at: null, contact_purged_at: null, entity_phone: phones[name] });
      expect((await row(orders[name].orderId)).entity_idno_hash).not.toBeNull();
    }
    expect(await sweep()).toEqual({ id_number: 0, unpaid_contact: 0, events: 0, deletion_request: 0 });

    const audits = await auditRows(test, 'retention.sweep');
    expect(audits.map((audit) => JSON.parse(audit.after!).purged)).toEqual([
      { id_number: 0, unpaid_contact: 1, events: 0, deletion_request: 0 },
      { id_number: 2, unpaid_contact: 0, events: 0, deletion_request: 0 },
    ]);
    expect(audits.every((audit) => audit.staff_name === '系统' && audit.staff_id === null)).toBe(true);
  });

  it('the receipt and the phone lookup still answer, without the purged data', async () => {
    for (const name of ['completed', 'refunded', 'unpaid'] as const) {
      // As the ordering device reads it (decision 049).
      const response = await signedInject(test, { url: '/api/h5/order/detail', query: { id: orders[name].publicId, key: orders[name].editKey } });
      expect(response.statusCode, response.body).toBe(200);
      const receipt = envelopeOf<OrderRecord>(test, response).data;
      expect(receipt.entity_idno).toBe('');
      expect(receipt.out_trade_no).toMatch(/^KB/);
    }
    const unpaidReceipt = envelopeOf<OrderRecord>(test, await signedInject(test, { url: '/api/h5/order/detail', query: { id: orders.unpaid.publicId, key: orders.unpaid.editKey } })).data;
    expect(unpaidReceipt).toMatchObject({ entity_phone: '', entity_legal: '' });

    const lookup = await signedInject(test, { url: '/api/h5/order/phone', query: { phone: phones.completed, keys: `${orders.completed.publicId}.${orders.completed.editKey}` } });
    expect(lookup.statusCode, lookup.body).toBe(200);
    const found = envelopeOf<PhoneLookupResponse>(test, lookup).data.orders as OrderRecord[];
    expect(found.map((order) => order.id)).toEqual([orders.completed.publicId]);
    expect(found[0]!.entity_idno).toBe('');
    // The unpaid order's phone is gone: looking it up finds nothing (and no error).
    expect(envelopeOf<PhoneLookupResponse>(test, await signedInject(test, { url: '/api/h5/order/phone', query: { phone: phones.unpaid } })).data.orders).toEqual([]);
    // An order still in progress shows its masked number as before.
    const processing = envelopeOf<PhoneLookupResponse>(test, await signedInject(test, { url: '/api/h5/order/phone', query: { phone: phones.processing, keys: `${orders.processing.publicId}.${orders.processing.editKey}` } })).data.orders as OrderRecord[];
    expect(processing[0]!.entity_idno).toBe(`${ID_NUMBER.slice(0, 3)}***********${ID_NUMBER.slice(-4)}`);
  });

  it('the console detail and queue say when data was purged, and revealing a purged ID number gives nothing', async () => {
    // Three months on, the morning's session has long expired.
    asAdmin = caller(test, await login(test, 'admin', ADMIN_PASSWORD));
    const completed = dataOf<ConsoleOrderDetail>(await asAdmin('GET', `/api/console/orders/${orders.completed.orderId}`));
    expect(completed).toMatchObject({ has_idno: false, entity_idno: '', idno_purged_at: test.clock.now.toISOString(), contact_purged_at: null, entity_phone: phones.completed });
    const unpaid = dataOf<ConsoleOrderDetail>(await asAdmin('GET', `/api/console/orders/${orders.unpaid.orderId}`));
    expect(unpaid).toMatchObject({ has_idno: false, entity_phone: '', entity_legal: '' });
    expect(unpaid.contact_purged_at).not.toBeNull();
    const processing = dataOf<ConsoleOrderDetail>(await asAdmin('GET', `/api/console/orders/${orders.processing.orderId}`));
    expect(processing).toMatchObject({ has_idno: true, idno_purged_at: null, contact_purged_at: null });
    expect(dataOf<{ entity_idno: string }>(await asAdmin('POST', `/api/console/orders/${orders.completed.orderId}/reveal-id`, { reason: '办理需要' })).entity_idno).toBe('');
    const queue = dataOf<ConsolePage<ConsoleOrderListItem>>(await asAdmin('GET', '/api/console/orders', undefined, { query: { view: 'all', page_size: '50' } }));
    expect(queue.items.find((item) => item.id === orders.unpaid.orderId)?.contact_purged_at).not.toBeNull();
    expect(PURGED_TEXT).toBe('已按期删除');
  });

  it('after 181 days deletes the old analytics rows and keeps the recent ones', async () => {
    await sendEvent('recent');
    expect(await eventCount()).toBe(2);
    test.clock.advance(90 * DAY_MS);
    expect(await sweep()).toEqual({ id_number: 0, unpaid_contact: 0, events: 1, deletion_request: 0 });
    const left = await test.database.db.selectFrom('events').select('value').execute();
    expect(left.map((event) => event.value)).toEqual(['recent']);
    const metrics = (await test.app.metrics.render()).body;
    expect(metrics).toMatch(/kuaibao_retention_purged_total\{[^}]*kind="id_number"[^}]*\} 2/);
    expect(metrics).toMatch(/kuaibao_retention_purged_total\{[^}]*kind="events"[^}]*\} 1/);
  });

  it('two instances sweeping at once purge each order once, in batches, and together exactly the due ones', async () => {
    const longAgo = new Date(test.clock.now.getTime() - 100 * DAY_MS).toISOString();
    const due = [];
    for (let i = 0; i < 7; i += 1) due.push(await insertOrder(test, { status: ORDER_STATUS.paid, process_status: PROCESS_STATUS.completed, update_time: longAgo }));
    const open = await insertOrder(test, { status: ORDER_STATUS.paid, process_status: PROCESS_STATUS.waitingCustomer, update_time: longAgo });
    const instance = () => createRetentionSweep({ database: test.database, periods: { idNumberDays: 90, unpaidDays: 30, eventsDays: 180 }, intervalMs: 0, now: () => test.clock.now, log: test.app.log, batchSize: 3 });
    const reports = await Promise.all([instance().runOnce(), instance().runOnce()]);
    // On PostgreSQL the second may find the lock taken ('skipped'); whichever ran, the total is the due orders, once each.
    const ran = reports.filter((report): report is RetentionReport => report !== 'skipped');
    expect(ran.length).toBeGreaterThan(0);
    expect(ran.reduce((sum, report) => sum + report.purged.id_number, 0)).toBe(7);
    for (const id of due) expect(await row(id)).toMatchObject({ entity_idno_enc: null, entity_idno_hash: null, idno_purged_at: test.clock.now.toISOString() });
    expect((await row(open)).entity_idno_enc).not.toBeNull();
  });

  it('purges exactly the orders the domain rule says are due, for every status, handling status and age', async () => {
    const ages = [29, 31, 89, 91];
    const cases: { id: number; due: ReturnType<typeof retentionDue> }[] = [];
    const cutoffs = retentionCutoffs(test.clock.now, DEFAULT_RETENTION_PERIODS);
    for (const status of ORDER_STATUSES) {
      for (const processStatus of PROCESS_STATUS_FLOW) {
        for (const days of ages) {
          const updateTime = new Date(test.clock.now.getTime() - days * DAY_MS).toISOString();
          const id = await insertOrder(test, { status, process_status: processStatus, update_time: updateTime });
          cases.push({ id, due: retentionDue({ status, process_status: processStatus, update_time: updateTime }, cutoffs) });
        }
      }
    }
    expect(new Set(cases.map((c) => c.due))).toEqual(new Set(['id_number', 'unpaid_contact', undefined]));
    const report = await sweep();
    expect(report.id_number).toBe(cases.filter((c) => c.due === 'id_number').length);
    expect(report.unpaid_contact).toBe(cases.filter((c) => c.due === 'unpaid_contact').length);
    for (const c of cases) {
      const after = await row(c.id);
      expect({ id: c.id, due: c.due, idno: after.idno_purged_at !== null, contact: after.contact_purged_at !== null, hash: after.entity_idno_hash === null }).toEqual({
        id: c.id,
        due: c.due,
        idno: c.due !== undefined,
        contact: c.due === 'unpaid_contact',
        hash: c.due !== undefined,
      });
    }
  });

  it('stop() ends a round after its current batch, and the next round does the rest', async () => {
    const longAgo = new Date(test.clock.now.getTime() - 100 * DAY_MS).toISOString();
    for (let i = 0; i < 3; i += 1) await insertOrder(test, { status: ORDER_STATUS.refunded, process_status: PROCESS_STATUS.ended, update_time: longAgo });
    const instance = () => createRetentionSweep({ database: test.database, periods: DEFAULT_RETENTION_PERIODS, intervalMs: 0, now: () => test.clock.now, log: test.app.log, batchSize: 1 });
    const stopping = instance();
    const round = stopping.runOnce();
    // Synchronously after the round started: its first batch is already on its way.
    await stopping.stop();
    expect(((await round) as RetentionReport).purged.id_number).toBe(1);
    expect(((await instance().runOnce()) as RetentionReport).purged.id_number).toBe(2);
  });

  it('a period of 0 turns that purge off', async () => {
    const off = createRetentionSweep({ database: test.database, periods: { idNumberDays: 0, unpaidDays: 0, eventsDays: 0 }, intervalMs: 0, now: () => new Date(test.clock.now.getTime() + 3650 * DAY_MS), log: test.app.log });
    expect(await off.runOnce()).toMatchObject({ purged: { id_number: 0, unpaid_contact: 0, events: 0, deletion_request: 0 } });
    expect((await row(orders.processing.orderId)).entity_idno_enc).not.toBeNull();
  });
});
