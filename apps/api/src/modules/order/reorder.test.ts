import { afterAll, beforeAll, expect, it } from 'vitest';
import { reorderFilingYear, type CreateOrderResult, type LookupVerifyResponse, type ReorderResponse } from '@kuaibao/domain';
import type { SendSmsInput } from '../../providers/sms/port.ts';
import { buildTestApp, envelopeOf, signedInject, validOrderForm, type TestApp } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';

/**
 * The reorder offer (docs/decisions/066-reorder-in-two-taps.md): last season's paid annual reports,
 * offered again only to whoever proves the order theirs (its key on the ordering device, or the
 * phone's SMS-code token), never to an order id alone; and never with the ID number.
 */
describeDialects('reorder offer (%s)', (dialect) => {
  let test: TestApp;
  const sent: SendSmsInput[] = [];
  const PHONE = '13700000811';
  const OTHER_PHONE = '13700000812';
  const IDNO = '11010519491231002X';
  let mine: CreateOrderResult;
  let destory: CreateOrderResult;
  let other: CreateOrderResult;
  let refunded: CreateOrderResult;
  let reorderedElsewhere: CreateOrderResult;
  let token: string;
  let otherToken: string;

  const post = (url: string, body: object) => signedInject(test, { method: 'POST', url, body });
  const offers = async (query: Record<string, string>) => {
    const response = await signedInject(test, { url: '/api/h5/order/reorder', query, remoteAddress: '10.0.8.1' });
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<ReorderResponse>(test, response).data;
  };
  const names = (answer: ReorderResponse) => answer.companies.map((company) => company.entity_name).sort();

  async function createAndPay(overrides: Record<string, unknown>): Promise<CreateOrderResult> {
    const response = await post('/api/h5/order', validOrderForm({ pay_source: 'native', entity_idno: IDNO, ...overrides }));
    expect(response.statusCode, response.body).toBe(200);
    const created = envelopeOf<CreateOrderResult>(test, response).data;
    const paid = await test.app.inject({ method: 'POST', url: `${new URL(created.qrcodeUrl!).pathname}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(paid.statusCode).toBe(200);
    return created;
  }

  async function phoneToken(phone: string): Promise<string> {
    expect((await post('/api/h5/order/phone/code', { phone })).statusCode).toBe(200);
    // The code request does not wait for the SMS (decision 049): wait for it here.
    for (let tries = 0; tries < 100 && !sent.some((sms) => sms.phone === phone); tries++) await new Promise((resolve) => setImmediate(resolve));
    const code = sent.filter((sms) => sms.phone === phone).at(-1)!.params.code!;
    const response = await post('/api/h5/order/phone/verify', { phone, code });
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<LookupVerifyResponse>(test, response).data.phone_token;
  }

  beforeAll(async () => {
    // Last season: spring 2026 in Shanghai.
    test = await buildTestApp({ dialect, now: new Date('2026-03-10T04:00:00.000Z') });
    const sms = test.app.services.sms as { send: (input: SendSmsInput) => Promise<unknown> };
    sms.send = async (input) => {
      sent.push(input);
      return { ok: true, providerMessageId: `test-${sent.length}` };
    };
    mine = await createAndPay({ entity_phone: PHONE });
    destory = await createAndPay({ goods_id: '3', entity_name: '华为技术有限公司', entity_id: '914403001922038216', entity_legal: '赵明路', entity_phone: PHONE });
    other = await createAndPay({ entity_name: '贵州茅台酒股份有限公司', entity_id: '91520000214434146R', entity_legal: '丁雄军', entity_phone: OTHER_PHONE });
    refunded = await createAndPay({ entity_name: '深圳市腾讯计算机系统有限公司', entity_id: '9144030071526726XG', entity_legal: '马化腾', entity_phone: PHONE });
    await test.database.db.updateTable('orders').set({ status: '4' }).where('public_id', '=', refunded.orderId).execute();
    reorderedElsewhere = await createAndPay({ entity_name: '杭州阿里巴巴网络科技有限公司', entity_id: '91330100799655058B', entity_legal: '蒋芳', entity_phone: PHONE });
    // The retention sweep has purged the ID numbers since (decision 031).
    await test.database.db.updateTable('orders').set({ entity_idno_enc: null, entity_idno_hash: null, idno_purged_at: '2026-09-01T00:00:00.000Z' }).execute();
    // Next season: February 2027; someone else already ordered 阿里巴巴 for it.
    test.clock.now = new Date('2027-02-01T04:00:00.000Z');
    await createAndPay({ entity_name: '杭州阿里巴巴网络科技有限公司', entity_id: '91330100799655058B', entity_legal: '蒋芳', entity_phone: '13700000899' });
    token = await phoneToken(PHONE);
    otherToken = await phoneToken(OTHER_PHONE);
  });
  afterAll(async () => {
    await test.close();
  });

  it("offers the ordering device its company for the new filing year, with the form's fields and never the ID number", async () => {
    const answer = await offers({ keys: `${mine.orderId}.${mine.editKey}` });
    expect(answer.filing_year).toBe(reorderFilingYear(test.clock.now));
    expect(answer.filing_year).toBe(2026);
    expect(answer.companies).toEqual([{ goods_id: 1, entity_name: '北京字节跳动科技有限公司', entity_id: '91110108551385082Q', entity_legal: '张一鸣', entity_phone: PHONE }]);
    const text = JSON.stringify(answer);
    expect(text).not.toContain('idno');
    expect(text).not.toContain(IDNO);
    expect(text).not.toContain(mine.orderId);
    expect(text).not.toContain(mine.editKey);
  });

  it('offers a verified phone its paid annual reports: not the refunded one, not one ordered this season by anyone, not a cancellation', async () => {
    const answer = await offers({ phone: PHONE, phone_token: token });
    expect(names(answer)).toEqual(['北京字节跳动科技有限公司']);
    expect(JSON.stringify(answer)).not.toContain(IDNO);
    // The keys of those orders change nothing: the rule is the same for either proof.
    const keys = [refunded, reorderedElsewhere, destory].map((order) => `${order.orderId}.${order.editKey}`).join(',');
    expect((await offers({ keys })).companies).toEqual([]);
  });

  it('offers nothing for an order id alone, a forged key, another order\u2019s key or another device\u2019s key', async () => {
    for (const keys of [mine.orderId, `${mine.orderId}.`, `${mine.orderId}.${'A'.repeat(32)}`, `${mine.orderId}.${other.editKey}`, `${mine.orderId}.${mine.editKey.slice(0, 31)}`, `${other.orderId}.${mine.editKey}`, '.,..,']) {
      expect((await offers({ keys })).companies, keys).toEqual([]);
    }
    // Another device presents its own order: it is offered its own company, never ours.
    expect(names(await offers({ keys: `${other.orderId}.${other.editKey},${mine.orderId}.${other.editKey}` }))).toEqual(['贵州茅台酒股份有限公司']);
  });

  it('offers nothing for a phone without its token, a forged token, another phone\u2019s token or an expired one', async () => {
    const queries: Record<string, string>[] = [{ phone: PHONE }, { phone: PHONE, phone_token: `${Math.floor(test.clock.now.getTime() / 1000) + 3600}.${'A'.repeat(32)}` }, { phone: PHONE, phone_token: otherToken }, { phone: OTHER_PHONE, phone_token: token }, { phone_token: token }];
    for (const query of queries) {
      expect((await offers(query)).companies, JSON.stringify(query)).not.toContainEqual(expect.objectContaining({ entity_name: '北京字节跳动科技有限公司' }));
    }
    expect(names(await offers({ phone: OTHER_PHONE, phone_token: otherToken }))).toEqual(['贵州茅台酒股份有限公司']);
    test.clock.advance(31 * 24 * 3600_000);
    try {
      expect((await offers({ phone: PHONE, phone_token: token })).companies).toEqual([]);
    } finally {
      test.clock.advance(-31 * 24 * 3600_000);
    }
  });

  it('stops offering a company once it is ordered for this season', async () => {
    expect(names(await offers({ keys: `${other.orderId}.${other.editKey}` }))).toEqual(['贵州茅台酒股份有限公司']);
    await createAndPay({ entity_name: '贵州茅台酒股份有限公司', entity_id: '91520000214434146R', entity_legal: '丁雄军', entity_phone: OTHER_PHONE });
    expect((await offers({ keys: `${other.orderId}.${other.editKey}` })).companies).toEqual([]);
  });
});
