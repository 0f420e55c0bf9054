import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeServer, seedStorage, type FakeCall } from '../test/harness.tsx';
import type { OrderForm } from '../storage.ts';
import { fetchAlreadyOrdered } from './already-ordered.ts';
import { placeOrder } from './place-order.ts';

const FORM: OrderForm = {
  goods_id: '1',
  pay_type: '',
  pay_source: 'h5',
  source: 'web',
  entity_name: '北京字节跳动科技有限公司',
  entity_id: '91110108551385082Q',
  entity_legal: '张一鸣',
  entity_idno: '11010519491231002X',
  entity_phone: '13812345678',
};

let calls: FakeCall[];
beforeEach(() => {
  seedStorage();
  calls = installFakeServer((call) =>
    call.path === '/api/h5/order/check' ? { code: 0, data: { alreadyOrdered: false, message: '' } } : { code: 0, data: { orderId: 'o-1', payFee: 19900, editKey: 'k' } },
  );
});

describe('the form as the server reads it (orderFormRequest)', () => {
  it('is the same for "already ordered" and for the order, which adds only its payment fields', async () => {
    await fetchAlreadyOrdered(FORM, new AbortController().signal);
    await placeOrder({ form: FORM, goodsType: 'license_year', payType: 'weixin', paySource: 'native', precheckContinued: true });
    const check = calls.find((call) => call.path === '/api/h5/order/check');
    const create = calls.find((call) => call.path === '/api/h5/order');
    // The stored config's agreement (harness CONFIG): the version the visitor was shown.
    const formFields = {
      goods_id: '1',
      source: 'web',
      entity_name: '北京字节跳动科技有限公司',
      entity_id: '91110108551385082Q',
      entity_legal: '张一鸣',
      entity_idno: '11010519491231002X',
      entity_phone: '13812345678',
      extra: { consent: true, agreement_version: '2025-07-01' },
    };
    expect(check?.method).toBe('POST');
    expect(check!.body).toEqual(formFields);
    expect(create?.method).toBe('POST');
    expect(create!.body).toEqual({ ...formFields, pay_type: 'weixin', pay_source: 'native', precheck_continued: true });
  });
});
