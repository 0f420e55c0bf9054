import { ID_NUMBER_CONSENT_VERSION } from '@kuaibao/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONFIG, installFakeServer, ORDER_FORM, seedStorage, type FakeCall } from '../test/harness.tsx';
import { fetchAlreadyOrdered } from './already-ordered.ts';
import { placeOrder } from './place-order.ts';

let calls: FakeCall[];
beforeEach(() => {
  seedStorage();
  calls = installFakeServer((call) =>
    call.path === '/api/h5/order/check' ? { code: 0, data: { alreadyOrdered: false, message: '' } } : { code: 0, data: { orderId: 'o-1', payFee: 19900, editKey: 'k' } },
  );
});

describe('the form as the server reads it (orderFormRequest)', () => {
  it('is the same for "already ordered" and for the order, which adds only its payment fields', async () => {
    await fetchAlreadyOrdered(ORDER_FORM, new AbortController().signal);
    await placeOrder({ form: ORDER_FORM, goodsType: 'license_year', payType: 'weixin', paySource: 'native', precheckContinued: true });
    const check = calls.find((call) => call.path === '/api/h5/order/check');
    const create = calls.find((call) => call.path === '/api/h5/order');
    // The form's own pay fields are not sent; the agreement is the stored config's, the one the visitor was shown;
    // the ID-number consent is its own, with the version of the text the pages ship (decision 050).
    const { pay_type: _payType, pay_source: _paySource, ...company } = ORDER_FORM;
    const form = { ...company, extra: { consent: true, agreement_version: CONFIG.agreement_version, idno_consent: true, idno_consent_version: ID_NUMBER_CONSENT_VERSION } };
    expect(check?.method).toBe('POST');
    expect(check!.body).toEqual(form);
    expect(create?.method).toBe('POST');
    expect(create!.body).toEqual({ ...form, pay_type: 'weixin', pay_source: 'native', precheck_continued: true });
  });
});
