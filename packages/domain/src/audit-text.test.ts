import { describe, expect, it } from 'vitest';
import { auditChangeRows } from './audit-text.ts';

describe('the audit log in words', () => {
  it('shows a price change in yuan with Chinese field names, ids left out', () => {
    const rows = auditChangeRows({
      action: 'goods.update',
      before: { id: 1, name: '年报代办', type: 'license_year', price_fen: 19900, pay_types: ['weixin'], active: true },
      after: { id: 1, name: '年报代办', type: 'license_year', price_fen: 98850, pay_types: ['weixin', 'alipay'], active: true },
    });
    expect(rows.find((r) => r.key === 'price_fen')).toEqual({ key: 'price_fen', field: '价格', before: '¥199.00', after: '¥988.50', changed: true });
    expect(rows.find((r) => r.key === 'pay_types')).toMatchObject({ field: '支付方式', before: '微信支付', after: '微信支付、支付宝' });
    expect(rows.find((r) => r.key === 'type')).toMatchObject({ before: '年报申报', changed: false });
    expect(rows.find((r) => r.key === 'active')).toMatchObject({ before: '是' });
    expect(rows.some((r) => r.key === 'id')).toBe(false);
    expect(JSON.stringify(rows.map(({ field, before, after }) => [field, before, after]))).not.toMatch(/price_fen|98850/);
  });

  it('names handling states, refund states and sign-in failures', () => {
    const moved = auditChangeRows({ action: 'order.process_status', before: { process_status: '1', process_status_name: '待处理', admin_id: 3, admin_name: '李' }, after: { process_status: '4', process_status_name: '处理中', admin_id: 3, admin_name: '李', note: '' } });
    expect(moved.map((r) => [r.field, r.before, r.after])).toEqual([
      ['办理状态', '待处理', '处理中'],
      ['处理人', '李', '李'],
      ['说明', '—', '—'],
    ]);
    // 待客户补充's request (decision 043) in words, not its key.
    const asked = auditChangeRows({ action: 'order.process_status', before: { process_status: '4' }, after: { process_status: '3', note: '请补充照片', customer_request: '请补充照片' } });
    expect(asked.find((r) => r.after === '请补充照片' && r.field !== '说明')).toMatchObject({ field: '请客户补充' });
    expect(auditChangeRows({ action: 'refund.approve', before: { request_id: 1, status: 'PENDING' }, after: { request_id: 1, status: 'PROCESSING', note: '' } })[0]).toMatchObject({ field: '状态', before: '待审批', after: '退款处理中' });
    const failed = auditChangeRows({ action: 'staff.sign_in_failed', before: null, after: { username: 'clerk.li', reason: 'wrong_password', device: 'none' } });
    expect(failed.map((r) => [r.field, r.after])).toEqual([
      ['用户名', 'clerk.li'],
      ['原因', '密码错误'],
      ['设备', '新设备'],
    ]);
  });
});
