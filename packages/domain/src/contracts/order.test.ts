import { describe, expect, it } from 'vitest';
import { CreateOrderRequestSchema, OrderCheckRequestSchema } from './order.ts';

const FORM = {
  pay_type: 'weixin',
  entity_name: '张记面馆',
  entity_id: '91110105MA01ABCD2X',
  entity_legal: '张三',
  entity_idno: '11010519491231002X',
  entity_phone: '13812345678',
};

describe('CreateOrderRequestSchema', () => {
  it('fills the goods, pay source and platform a bare form leaves out', () => {
    expect(CreateOrderRequestSchema.parse(FORM)).toEqual({ ...FORM, goods_id: '1', pay_source: 'h5', source: 'web' });
  });

  it('trims the typed fields before measuring them', () => {
    const parsed = CreateOrderRequestSchema.parse({ ...FORM, entity_name: '  张记面馆 ', entity_phone: ' 13812345678 ', entity_idno: '11010519491231002X  ' });
    expect([parsed.entity_name, parsed.entity_phone, parsed.entity_idno]).toEqual(['张记面馆', '13812345678', '11010519491231002X']);
  });

  it.each([
    // Room for "+86 138-1234-5678" (the service reads it with normalizePhone), no more.
    ['entity_phone', '1'.repeat(21)],
    ['entity_id', 'A'.repeat(19)],
    ['entity_idno', '1'.repeat(19)],
    ['entity_legal', '张'.repeat(51)],
    ['entity_name', '公'.repeat(101)],
  ])('refuses %s longer than its field', (field, value) => {
    expect(CreateOrderRequestSchema.safeParse({ ...FORM, [field]: value }).success).toBe(false);
  });

  it('takes goods_id as digits or a positive integer, nothing else', () => {
    expect(CreateOrderRequestSchema.parse({ ...FORM, goods_id: '12' }).goods_id).toBe('12');
    expect(CreateOrderRequestSchema.parse({ ...FORM, goods_id: 3 }).goods_id).toBe(3);
    expect(CreateOrderRequestSchema.safeParse({ ...FORM, goods_id: '1e3' }).success).toBe(false);
    expect(CreateOrderRequestSchema.safeParse({ ...FORM, goods_id: 0 }).success).toBe(false);
  });
});

describe('OrderCheckRequestSchema', () => {
  it('is the order form without payment: a pay type sent along is dropped', () => {
    expect(OrderCheckRequestSchema.parse(FORM)).toEqual({
      goods_id: '1',
      source: 'web',
      entity_name: '张记面馆',
      entity_id: '91110105MA01ABCD2X',
      entity_legal: '张三',
      entity_idno: '11010519491231002X',
      entity_phone: '13812345678',
    });
  });
});
