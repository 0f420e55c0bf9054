import { creditCodeCheckChar, ERROR_CATALOG, ID_NUMBER_CONSENT_VERSION } from '@kuaibao/domain';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP, GOODS, installFakeServer, renderRoute, seedStorage, type FakeCall } from '../../test/harness.tsx';
import { toast } from '../../ui/toast.tsx';
import HomePage from './home-page.tsx';

const CODE_17 = '91110108551385082';
const CREDIT_CODE = CODE_17 + creditCodeCheckChar(CODE_17);
const VALID_ID = '11010519491231002X';
const VALID_PHONE = '13800138000';

const COMPANY = {
  name: '北京字节跳动科技有限公司',
  merge_name: '北京字节跳动科技有限公司',
  color_name: '<em>北京字节</em>跳动科技有限公司',
  credit_code: CREDIT_CODE,
  oper_name: '张利东',
};

let calls: FakeCall[];

function respond(call: FakeCall) {
  if (call.path === '/api/h5/company') {
    return { code: 0, data: [COMPANY, { ...COMPANY, name: '无代码公司', color_name: '无代码公司', credit_code: '' }] };
  }
  if (call.path === '/api/h5/order') {
    return { code: 0, data: { isPaied: false, orderId: 'o-1', payFee: 19900, qrcodeUrl: 'weixin://wxpay/bizpayurl?pr=test', editKey: 'key-of-o-1' } };
  }
  if (call.path === '/api/h5/order/detail') {
    return { code: 0, data: { id: 'o-1', status: '1' } };
  }
  return undefined;
}

const toastText = () => screen.getByTestId('toast').textContent;
const companySearches = () => calls.filter((call) => call.path === '/api/h5/company');

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

function submit() {
  fireEvent.click(screen.getByTestId('submit'));
}

async function pickCompany() {
  type('company-input', '北京字节');
  fireEvent.click(screen.getByTestId('company-search'));
  const option = await screen.findByTestId('company-option');
  fireEvent.click(option);
  await screen.findByTestId('selected-company');
}

beforeEach(() => {
  seedStorage();
  calls = installFakeServer(respond);
  Element.prototype.scrollIntoView = vi.fn<Element['scrollIntoView']>();
});

afterEach(() => {
  cleanup();
  act(() => toast.clear());
});

describe('home form submit rules (docs/product/orders-and-statuses.md, docs/product/validation.md)', () => {
  it('1. any empty field → 请填写完整信息, whatever else is wrong', () => {
    renderRoute(<HomePage />);
    submit();
    expect(toastText()).toBe(ERROR_CATALOG.FORM_INCOMPLETE.message);

    type('company-input', '北京字节');
    type('id-input', '123');
    submit();
    expect(toastText()).toBe(ERROR_CATALOG.FORM_INCOMPLETE.message);
    expect(companySearches()).toHaveLength(0);
  });

  it('2. no company picked → the search runs, the page scrolls up and 请选择您的公司', async () => {
    renderRoute(<HomePage />);
    type('company-input', ' 北京 字节 ');
    type('id-input', VALID_ID);
    type('phone-input', VALID_PHONE);
    submit();
    expect(toastText()).toBe(ERROR_CATALOG.COMPANY_NOT_CHOSEN.message);
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    await waitFor(() => expect(companySearches()).toHaveLength(1));
    expect(companySearches()[0]!.query.keyword).toBe('北京字节');
    // The dropdown opens with the results; the one without a credit code is dropped.
    const list = await screen.findByRole('listbox');
    expect(within(list).getAllByTestId('company-option')).toHaveLength(1);
  });

  it('3. an invalid ID number → 请填写正确的身份证号码', async () => {
    renderRoute(<HomePage />);
    await pickCompany();
    type('id-input', '110105194912310021');
    type('phone-input', VALID_PHONE);
    submit();
    // Marked and said under the field, which takes the focus; not a toast that goes away.
    const input = screen.getByTestId('id-input');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(ERROR_CATALOG.ID_NUMBER_INVALID.message);
    expect(document.activeElement).toBe(input);
    expect(screen.getByTestId('phone-input').getAttribute('aria-invalid')).toBe('false');
    // Editing the field clears the mark.
    type('id-input', VALID_ID);
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('4. an invalid phone → 请填写正确的手机号码', async () => {
    renderRoute(<HomePage />);
    await pickCompany();
    type('id-input', VALID_ID);
    type('phone-input', '12345678901');
    submit();
    const input = screen.getByTestId('phone-input');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(ERROR_CATALOG.PHONE_INVALID.message);
    expect(screen.getByRole('alert').textContent).toBe(ERROR_CATALOG.PHONE_INVALID.message);
    expect(document.activeElement).toBe(input);
  });

  it('5. no consent → the consent dialog, one consent at a time; each 同意 ticks only its own box, then on to /pay with the form stored', async () => {
    renderRoute(<HomePage />);
    await pickCompany();
    type('id-input', VALID_ID);
    type('phone-input', VALID_PHONE);
    submit();
    const dialog = await screen.findByTestId('consent-dialog');
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByTestId('consent-dialog-text').getAttribute('data-kind')).toBe('agreement');
    expect(screen.getByTestId('location').textContent).toBe('/');

    // The agreement's 同意 does not cover the ID number (decision 050): its own question follows.
    fireEvent.click(screen.getByTestId('consent-agree'));
    await waitFor(() => expect(screen.getByTestId('consent-dialog-text').getAttribute('data-kind')).toBe('idno'));
    expect((screen.getByTestId('consent-checkbox') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('idno-consent-checkbox') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('location').textContent).toBe('/');

    fireEvent.click(screen.getByTestId('consent-agree'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/pay'));
    const stored = JSON.parse(localStorage.getItem('params') ?? '{}');
    expect(stored).toMatchObject({
      goods_id: '1',
      entity_name: COMPANY.name,
      entity_id: CREDIT_CODE,
      entity_legal: COMPANY.oper_name,
      entity_idno: VALID_ID,
      entity_phone: VALID_PHONE,
      source: 'web',
    });
    expect(calls.some((call) => call.path === '/api/user/event' && (call.body as { key: string }).key === 'client.form.submit')).toBe(true);
  });

  it('picking a company from the list sends client.company.pick (the console funnel step), once', async () => {
    renderRoute(<HomePage />);
    const picks = () => calls.filter((call) => call.path === '/api/user/event' && (call.body as { key: string }).key === 'client.company.pick');
    type('company-input', '北京字节');
    fireEvent.click(screen.getByTestId('company-search'));
    await screen.findByTestId('company-option');
    expect(picks()).toHaveLength(0);
    fireEvent.click(screen.getByTestId('company-option'));
    await screen.findByTestId('selected-company');
    expect(picks()).toHaveLength(1);
    expect((picks()[0]!.body as { value: string }).value).toBe(CREDIT_CODE);
  });

  it('5b. 拒绝 closes the consent dialog and stays', async () => {
    renderRoute(<HomePage />);
    await pickCompany();
    type('id-input', VALID_ID);
    type('phone-input', VALID_PHONE);
    submit();
    fireEvent.click(await screen.findByTestId('consent-refuse'));
    expect(screen.queryByTestId('consent-dialog')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('Esc closes the consent dialog', async () => {
    renderRoute(<HomePage />);
    await pickCompany();
    type('id-input', VALID_ID);
    type('phone-input', VALID_PHONE);
    submit();
    await screen.findByTestId('consent-dialog');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('consent-dialog')).toBeNull();
  });

  it('the agreement ticked alone is not enough: the ID-number consent is asked for on its own', async () => {
    renderRoute(<HomePage />);
    await pickCompany();
    type('id-input', VALID_ID);
    type('phone-input', VALID_PHONE);
    fireEvent.click(screen.getByTestId('consent-checkbox'));
    submit();
    await screen.findByTestId('consent-dialog');
    expect(screen.getByTestId('consent-dialog-text').getAttribute('data-kind')).toBe('idno');
    fireEvent.click(screen.getByTestId('consent-refuse'));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('with both boxes ticked the phone goes straight to /pay', async () => {
    renderRoute(<HomePage />);
    await pickCompany();
    type('id-input', VALID_ID);
    type('phone-input', VALID_PHONE);
    fireEvent.click(screen.getByTestId('consent-checkbox'));
    fireEvent.click(screen.getByTestId('idno-consent-checkbox'));
    submit();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/pay'));
  });

  it('on desktop a valid submit opens the pay dialog with a native order and its QR code', async () => {
    renderRoute(<HomePage />, { platform: DESKTOP });
    await pickCompany();
    type('id-input', VALID_ID);
    type('phone-input', VALID_PHONE);
    fireEvent.click(screen.getByTestId('consent-checkbox'));
    fireEvent.click(screen.getByTestId('idno-consent-checkbox'));
    submit();
    const dialog = await screen.findByTestId('pay-dialog');
    expect(within(dialog).getByText('支付页面')).toBeTruthy();
    await within(dialog).findByTestId('pay-qr');
    const order = calls.find((call) => call.path === '/api/h5/order');
    expect(order?.body).toMatchObject({
      pay_type: 'weixin',
      pay_source: 'native',
      entity_id: CREDIT_CODE,
      extra: { consent: true, agreement_version: '2025-07-01', idno_consent: true, idno_consent_version: ID_NUMBER_CONSENT_VERSION },
    });
    expect(localStorage.getItem('orderId')).toBe('o-1');
    // Beside it, the edit key only this answer carries (decision 012).
    expect(localStorage.getItem('orderKey')).toBe('key-of-o-1');
    // weixin is listed first on desktop even though the goods list alipay first
    expect(within(dialog).getByTestId('pay-method-weixin')).toBeTruthy();
  });
});

describe('desktop pay dialog', () => {
  async function openPayDialog() {
    renderRoute(<HomePage />, { platform: DESKTOP });
    await pickCompany();
    type('id-input', VALID_ID);
    type('phone-input', VALID_PHONE);
    fireEvent.click(screen.getByTestId('consent-checkbox'));
    fireEvent.click(screen.getByTestId('idno-consent-checkbox'));
    submit();
    return screen.findByTestId('pay-dialog');
  }

  it('closing before payment shows the customer-service tip with the service QR', async () => {
    const dialog = await openPayDialog();
    await within(dialog).findByTestId('pay-qr');
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    const tip = await screen.findByTestId('service-dialog');
    expect(within(tip).getByText('微信扫码添加客服')).toBeTruthy();
    expect(within(tip).getByTestId('service-qr')).toBeTruthy();
    expect(screen.queryByTestId('pay-dialog')).toBeNull();
  });

  it('an already filed company → 当前公司已申报 in the dialog, kept until closed, with 查看办理进度', async () => {
    calls = installFakeServer((call) => (call.path === '/api/h5/order' ? { code: 0, data: 'paied' } : respond(call)));
    await openPayDialog();
    const refused = await screen.findByTestId('pay-refused');
    expect(refused.textContent).toContain(ERROR_CATALOG.COMPANY_ALREADY_FILED.message);
    fireEvent.click(within(refused).getByTestId('already-ordered-progress'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/check'));
  });

  it('a paid order closes the dialog and opens the success state', async () => {
    let polls = 0;
    calls = installFakeServer((call) => {
      if (call.path === '/api/h5/order/detail') {
        polls += 1;
        return {
          code: 0,
          data: {
            id: 'o-1',
            status: polls > 1 ? '2' : '1',
            goods_type: 'license_destory',
            goods_name: '营业执照注销代办',
            entity_name: COMPANY.name,
            total_fee: 69900,
            out_trade_no: 'KB1',
          },
        };
      }
      return respond(call);
    });
    await openPayDialog();
    const success = await screen.findByTestId('success-dialog', {}, { timeout: 4000 });
    expect(within(success).getByText('支付成功')).toBeTruthy();
    expect(within(success).getByTestId('success-text').textContent).toContain('24小时内');
    expect(screen.queryByTestId('pay-dialog')).toBeNull();
    expect(localStorage.getItem('orderId')).toBeNull();
    expect(localStorage.getItem('orderKey')).toBeNull();
    expect(localStorage.getItem('params')).toBeNull();
  });
});

describe('home form inputs', () => {
  it('the ID input keeps digits and X, upper-cased, and says 超出长度 past 18', () => {
    renderRoute(<HomePage />);
    type('id-input', '11010519491231002x');
    expect((screen.getByTestId('id-input') as HTMLInputElement).value).toBe(VALID_ID);
    type('id-input', `${VALID_ID}9`);
    expect((screen.getByTestId('id-input') as HTMLInputElement).value).toBe(VALID_ID);
    expect(toastText()).toBe(ERROR_CATALOG.EXCEEDS_LENGTH.message);
  });

  it('the phone input keeps 11 digits', () => {
    renderRoute(<HomePage />);
    type('phone-input', '138-0013-80001');
    expect((screen.getByTestId('phone-input') as HTMLInputElement).value).toBe(VALID_PHONE);
    expect(toastText()).toBe(ERROR_CATALOG.EXCEEDS_LENGTH.message);
  });

  it('an empty keyword → 查询关键词不能为空 and no call', () => {
    renderRoute(<HomePage />);
    type('company-input', '   ');
    fireEvent.click(screen.getByTestId('company-search'));
    expect(toastText()).toBe(ERROR_CATALOG.KEYWORD_EMPTY.message);
    expect(companySearches()).toHaveLength(0);
  });

  it('a pick fills the card; the clear icon empties it', async () => {
    renderRoute(<HomePage />);
    await pickCompany();
    const card = screen.getByTestId('selected-company');
    expect(within(card).getByText(COMPANY.name)).toBeTruthy();
    expect(within(card).getByText(CREDIT_CODE)).toBeTruthy();
    expect(within(card).getByText(COMPANY.oper_name)).toBeTruthy();
    fireEvent.click(screen.getByTestId('company-clear'));
    expect(screen.queryByTestId('selected-company')).toBeNull();
    expect((screen.getByTestId('company-input') as HTMLInputElement).value).toBe('');
  });

  it('shows the honesty disclosure and the fee before the ID input', () => {
    renderRoute(<HomePage />);
    const notice = screen.getByTestId('honesty-notice');
    const fee = screen.getByTestId('service-fee');
    const idInput = screen.getByTestId('id-input');
    expect(fee.textContent).toContain('¥199.00');
    expect(notice.compareDocumentPosition(idInput) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(fee.compareDocumentPosition(idInput) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('official-channel-link').getAttribute('href')).toBe('https://www.gsxt.gov.cn');
  });
});

describe('the registration status and 信用修复 (docs/product/registration-status.md)', () => {
  function fillAndSubmit() {
    type('id-input', VALID_ID);
    type('phone-input', VALID_PHONE);
    fireEvent.click(screen.getByTestId('consent-checkbox'));
    fireEvent.click(screen.getByTestId('idno-consent-checkbox'));
    submit();
  }

  it('a 注销 company: the reason under it, and no pay dialog and no order', async () => {
    calls = installFakeServer((call) => (call.path === '/api/h5/company' ? { code: 0, data: [{ ...COMPANY, status: 'cancelled', status_text: '注销' }] } : respond(call)));
    renderRoute(<HomePage />, { platform: DESKTOP });
    type('company-input', '北京字节');
    fireEvent.click(screen.getByTestId('company-search'));
    expect((await screen.findByTestId('company-option')).textContent).toContain('注销');
    fireEvent.click(screen.getByTestId('company-option'));
    expect((await screen.findByTestId('company-refusal')).textContent).toBe(ERROR_CATALOG.COMPANY_DEREGISTERED.message);
    fillAndSubmit();
    await act(async () => {});
    expect(screen.queryByTestId('pay-dialog')).toBeNull();
    expect(calls.some((call) => call.path === '/api/h5/order')).toBe(false);
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
  });

  it('信用修复 asks for the record before paying and sends the one chosen with the order', async () => {
    seedStorage({ goods: [...GOODS, { ...GOODS[0]!, id: 3, goods_id: 3, name: '信用修复', goods_name: '信用修复', type: 'credit_repair', goods_type: 'credit_repair', price_fen: 99900 }] });
    renderRoute(<HomePage />, { platform: DESKTOP });
    fireEvent.click(within(screen.getByTestId('goods-3')).getByRole('radio'));
    await pickCompany();
    fillAndSubmit();
    expect((await screen.findByTestId('credit-record-missing')).textContent).toBe(ERROR_CATALOG.CREDIT_RECORD_REQUIRED.message);
    expect(screen.queryByTestId('pay-dialog')).toBeNull();

    fireEvent.click(within(screen.getByTestId('credit-record-serious_violation')).getByRole('radio'));
    submit();
    await waitFor(() => expect(calls.find((call) => call.path === '/api/h5/order')?.body).toMatchObject({ goods_id: '3', credit_record: 'serious_violation' }), { timeout: 10_000 });
  });
});

describe('a 个体工商户 has an 经营者, not a 法定代表人 (representative.ts)', () => {
  const IND_17 = '92450305MA5KXXXX0'.replace(/X/g, '1');
  const INDIVIDUAL = { name: '七星区国伟面馆', merge_name: '七星区国伟面馆', color_name: '七星区国伟面馆', credit_code: IND_17 + creditCodeCheckChar(IND_17), oper_name: '李国伟' };

  it('the suggestion and the ID field say 经营者 for a code starting 92, 法定代表人 for a company', async () => {
    calls = installFakeServer((call) => (call.path === '/api/h5/company' ? { code: 0, data: [INDIVIDUAL, COMPANY] } : respond(call)));
    renderRoute(<HomePage />);
    expect(screen.getByText(/^法定代表人身份证号/)).toBeTruthy();
    type('company-input', '国伟');
    fireEvent.click(screen.getByTestId('company-search'));
    const [individual, company] = await screen.findAllByTestId('company-option');
    expect(individual!.textContent).toContain('经营者：李国伟');
    expect(company!.textContent).toContain('法定代表人：张利东');
    fireEvent.click(individual!);
    await screen.findByTestId('selected-company');
    expect(screen.getByText(/^经营者身份证号/)).toBeTruthy();
    expect(screen.getByTestId('id-input').getAttribute('placeholder')).toBe('请输入经营者身份证号码');
  });
});

describe('the price for the chosen company’s kind (customer-price.ts) and the link’s channel (order-channel.ts)', () => {
  const IND_17 = '92450305MA5K11110';
  const INDIVIDUAL = { name: '七星区国伟面馆', merge_name: '七星区国伟面馆', color_name: '七星区国伟面馆', credit_code: IND_17 + creditCodeCheckChar(IND_17), oper_name: '李国伟' };
  const TWO_PRICES = [{ ...GOODS[0]!, price_fen: 19_900, individual_price_fen: 9_900 }];

  async function pick(index: 0 | 1) {
    type('company-input', '国伟');
    fireEvent.click(screen.getByTestId('company-search'));
    fireEvent.click((await screen.findAllByTestId('company-option'))[index]!);
    return screen.findByTestId('selected-company');
  }

  it('shows the 个体工商户 price once an individual business is chosen, the company price for a company', async () => {
    seedStorage({ goods: TWO_PRICES });
    calls = installFakeServer((call) => (call.path === '/api/h5/company' ? { code: 0, data: [INDIVIDUAL, COMPANY] } : respond(call)));
    renderRoute(<HomePage />);
    const individual = await pick(0);
    await waitFor(() => expect(within(individual).getByTestId('pay-fee').textContent).toBe('¥99.00'));
    expect(individual.textContent).toContain('个体工商户价格');
    fireEvent.click(screen.getByTestId('company-clear'));
    const company = await pick(1);
    expect(within(company).getByTestId('pay-fee').textContent).toBe('¥199.00');
    expect(company.textContent).toContain('企业价格');
  });

  it('says nothing more when the service has one price for everyone', async () => {
    calls = installFakeServer((call) => (call.path === '/api/h5/company' ? { code: 0, data: [INDIVIDUAL, COMPANY] } : respond(call)));
    renderRoute(<HomePage />);
    const individual = await pick(0);
    expect(within(individual).queryByTestId('pay-fee')).toBeNull();
  });

  it('sends the tab’s channel with the order, and no malformed one', async () => {
    for (const [stored, sent] of [['Wechat-Group', 'wechat-group'], ['<script>', undefined]] as const) {
      cleanup();
      sessionStorage.setItem('channel', JSON.stringify(stored));
      calls = installFakeServer(respond);
      renderRoute(<HomePage />, { platform: DESKTOP });
      await pickCompany();
      type('id-input', VALID_ID);
      type('phone-input', VALID_PHONE);
      fireEvent.click(screen.getByTestId('consent-checkbox'));
      fireEvent.click(screen.getByTestId('idno-consent-checkbox'));
      submit();
      await waitFor(() => expect(calls.find((call) => call.path === '/api/h5/order')).toBeTruthy(), { timeout: 10_000 });
      expect((calls.find((call) => call.path === '/api/h5/order')!.body as { channel?: string }).channel).toBe(sent);
    }
    sessionStorage.removeItem('channel');
  });
});
