import { ERROR_CATALOG, orderTexts, type OrderRecord } from '@kuaibao/domain';
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from '../../router/router.tsx';
import { PlatformProvider, type PlatformInfo } from '../../platform/context.tsx';
import { DESKTOP, PHONE, installFakeServer, seedStorage, type FakeCall } from '../../test/harness.tsx';
import { toast, ToastHost } from '../../ui/toast.tsx';
import SuccessDialog from './success-dialog.tsx';
import SuccessPage from './success-page.tsx';

const COMPANY = '北京字节跳动科技有限公司';
const SOLE_TRADER = '朝阳区老王便利店';
const FULL_ID = '11010519491231002X';
/** The order's edit key, as its creation answered it to this browser (decision 012). */
const EDIT_KEY = 'Ek_0123456789abcdefghijklmnopqrs';

function paidOrder(overrides: Partial<OrderRecord> = {}): OrderRecord {
  return {
    id: 'pub-1',
    status: '2',
    process_status: '1',
    process_status_name: '待处理',
    pay_time: '2026-03-02T02:03:04.000Z',
    out_trade_no: 'KB2026030200001',
    pay_type: 'alipay',
    pay_source: 'h5',
    total_fee: 19900,
    goods_id: 1,
    goods_type: 'license_year',
    goods_name: '企业年报',
    entity_name: COMPANY,
    entity_id: '91110108551385082Q',
    entity_legal: '张一鸣',
    entity_idno: '110***********002X',
    entity_phone: '13812345678',
    entity_extra: null,
    files: [],
    create_time: '2026-03-02T02:00:00.000Z',
    admin_name: null,
    status_name: '待处理',
    customer_request: null,
    declaration_pending: true,
    ...overrides,
  };
}

let calls: FakeCall[];
let order: OrderRecord;

function respond(call: FakeCall) {
  if (call.path === '/api/h5/order/detail') return { code: 0, data: order };
  if (call.path === '/api/h5/invoice') return { code: 0, data: { id: order.id, amount_fen: order.total_fee, refusal: null, prefill: { title: order.entity_name, tax_number: order.entity_id }, invoice: null } };
  if (call.path === '/api/h5/order' && call.method === 'PUT') {
    const body = call.body as { entity_extra: Record<string, string> };
    return { code: 0, data: { ...order, entity_extra: body.entity_extra, declaration_pending: false } };
  }
  return undefined;
}

const puts = () => calls.filter((call) => call.path === '/api/h5/order' && call.method === 'PUT');
const toastText = () => screen.queryByTestId('toast')?.textContent ?? null;

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderAt(path: string, element: ReactNode, platform: PlatformInfo = PHONE) {
  return render(
    <PlatformProvider value={platform}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/success" element={element} />
          <Route path="*" element={<p>other route</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <ToastHost />
    </PlatformProvider>,
  );
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

function fillCompany(values: Partial<Record<string, string>> = {}) {
  const all = { sale_amount: '120.5', tax_amount: '3.2', total_amount: '500', total_employee: '12', female_employee: '0', insure_employee: '0', ...values };
  for (const [key, value] of Object.entries(all)) type(`decl-input-${key}`, value!);
}

async function openMobile(overrides: Partial<OrderRecord> = {}, editKey: string | null = EDIT_KEY) {
  order = paidOrder(overrides);
  localStorage.setItem('orderId', order.id);
  if (editKey) localStorage.setItem('orderKey', editKey);
  renderAt('/success', <SuccessPage />);
  await screen.findByTestId('declaration');
}

beforeEach(() => {
  seedStorage();
  calls = installFakeServer(respond);
});

afterEach(() => {
  cleanup();
  act(() => toast.clear());
});

describe('mobile /success for license_year (docs/product/screens.md, docs/product/orders-and-statuses.md, docs/product/validation.md)', () => {
  it('removes the stored orderId, its edit key and params; a reload comes back to the unfiled form (待填写年报信息) with the key, and once filed goes to /', async () => {
    localStorage.setItem('params', JSON.stringify({ entity_id: 'x', entity_idno: FULL_ID }));
    await openMobile();
    expect(screen.getByTestId('declaration-title').textContent).toBe('支付成功');
    expect(localStorage.getItem('orderId')).toBeNull();
    expect(localStorage.getItem('orderKey')).toBeNull();
    expect(localStorage.getItem('params')).toBeNull();
    cleanup();

    // The reload: nothing was filed, so nothing is lost (decision 050).
    renderAt('/success', <SuccessPage />);
    await screen.findByTestId('declaration');
    expect(screen.getByTestId('declaration-title').textContent).toBe('待填写年报信息');
    fillCompany();
    fireEvent.click(screen.getByTestId('decl-submit'));
    await screen.findByTestId('decl-done');
    expect((puts()[0]!.body as Record<string, unknown>).edit_key).toBe(EDIT_KEY);
    cleanup();

    renderAt('/success', <SuccessPage />);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('a visit with nothing paid and nothing pending goes to /', async () => {
    renderAt('/success', <SuccessPage />);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(calls.some((call) => call.path === '/api/h5/order/detail')).toBe(false);
  });

  it('asks a company for six figures and a sole trader for two, each with a disclosure choice defaulting to 不公示', async () => {
    await openMobile();
    for (const key of ['sale_amount', 'tax_amount', 'total_amount', 'total_employee', 'female_employee', 'insure_employee']) {
      expect(screen.getByTestId(`decl-input-${key}`)).toBeTruthy();
      const select = screen.getByTestId(`decl-show-${key}`) as HTMLSelectElement;
      expect(select.value).toBe('false');
      // The closed dropdown shows the current choice.
      expect(select.selectedOptions[0]!.textContent).toBe('不公示');
    }
    expect(screen.getByTestId('decl-order-info').textContent).toContain('企业');
    cleanup();

    await openMobile({ entity_name: SOLE_TRADER });
    expect(screen.getByTestId('decl-input-sale_amount')).toBeTruthy();
    expect(screen.getByTestId('decl-input-tax_amount')).toBeTruthy();
    expect(screen.queryByTestId('decl-input-total_amount')).toBeNull();
    expect(screen.queryByTestId('decl-input-total_employee')).toBeNull();
    expect(screen.getByTestId('decl-order-info').textContent).toContain('个体');
  });

  it('says each problem under its figure, naming the figure and the rule, and sends nothing until the form is valid', async () => {
    await openMobile();
    fireEvent.click(screen.getByTestId('decl-submit'));
    expect(screen.getByTestId('decl-error-sale_amount').textContent).toMatch(/^请填写营业总收入：.*万元/);
    expect(screen.getByTestId('decl-input-sale_amount').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId('decl-input-sale_amount'));

    fillCompany({ tax_amount: '三万' });
    fireEvent.click(screen.getByTestId('decl-submit'));
    expect(screen.queryByTestId('decl-error-sale_amount')).toBeNull();
    const notNumber = screen.getByTestId('decl-error-tax_amount').textContent!;
    expect(notNumber).toContain('纳税总额');
    expect(notNumber).toContain('最多4位小数');
    expect(notNumber).not.toBe(ERROR_CATALOG.DECLARATION_NOT_NUMBER.message);

    fillCompany({ total_employee: '0' });
    fireEvent.click(screen.getByTestId('decl-submit'));
    expect(screen.getByTestId('decl-error-total_employee').textContent).toContain('从业人数至少为1人');
    // Typing in the figure takes its message away.
    type('decl-input-total_employee', '3');
    expect(screen.queryByTestId('decl-error-total_employee')).toBeNull();
    expect(toastText()).toBeNull();
    expect(puts()).toHaveLength(0);
  });

  it('refuses impossible staff figures with the shared rule\'s message and sends nothing', async () => {
    await openMobile();
    fillCompany({ total_employee: '5', insure_employee: '12' });
    fireEvent.click(screen.getByTestId('decl-submit'));
    expect(screen.getByTestId('decl-error-insure_employee').textContent).toBe('参保人数不能多于从业人数');

    fillCompany({ total_employee: '5', female_employee: '6' });
    fireEvent.click(screen.getByTestId('decl-submit'));
    expect(screen.getByTestId('decl-error-female_employee').textContent).toBe('女性从业人数不能多于从业人数');
    expect(puts()).toHaveLength(0);
  });

  it('files trimmed figures with the chosen disclosure, then shows sub-state 2 and goes to /check on close', async () => {
    await openMobile();
    fillCompany({ sale_amount: ' 120.5 ' });
    const select = screen.getByTestId('decl-show-sale_amount') as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'true' } });
    expect(select.selectedOptions[0]!.textContent).toBe('公示');
    fireEvent.click(screen.getByTestId('decl-submit'));

    const done = await screen.findByTestId('decl-done');
    expect(within(done).getByTestId('decl-done-text').textContent).toBe(orderTexts('license_year').successText);
    expect(puts()).toHaveLength(1);
    expect(puts()[0]!.body).toEqual({
      id: 'pub-1',
      corp_id: 0,
      entity_extra: {
        sale_amount: '120.5',
        sale_amount_show: 'true',
        tax_amount: '3.2',
        tax_amount_show: 'false',
        total_amount: '500',
        total_amount_show: 'false',
        total_employee: '12',
        total_employee_show: 'false',
        female_employee: '0',
        female_employee_show: 'false',
        insure_employee: '0',
        insure_employee_show: 'false',
      },
      edit_key: EDIT_KEY,
    });
    fireEvent.click(within(done).getByTestId('decl-done-close'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/check'));
  });

  it('zero declaration: asks first; cancel keeps the form; submit files 0 turnover and 0 tax', async () => {
    await openMobile({ entity_name: SOLE_TRADER });
    fireEvent.click(screen.getByTestId('decl-zero'));
    const confirm = await screen.findByTestId('decl-zero-confirm');
    expect(confirm.textContent).toContain('确定要零申报吗？');
    fireEvent.click(within(confirm).getByTestId('decl-zero-cancel'));
    expect(screen.queryByTestId('decl-zero-confirm')).toBeNull();
    expect(puts()).toHaveLength(0);

    fireEvent.click(screen.getByTestId('decl-zero'));
    fireEvent.click(within(await screen.findByTestId('decl-zero-confirm')).getByTestId('decl-zero-submit'));
    await screen.findByTestId('decl-done');
    expect(puts()[0]!.body).toMatchObject({
      entity_extra: { sale_amount: '0', sale_amount_show: 'false', tax_amount: '0', tax_amount_show: 'false' },
    });
  });

  it('a company zero declaration is one step: the confirmation asks the headcount and files a complete report', async () => {
    await openMobile();
    fireEvent.click(screen.getByTestId('decl-zero'));
    const confirm = await screen.findByTestId('decl-zero-confirm');
    expect(within(confirm).getByTestId('decl-zero-text').textContent).toContain('请填写从业人数');
    const headcount = within(confirm).getByTestId('decl-zero-headcount') as HTMLInputElement;
    expect(headcount.value).toBe('');

    // Without a headcount (or with 0) nothing is sent: the rule's message, the confirmation stays.
    fireEvent.click(within(confirm).getByTestId('decl-zero-submit'));
    expect(toastText()).toMatch(/^请填写从业人数：/);
    fireEvent.change(headcount, { target: { value: '0' } });
    fireEvent.click(within(confirm).getByTestId('decl-zero-submit'));
    expect(toastText()).toMatch(/^从业人数至少为1人/);
    expect(screen.getByTestId('decl-zero-confirm')).toBeTruthy();
    expect(puts()).toHaveLength(0);

    fireEvent.change(headcount, { target: { value: '3' } });
    fireEvent.click(within(confirm).getByTestId('decl-zero-submit'));
    await screen.findByTestId('decl-done');
    expect(puts()).toHaveLength(1);
    expect(puts()[0]!.body).toMatchObject({
      entity_extra: { sale_amount: '0', tax_amount: '0', total_amount: '0', total_employee: '3', female_employee: '0', insure_employee: '0' },
    });
  });

  it('a company zero declaration starts from the headcount already typed and keeps typed figures', async () => {
    await openMobile();
    fireEvent.change(screen.getByTestId('decl-input-total_employee'), { target: { value: '8' } });
    fireEvent.change(screen.getByTestId('decl-input-total_amount'), { target: { value: '40' } });
    fireEvent.click(screen.getByTestId('decl-zero'));
    const confirm = await screen.findByTestId('decl-zero-confirm');
    expect((within(confirm).getByTestId('decl-zero-headcount') as HTMLInputElement).value).toBe('8');
    fireEvent.click(within(confirm).getByTestId('decl-zero-submit'));
    await screen.findByTestId('decl-done');
    expect(puts()[0]!.body).toMatchObject({ entity_extra: { sale_amount: '0', tax_amount: '0', total_amount: '40', total_employee: '8' } });
  });

  it('files with the edit key read before it was removed, and without one when none is stored (a logged-in owner)', async () => {
    await openMobile();
    fillCompany();
    fireEvent.click(screen.getByTestId('decl-submit'));
    await screen.findByTestId('decl-done');
    expect((puts()[0]!.body as Record<string, unknown>).edit_key).toBe(EDIT_KEY);
    cleanup();

    // The official account's '填写年报数据' stores the id only: the x-token proves the order is the visitor's.
    await openMobile({}, null);
    fillCompany();
    fireEvent.click(screen.getByTestId('decl-submit'));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]!.body).not.toHaveProperty('edit_key');
  });

  it('an order filed on an earlier visit opens at sub-state 2', async () => {
    await openMobile({ entity_name: SOLE_TRADER, entity_extra: { sale_amount: '1', sale_amount_show: 'false', tax_amount: '0', tax_amount_show: 'false' } });
    expect(screen.getByTestId('decl-done')).toBeTruthy();
  });

  it('shows the ID number masked, even to the browser that typed it (docs/product/trust-and-personal-data.md#id-numbers)', async () => {
    localStorage.setItem('params', JSON.stringify({ entity_id: '91110108551385082Q', entity_idno: FULL_ID }));
    await openMobile();
    expect(screen.getByTestId('decl-order-info').textContent).toContain('110***********002X');
    expect(screen.getByTestId('decl-order-info').textContent).not.toContain(FULL_ID);
  });
});

describe('mobile /success for other services', () => {
  it('says 支付成功 with the service text and links to /check', async () => {
    order = paidOrder({ goods_type: 'license_destory', goods_name: '营业执照注销' });
    localStorage.setItem('orderId', order.id);
    renderAt('/success', <SuccessPage />);
    expect((await screen.findByTestId('success-text')).textContent).toBe(orderTexts('license_destory').successText);
    expect(screen.getByTestId('success').textContent).toContain('支付成功');
    expect(screen.queryByTestId('declaration')).toBeNull();
    fireEvent.click(screen.getByTestId('view-progress'));
    expect(screen.getByTestId('location').textContent).toBe('/check');
  });
});

describe('desktop declaration dialog (docs/product/screens.md, docs/product/orders-and-statuses.md)', () => {
  function openDesktop(given: OrderRecord, form: Parameters<typeof SuccessDialog>[0]['form'] = null) {
    order = given;
    const closed: string[] = [];
    renderAt('/success', <SuccessDialog order={given} form={form} editKey={EDIT_KEY} onClose={() => closed.push('closed')} />, DESKTOP);
    return closed;
  }

  it('shows the order table with the ID masked, even for the visitor who typed it', () => {
    openDesktop(paidOrder(), {
      goods_id: '1',
      pay_type: 'weixin',
      pay_source: 'native',
      source: 'web',
      entity_name: COMPANY,
      entity_id: '91110108551385082Q',
      entity_legal: '张一鸣',
      entity_idno: FULL_ID,
      entity_phone: '13812345678',
    });
    const table = screen.getByTestId('decl-order-info');
    for (const text of ['企业年报', COMPANY, '企业', '91110108551385082Q', '张一鸣', '110***********002X', '13812345678']) {
      expect(table.textContent).toContain(text);
    }
    expect(table.textContent).not.toContain(FULL_ID);
  });

  it('closing asks first; 确认关闭 closes; 一键零报 leads to the zero confirmation, filing and the receipt', async () => {
    const closed = openDesktop(paidOrder({ entity_name: SOLE_TRADER }));
    const dialog = screen.getByTestId('declaration-dialog');
    expect(within(dialog).getByTestId('decl-order-info').textContent).toContain('110***********002X');

    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    const ask = screen.getByTestId('decl-close-confirm');
    expect(ask.textContent).toContain('您还未填写年报，确认关闭吗？');
    fireEvent.click(within(ask).getByTestId('decl-close-confirm-zero'));
    expect(screen.queryByTestId('decl-close-confirm')).toBeNull();

    const zero = screen.getByTestId('decl-zero-confirm');
    expect(zero.textContent).toContain('是否确认零申报？');
    fireEvent.click(within(zero).getByTestId('decl-zero-submit'));
    const done = await screen.findByTestId('decl-done');
    expect(screen.queryByTestId('declaration-dialog')).toBeNull();
    // The pay dialog handed the key over with the paid order.
    expect(puts()[0]!.body).toMatchObject({ id: 'pub-1', edit_key: EDIT_KEY });
    fireEvent.click(within(done).getByTestId('decl-done-close'));

    const receipt = screen.getByTestId('receipt-dialog');
    expect(receipt.textContent).toContain(orderTexts('license_year').receiptTitle);
    expect(closed).toEqual([]);
    fireEvent.click(within(receipt).getByRole('button', { name: '关闭' }));
    expect(closed).toEqual(['closed']);
  });

  it('确认关闭 closes without filing', () => {
    const closed = openDesktop(paidOrder());
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(within(screen.getByTestId('decl-close-confirm')).getByTestId('decl-close-confirm-close'));
    expect(closed).toEqual(['closed']);
    expect(puts()).toHaveLength(0);
  });

  // Decision 060: the phone success page and /checkDetail offered 申请发票; the desktop dialog now does too, with the same card.
  it('offers 申请发票 in the declaration dialog and in the paid dialog of other services, with the order\'s key', async () => {
    openDesktop(paidOrder());
    const dialog = screen.getByTestId('declaration-dialog');
    await within(dialog).findByTestId('invoice-card');
    const asked = calls.filter((call) => call.path === '/api/h5/invoice');
    expect(asked.at(-1)!.query).toMatchObject({ id: 'pub-1', key: EDIT_KEY });
    fireEvent.click(within(dialog).getByTestId('invoice-open'));
    expect((within(dialog).getByTestId('invoice-title') as HTMLInputElement).value).toBe(COMPANY);
    cleanup();

    openDesktop(paidOrder({ goods_type: 'license_destory', goods_name: '营业执照注销' }));
    const paid = await screen.findByTestId('success-dialog');
    await within(paid).findByTestId('invoice-card');
  });
});
