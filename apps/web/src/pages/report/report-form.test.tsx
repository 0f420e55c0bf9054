import { DEFAULT_REPORT_TYPE, ERROR_CATALOG, NOTICES, REPORT_NEXT_STEPS, REPORT_TEXT_MAX_LENGTH, REPORT_TYPES } from '@kuaibao/domain';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '../../router/router.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformProvider } from '../../platform/context.tsx';
import { DESKTOP, installFakeServer, PHONE, seedStorage, type FakeCall } from '../../test/harness.tsx';
import { ToastHost, toast } from '../../ui/toast.tsx';
import { ReportForm } from './report-form.tsx';
import ReportDialog from './report-dialog.tsx';
import ReportPage from './report-page.tsx';

let calls: FakeCall[];
const reports = () => calls.filter((call) => call.path === '/api/user/feedback');
const toastText = () => screen.getByTestId('toast').textContent;

function renderForm(onSubmitted = vi.fn<() => void>()) {
  render(
    <PlatformProvider value={PHONE}>
      <MemoryRouter>
        <ReportForm onSubmitted={onSubmitted} />
      </MemoryRouter>
      <ToastHost />
    </PlatformProvider>,
  );
  return onSubmitted;
}

const content = () => screen.getByTestId('report-content') as HTMLTextAreaElement;
const contact = () => screen.getByTestId('report-contact') as HTMLInputElement;

beforeEach(() => {
  seedStorage();
  calls = installFakeServer(() => undefined);
});

afterEach(() => {
  cleanup();
  act(() => toast.clear());
});

describe('report form (docs/product/screens.md#report-screen, docs/product/data.md, docs/product/validation.md)', () => {
  it('offers the types (举报, 售后, 退款) as a radio group, the first chosen', () => {
    renderForm();
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.value)).toEqual([...REPORT_TYPES]);
    expect(radios.find((radio) => radio.checked)?.value).toBe(DEFAULT_REPORT_TYPE);
    expect(screen.getByRole('group', { name: '问题类型' })).toBeTruthy();
    expect(radios.map((radio) => radio.value)).toEqual(expect.arrayContaining(['售后问题', '申请退款']));
  });

  it('an empty or blank reason → 请填写举报原因, and nothing is sent', () => {
    const onSubmitted = renderForm();
    fireEvent.click(screen.getByTestId('report-submit'));
    expect(toastText()).toBe(ERROR_CATALOG.REPORT_REASON_EMPTY.message);
    fireEvent.change(content(), { target: { value: '   \n ' } });
    fireEvent.click(screen.getByTestId('report-submit'));
    expect(toastText()).toBe(ERROR_CATALOG.REPORT_REASON_EMPTY.message);
    expect(reports()).toHaveLength(0);
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('counts the reason as it is typed, to 500', () => {
    renderForm();
    expect(screen.getByTestId('report-counter').textContent).toContain(`0/${REPORT_TEXT_MAX_LENGTH}`);
    fireEvent.change(content(), { target: { value: '有人冒充平台😀' } });
    // an emoji counts once, as the domain counts it
    expect(screen.getByTestId('report-counter').textContent).toContain(`7/${REPORT_TEXT_MAX_LENGTH}`);
    expect(content().getAttribute('aria-describedby')).toBe(screen.getByTestId('report-counter').id);
  });

  it('stops the reason and the contact at 500 characters with 超出长度', () => {
    renderForm();
    fireEvent.change(content(), { target: { value: '举'.repeat(REPORT_TEXT_MAX_LENGTH + 3) } });
    expect(Array.from(content().value)).toHaveLength(REPORT_TEXT_MAX_LENGTH);
    expect(toastText()).toBe(ERROR_CATALOG.EXCEEDS_LENGTH.message);
    expect(screen.getByTestId('report-counter').textContent).toContain(`${REPORT_TEXT_MAX_LENGTH}/${REPORT_TEXT_MAX_LENGTH}`);
    act(() => toast.clear());
    fireEvent.change(contact(), { target: { value: '1'.repeat(REPORT_TEXT_MAX_LENGTH + 1) } });
    expect(contact().value).toHaveLength(REPORT_TEXT_MAX_LENGTH);
    expect(toastText()).toBe(ERROR_CATALOG.EXCEEDS_LENGTH.message);
  });

  it('sends { report: { type, content, contact } } trimmed, says 提交成功 and what happens next, and hands over on 返回', async () => {
    const onSubmitted = renderForm();
    fireEvent.click(screen.getByRole('radio', { name: '冒充身份' }));
    fireEvent.change(content(), { target: { value: '  有人冒充平台客服收取额外费用  ' } });
    fireEvent.change(contact(), { target: { value: ' 13812345678 ' } });
    fireEvent.click(screen.getByTestId('report-submit'));
    expect((await screen.findByTestId('report-next-steps')).textContent).toBe(REPORT_NEXT_STEPS.冒充身份);
    expect(onSubmitted).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('report-done'));
    expect(onSubmitted).toHaveBeenCalledTimes(1);
    expect(reports()).toHaveLength(1);
    expect(reports()[0]!.method).toBe('POST');
    expect(reports()[0]!.body).toEqual({ report: { type: '冒充身份', content: '有人冒充平台客服收取额外费用', contact: '13812345678', company: '' } });
    expect(toastText()).toBe(NOTICES.SUBMITTED);
  });

  it('the contact is optional', async () => {
    const onSubmitted = renderForm();
    fireEvent.change(content(), { target: { value: '其他问题描述' } });
    fireEvent.click(screen.getByTestId('report-submit'));
    fireEvent.click(await screen.findByTestId('report-done'));
    expect(onSubmitted).toHaveBeenCalled();
    expect(reports()[0]!.body).toEqual({ report: { type: DEFAULT_REPORT_TYPE, content: '其他问题描述', contact: '', company: '' } });
  });

  it('a refund request is told the refund rule: the full fee back when handling failed', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('radio', { name: '申请退款' }));
    fireEvent.change(content(), { target: { value: '办理失败，申请退款' } });
    fireEvent.click(screen.getByTestId('report-submit'));
    expect((await screen.findByTestId('report-next-steps')).textContent).toContain('3个工作日内');
    expect(screen.getByTestId('report-next-steps').textContent).toContain('全额原路退回');
    expect(reports()[0]!.body).toEqual({ report: { type: '申请退款', content: '办理失败，申请退款', contact: '', company: '' } });
  });

  it('a refused report keeps the text, shows the server reason and stays', async () => {
    calls = installFakeServer((call) =>
      call.path === '/api/user/feedback' ? { code: ERROR_CATALOG.RATE_LIMITED.code, msg: ERROR_CATALOG.RATE_LIMITED.message } : undefined,
    );
    const onSubmitted = renderForm();
    fireEvent.change(content(), { target: { value: '问题描述' } });
    fireEvent.click(screen.getByTestId('report-submit'));
    await waitFor(() => expect(toastText()).toBe(ERROR_CATALOG.RATE_LIMITED.message));
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(content().value).toBe('问题描述');
    expect((screen.getByTestId('report-submit') as HTMLButtonElement).disabled).toBe(false);
  });
});

/** A lookup answer: the orders whole or masked, as the server decides (decision 049). */
const fullOrder = (id: string, name: string) => ({
  access: 'full',
  id,
  status: '2',
  process_status: '4',
  process_status_name: '处理中',
  pay_time: '2026-03-02T02:03:04.000Z',
  out_trade_no: `KB${id}`,
  pay_type: 'weixin',
  pay_source: 'h5',
  total_fee: 19900,
  goods_id: 1,
  goods_type: 'license_year',
  goods_name: '营业执照年报代办',
  entity_name: name,
  entity_id: '92450305MA5KXXXX1A',
  entity_legal: '张三',
  entity_idno: '110105********002X',
  entity_phone: '13812345678',
  entity_extra: null,
  files: [],
  create_time: '2026-03-02T02:00:00.000Z',
  admin_name: null,
  status_name: '处理中',
  customer_request: null,
  declaration_pending: false,
});
const maskedOrder = (name: string) => ({ access: 'masked', goods_type: 'license_year', goods_name: '营业执照年报代办', status: '2', process_status: '4', process_status_name: '处理中', entity_name: name, create_date: '2026-03-01' });

describe('the order a complaint is about (docs/decisions/056-complaints-on-the-right-order.md)', () => {
  const lookups = () => calls.filter((call) => call.path === '/api/h5/order/phone');

  it("picks one of this device's orders from the phone lookup and sends its id with the device's key, not the company", async () => {
    localStorage.setItem('ownOrders', JSON.stringify([{ id: 'pub-noodles', key: 'key-noodles', phone: '13812345678' }]));
    calls = installFakeServer((call) =>
      call.path === '/api/h5/order/phone' ? { code: 0, data: { verified: false, orders: [fullOrder('pub-noodles', '桂林市七星区国伟面馆'), maskedOrder('宝信****公司')] } } : undefined,
    );
    renderForm();
    // The phone this device ordered with is filled in.
    expect((screen.getByTestId('report-order-phone') as HTMLInputElement).value).toBe('13812345678');
    fireEvent.click(screen.getByTestId('report-order-search'));
    await screen.findByTestId('report-order-list');
    expect(lookups()[0]!.query).toMatchObject({ phone: '13812345678', keys: 'pub-noodles.key-noodles' });
    // The masked order cannot be picked; the lookup's own SMS block is offered for it.
    expect(screen.getByTestId('report-order-masked').textContent).toContain('验证手机号后可选择');
    expect(screen.getByTestId('phone-verify')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /桂林市七星区国伟面馆/ }));
    expect(screen.queryByTestId('report-company')).toBeNull();
    fireEvent.change(content(), { target: { value: '面馆的年报还没办' } });
    fireEvent.click(screen.getByTestId('report-submit'));
    await screen.findByTestId('report-next-steps');
    expect(reports()[0]!.body).toEqual({ report: { type: DEFAULT_REPORT_TYPE, content: '面馆的年报还没办', contact: '', company: '', order: { id: 'pub-noodles', key: 'key-noodles' } } });
  });

  it('after the SMS code the lookup runs again with the token, and the picked order goes with that token', async () => {
    let verified = false;
    calls = installFakeServer((call) => {
      if (call.path === '/api/h5/order/phone/code') return { code: 0, data: { expires_in: 600, resend_in: 60 } };
      if (call.path === '/api/h5/order/phone/verify') {
        verified = true;
        return { code: 0, data: { phone_token: '1900000000.tokentokentokentokentokentokentoke', expires_at: '2030-01-01T00:00:00.000Z' } };
      }
      if (call.path === '/api/h5/order/phone') {
        return verified
          ? { code: 0, data: { verified: true, orders: [fullOrder('pub-trading', '宝信商贸有限公司'), fullOrder('pub-noodles', '桂林市七星区国伟面馆')] } }
          : { code: 0, data: { verified: false, orders: [maskedOrder('宝信****公司'), maskedOrder('桂林******面馆')] } };
      }
      return undefined;
    });
    renderForm();
    fireEvent.change(screen.getByTestId('report-order-phone'), { target: { value: '13812345678' } });
    fireEvent.click(screen.getByTestId('report-order-search'));
    await screen.findByTestId('phone-verify');
    expect(screen.queryAllByRole('radio', { name: /公司|面馆/ })).toHaveLength(0);
    fireEvent.click(screen.getByTestId('verify-send'));
    await waitFor(() => expect((screen.getByTestId('verify-confirm') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.change(screen.getByTestId('verify-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('verify-confirm'));
    fireEvent.click(await screen.findByRole('radio', { name: /宝信商贸有限公司/ }));
    expect(lookups().at(-1)!.query).toMatchObject({ phone: '13812345678', phone_token: '1900000000.tokentokentokentokentokentokentoke' });
    expect(screen.queryByTestId('phone-verify')).toBeNull();
    fireEvent.change(content(), { target: { value: '商贸公司的回执不对' } });
    fireEvent.click(screen.getByTestId('report-submit'));
    await screen.findByTestId('report-next-steps');
    expect(reports()[0]!.body).toMatchObject({ report: { order: { id: 'pub-trading', phone_token: '1900000000.tokentokentokentokentokentokentoke' }, company: '' } });
  });

  it('without an order the visitor names the company, sent as typed (trimmed) and no order', async () => {
    calls = installFakeServer((call) => (call.path === '/api/h5/order/phone' ? { code: 0, data: { verified: false, orders: [] } } : undefined));
    renderForm();
    fireEvent.change(screen.getByTestId('report-order-phone'), { target: { value: '13812345678' } });
    fireEvent.click(screen.getByTestId('report-order-search'));
    await screen.findByText(/没有已支付的订单/);
    fireEvent.change(screen.getByTestId('report-company'), { target: { value: ' 宝信商贸 ' } });
    fireEvent.change(content(), { target: { value: '有人以宝信商贸名义收费' } });
    fireEvent.click(screen.getByTestId('report-submit'));
    await screen.findByTestId('report-next-steps');
    expect(reports()[0]!.body).toEqual({ report: { type: DEFAULT_REPORT_TYPE, content: '有人以宝信商贸名义收费', contact: '', company: '宝信商贸' } });
  });
});

describe('report screens', () => {
  it('/report has a back arrow and the title 平台举报; after success it goes back', async () => {
    render(
      <PlatformProvider value={PHONE}>
        <MemoryRouter initialEntries={['/report']}>
          <Routes>
            <Route path="/" element={<p>home route</p>} />
            <Route path="/report" element={<ReportPage />} />
          </Routes>
        </MemoryRouter>
        <ToastHost />
      </PlatformProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('平台举报');
    expect(screen.getByRole('button', { name: '返回' })).toBeTruthy();
    fireEvent.change(content(), { target: { value: '问题描述' } });
    fireEvent.click(screen.getByTestId('report-submit'));
    fireEvent.click(await screen.findByTestId('report-done'));
    await screen.findByText('home route');
    expect(toastText()).toBe(NOTICES.SUBMITTED);
  });

  it('the desktop dialog closes on 返回 after a successful submit', async () => {
    const onClose = vi.fn<() => void>();
    render(
      <PlatformProvider value={DESKTOP}>
        <MemoryRouter>
          <ReportDialog onClose={onClose} />
        </MemoryRouter>
        <ToastHost />
      </PlatformProvider>,
    );
    expect(screen.getByTestId('report-dialog').getAttribute('role')).toBe('dialog');
    fireEvent.change(content(), { target: { value: '问题描述' } });
    fireEvent.click(screen.getByTestId('report-submit'));
    fireEvent.click(await screen.findByTestId('report-done'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
