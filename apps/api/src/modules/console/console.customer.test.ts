import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleCustomerView, ConsoleFeedback, ConsoleOrderDetail, ConsolePage, OrderRecord, PhoneLookupResponse } from '@kuaibao/domain';
import { createPersonalDataVault } from '../../security/personal-data.ts';
import { envelopeOf, signedInject } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, auditRows, buildConsoleTestApp, caller, createStaff, dataOf, expectError, insertOrder, login, placeAndPay, type Call, type ConsoleTestApp } from './console.test-support.ts';

/** The customer in one place (decision 043): the request of 待客户补充, internal notes, the customer view, complaints linked to orders. */
describeDialects('the customer in one place (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let asAdmin: Call;
  let asClerk: Call;
  let asNobody: Call;

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    const admin = await login(test, 'admin', ADMIN_PASSWORD);
    const clerk = await createStaff(test, admin, { username: 'clerk.zhao', role: 'clerk', display_name: '赵专员' });
    asAdmin = caller(test, admin);
    asClerk = caller(test, clerk);
    asNobody = caller(test, undefined);
  });
  afterAll(async () => {
    await test.close();
  });

  // As the ordering device sees them: with the order's key (decision 049).
  const visitorByPhone = async (phone: string, order: { publicId: string; editKey: string }) =>
    envelopeOf<PhoneLookupResponse>(test, await signedInject(test, { url: '/api/h5/order/phone', query: { phone, keys: `${order.publicId}.${order.editKey}` } })).data.orders as OrderRecord[];
  const visitorById = async (order: { publicId: string; editKey: string }) =>
    envelopeOf<OrderRecord>(test, await signedInject(test, { url: '/api/h5/order/detail', query: { id: order.publicId, key: order.editKey } })).data;
  const move = (orderId: number, body: Record<string, unknown>) => asClerk('POST', `/api/console/orders/${orderId}/process-status`, body);

  describe('待客户补充 asks the customer for what is missing', () => {
    const phone = '13700137000';
    let order: { publicId: string; orderId: number; editKey: string };
    beforeAll(async () => {
      order = await placeAndPay(test, { entity_phone: phone });
      await asClerk('POST', `/api/console/orders/${order.orderId}/take`, {});
      dataOf<ConsoleOrderDetail>(await move(order.orderId, { process_status: '4' }));
    });

    it('needs the request, at most 200 characters', async () => {
      expectError(await move(order.orderId, { process_status: '3' }), 'CONSOLE_NOTE_REQUIRED');
      expectError(await move(order.orderId, { process_status: '3', note: '补'.repeat(201) }), 'CONSOLE_CUSTOMER_REQUEST_TOO_LONG');
      const detail = dataOf<ConsoleOrderDetail>(await asClerk('GET', `/api/console/orders/${order.orderId}`));
      expect(detail).toMatchObject({ process_status: '4', customer_request: null });
    });

    it('stores it, audits it, texts the visitor and shows it in the visitor answer, nothing internal with it', async () => {
      await asClerk('POST', `/api/console/orders/${order.orderId}/notes`, { content: '内部：客户态度一般，别催' });
      const request = '请上传法定代表人身份证正反面照片';
      const waiting = dataOf<ConsoleOrderDetail>(await move(order.orderId, { process_status: '3', note: request }));
      expect(waiting).toMatchObject({ process_status: '3', customer_request: request });
      const audit = await auditRows(test, 'order.process_status', order.orderId);
      expect(JSON.parse(audit.at(-1)!.after!)).toMatchObject({ process_status: '3', customer_request: request });

      const queued = await test.database.db.selectFrom('outbox').select(['kind', 'payload']).where('kind', '=', 'sms.customer_request').execute();
      expect(queued.map((row) => JSON.parse(row.payload) as { orderId: number; request: string })).toEqual([expect.objectContaining({ orderId: order.orderId, request })]);
      await test.app.services.smsOutbox.runOnce();
      const sms = await test.database.db.selectFrom('sms_log').select(['template', 'status', 'content', 'phone']).where('order_id', '=', order.orderId).where('template', '=', 'customer_request').execute();
      expect(sms).toHaveLength(1);
      expect(sms[0]).toMatchObject({ status: 'SENT', phone });
      expect(sms[0]!.content).toContain('华为技术有限公司的办理需要您补充：请上传法定代表人身份证正反面照片');

      for (const record of [await visitorById(order), (await visitorByPhone(phone, order))[0]!]) {
        expect(record).toMatchObject({ process_status: '3', process_status_name: '待客户补充', customer_request: request });
        const text = JSON.stringify(record);
        // Staff notes, staff ids and the history never reach the visitor.
        expect(text).not.toContain('内部');
        expect(text).not.toContain('admin_id');
        expect(record).not.toHaveProperty('notes');
        expect(record).not.toHaveProperty('history');
      }
    });

    it('sends a second request as a second SMS, and hides the request once the order moves on', async () => {
      dataOf<ConsoleOrderDetail>(await move(order.orderId, { process_status: '4' }));
      expect((await visitorById(order)).customer_request).toBeNull();
      dataOf<ConsoleOrderDetail>(await move(order.orderId, { process_status: '3', note: '请补充公司公章照片' }));
      await test.app.services.smsOutbox.runOnce();
      const sent = await test.database.db.selectFrom('sms_log').select('content').where('order_id', '=', order.orderId).where('template', '=', 'customer_request').where('status', '=', 'SENT').orderBy('id').execute();
      expect(sent.map((row) => row.content.includes('请补充公司公章照片'))).toEqual([false, true]);
      expect((await visitorById(order)).customer_request).toBe('请补充公司公章照片');
    });
  });

  describe('the customer view', () => {
    const phone = '13655556666';
    let ids: number[];
    beforeAll(async () => {
      ids = [
        await insertOrder(test, { entity_phone: phone, entity_name: '甲公司', entity_id: '91110000000000001A' }),
        await insertOrder(test, { entity_phone: phone, entity_name: '乙公司', entity_id: '91110000000000002B' }),
        await insertOrder(test, { entity_phone: '13600000000', entity_name: '乙公司', entity_id: '91110000000000002B' }),
      ];
      // The visitor picks the order and proves it theirs (its key from the ordering device, decisions 049 and 056).
      const picked = await test.database.db.selectFrom('orders').select('public_id').where('id', '=', ids[1]!).executeTakeFirstOrThrow();
      const key = createPersonalDataVault({ encryptionKey: test.config.idEncryptionKey, hashKey: test.config.idHashKey }).capability('order.declaration', picked.public_id);
      const report = { type: '其他问题', content: '专员一直没打电话', contact: `手机${phone}`, order: { id: picked.public_id, key } };
      const submitted = await signedInject(test, { method: 'POST', url: '/api/user/feedback', body: { report } });
      if (submitted.statusCode !== 200) throw new Error(`feedback refused: ${submitted.body}`);
    });

    it("lists one phone's orders and complaints, and one company's orders", async () => {
      const byPhone = dataOf<ConsoleCustomerView>(await asClerk('GET', '/api/console/customers', undefined, { query: { phone } }));
      expect(byPhone.orders.map((o) => o.id)).toEqual([ids[1], ids[0]]);
      expect(byPhone.feedback.map((f) => [f.content, f.order_id])).toEqual([['专员一直没打电话', ids[1]]]);
      expect(byPhone.truncated).toBe(false);
      const byCompany = dataOf<ConsoleCustomerView>(await asClerk('GET', '/api/console/customers', undefined, { query: { credit_code: '91110000000000002b' } }));
      expect(byCompany.orders.map((o) => o.id)).toEqual([ids[2], ids[1]]);
      expect(byCompany.credit_code).toBe('91110000000000002B');
    });

    it('is refused without a session and without exactly one key', async () => {
      expectError(await asNobody('GET', '/api/console/customers', undefined, { query: { phone } }), 'CONSOLE_LOGIN_REQUIRED');
      expectError(await asAdmin('GET', '/api/console/customers', undefined, { query: {} }), 'VALIDATION_FAILED');
      expectError(await asAdmin('GET', '/api/console/customers', undefined, { query: { phone, credit_code: '91110000000000002B' } }), 'VALIDATION_FAILED');
    });

    it("shows the complaint's order in the complaints list; a complaint naming no order stays unlinked, even with the phone as its contact", async () => {
      await signedInject(test, { method: 'POST', url: '/api/user/feedback', body: { report: { type: '其他问题', content: '网站打不开', contact: `手机${phone}` } } });
      const inbox = dataOf<ConsolePage<ConsoleFeedback>>(await asClerk('GET', '/api/console/feedback', undefined, { query: { status: 'open' } }));
      const linked = inbox.items.find((f) => f.content === '专员一直没打电话')!;
      const orderNo = (await test.database.db.selectFrom('orders').select('out_trade_no').where('id', '=', ids[1]!).executeTakeFirstOrThrow()).out_trade_no;
      expect(linked).toMatchObject({ order_id: ids[1], out_trade_no: orderNo });
      expect(inbox.items.find((f) => f.content === '网站打不开')).toMatchObject({ order_id: null, out_trade_no: '' });
    });
  });
});
