import { describe, expect, it } from 'vitest';
import { CUSTOMER_REQUEST_MAX_CHARS, customerRequestContactText, customerRequestRefusal, orderTimeline, visibleCustomerRequest } from './customer-request.ts';

describe('the request to the customer (待客户补充)', () => {
  it('is required, at most 200 characters, and only for the move to 待客户补充', () => {
    expect(customerRequestRefusal('3', '')).toBe('REQUIRED');
    expect(customerRequestRefusal('3', '   ')).toBe('REQUIRED');
    expect(customerRequestRefusal('3', '请补充营业执照照片')).toBeUndefined();
    expect(customerRequestRefusal('3', '补'.repeat(CUSTOMER_REQUEST_MAX_CHARS))).toBeUndefined();
    expect(customerRequestRefusal('3', '补'.repeat(CUSTOMER_REQUEST_MAX_CHARS + 1))).toBe('TOO_LONG');
    expect(customerRequestRefusal('4', '')).toBeUndefined();
    expect(customerRequestRefusal('2', 'x'.repeat(400))).toBeUndefined();
  });

  it('is shown to the visitor only while the order waits on them', () => {
    expect(visibleCustomerRequest({ process_status: '3', customer_request: '请补充身份证照片' })).toBe('请补充身份证照片');
    expect(visibleCustomerRequest({ process_status: '4', customer_request: '请补充身份证照片' })).toBeNull();
    expect(visibleCustomerRequest({ process_status: '3', customer_request: null })).toBeNull();
  });
});

describe('the order timeline', () => {
  const order = {
    create_time: '2026-01-01T01:00:00.000Z',
    pay_time: '2026-01-01T01:05:00.000Z',
    history: [
      { id: 1, from_process_status: '1', to_process_status: '4', process_status_name: '处理中', staff_name: '李专员', note: '', created_at: '2026-01-01T02:00:00.000Z' },
      { id: 2, from_process_status: '4', to_process_status: '3', process_status_name: '待客户补充', staff_name: '李专员', note: '请补充法定代表人身份证照片', created_at: '2026-01-01T03:00:00.000Z' },
      { id: 3, from_process_status: '3', to_process_status: '2', process_status_name: '已完成', staff_name: '李专员', note: '', created_at: '2026-01-01T05:00:00.000Z' },
      { id: 4, from_process_status: '2', to_process_status: '4', process_status_name: '处理中', staff_name: '王主管', note: '截图传错了', created_at: '2026-01-01T06:00:00.000Z' },
    ],
    notes: [{ id: 9, staff_name: '李专员', content: '客户说下午发', created_at: '2026-01-01T04:00:00.000Z' }],
    calls: [] as Array<{ staff_name: string; outcome: 'connected' | 'no_answer'; note: string; created_at: string }>,
    refund_requests: [],
  };

  it('puts the customer-visible events and the internal notes in time order, each marked', () => {
    const entries = orderTimeline(order);
    expect(entries.map((e) => [e.kind, e.audience])).toEqual([
      ['created', 'customer'],
      ['paid', 'customer'],
      ['status', 'customer'],
      ['request', 'customer'],
      ['note', 'internal'],
      ['completed', 'customer'],
      ['status', 'customer'],
      ['note', 'internal'],
    ]);
    expect(entries[3]!.content).toBe('请补充法定代表人身份证照片');
    expect(entries[3]!.title).toBe('处理中 → 待客户补充：请客户补充');
    expect(entries[5]!.title).toBe('待客户补充 → 已完成');
    // A reopening's reason is the clerk's: never on a customer-visible entry.
    expect(entries.filter((e) => e.audience === 'customer').map((e) => e.content)).not.toContain('截图传错了');
    expect(entries.filter((e) => e.audience === 'customer').map((e) => e.content)).not.toContain('客户说下午发');
  });

  it("shows the customer's uploads after the request, as the customer's own events", () => {
    const entries = orderTimeline({ ...order, customer_files: [{ filename: '营业执照.png', created_at: '2026-01-01T03:30:00.000Z' }] });
    const upload = entries.findIndex((e) => e.kind === 'upload');
    expect(upload).toBe(entries.findIndex((e) => e.kind === 'request') + 1);
    expect(entries[upload]).toMatchObject({ audience: 'customer', actor: '客户', title: '客户上传补充资料', content: '营业执照.png' });
  });

  it('shows the calls staff recorded as internal events with their outcome (decision 044)', () => {
    const entries = orderTimeline({
      ...order,
      calls: [
        { staff_name: '李专员', outcome: 'no_answer', note: '', created_at: '2026-01-01T01:30:00.000Z' },
        { staff_name: '李专员', outcome: 'connected', note: '客户说下午发材料', created_at: '2026-01-01T01:50:00.000Z' },
      ],
    });
    const calls = entries.filter((e) => e.kind === 'call');
    expect(calls.map((e) => [e.title, e.audience, e.content])).toEqual([
      ['电话联系：未接通（无人接听/关机/占线）', 'internal', ''],
      ['电话联系：已接通·已沟通', 'internal', '客户说下午发材料'],
    ]);
    // In time order: after the payment, before the first move.
    expect(entries.slice(1, 5).map((e) => e.kind)).toEqual(['paid', 'call', 'call', 'status']);
  });
});

describe('the line under the request on /checkDetail', () => {
  it('points below only when the site has a contact to show there', () => {
    expect(customerRequestContactText({ phone: '021-6123-4567', address: '' })).toContain('也可通过下方方式联系专员');
    expect(customerRequestContactText({ phone: '', address: 'https://work.weixin.qq.com/kfid/abc' })).toContain('下方');
    const none = customerRequestContactText({ phone: '', address: '' });
    expect(none).not.toContain('下方');
    expect(none).toContain('办理专员会尽快致电与您联系');
  });
});
