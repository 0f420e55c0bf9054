import { orderTexts, type OrderRecord } from '@kuaibao/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from '../../router/router.tsx';
import { PlatformProvider } from '../../platform/context.tsx';
import { PHONE, installFakeServer } from '../../test/harness.tsx';
import { rememberOwnOrder, rememberPhoneToken } from '../../own-orders.ts';
import OrderDetailPage from './order-detail-page.tsx';
import { Receipt } from './receipt.tsx';
import { saveOrderForReceipt } from './receipt-handoff.ts';

function order(overrides: Partial<OrderRecord> = {}): OrderRecord {
  return {
    id: 'pub-9',
    status: '2',
    process_status: '4',
    process_status_name: '处理中',
    pay_time: '2026-03-02T02:03:04.000Z',
    out_trade_no: 'KB2026030200009',
    pay_type: 'weixin',
    pay_source: 'native',
    total_fee: 100530,
    goods_id: 2,
    goods_type: 'license_year',
    goods_name: '企业年报',
    entity_name: '北京字节跳动科技有限公司',
    entity_id: '91110108551385082Q',
    entity_legal: '张一鸣',
    entity_idno: '110***********002X',
    entity_phone: '13812345678',
    entity_extra: null,
    files: [{ url: '/files/done-1.png' }, { url: '/files/done-2.png' }],
    create_time: '2026-03-02T02:00:00.000Z',
    admin_name: null,
    status_name: '处理中',
    customer_request: null,
    declaration_pending: false,
    ...overrides,
  };
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

describe('a paid annual report without its figures on the receipt (decision 050)', () => {
  function Where() {
    return <output data-testid="where">{useLocation().pathname}</output>;
  }
  const renderReceipt = (record: OrderRecord) =>
    render(
      <PlatformProvider value={PHONE}>
        <MemoryRouter initialEntries={['/orderDetail']}>
          <Routes>
            <Route path="*" element={<Receipt order={record} />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </PlatformProvider>,
    );

  it('says 待填写年报信息 and leads the browser that paid (it holds the edit key) back to the form', () => {
    localStorage.setItem('pendingDeclarations', JSON.stringify([{ orderId: 'pub-9', editKey: 'k' }]));
    renderReceipt(order({ id: 'pub-9', declaration_pending: true }));
    expect(text('declaration-pending')).toContain('待填写年报信息');
    fireEvent.click(screen.getByTestId('declaration-resume'));
    expect(text('where')).toBe('/success');
  });

  it('offers no form to another browser, and says where the form is', () => {
    renderReceipt(order({ id: 'pub-9', declaration_pending: true }));
    expect(text('declaration-pending')).toContain('待填写年报信息');
    expect(screen.queryByTestId('declaration-resume')).toBeNull();
    expect(text('declaration-elsewhere')).toContain('下单时使用的手机或电脑');
  });

  it('is absent once the figures are in', () => {
    renderReceipt(order({ id: 'pub-9', declaration_pending: false }));
    expect(screen.queryByTestId('declaration-pending')).toBeNull();
  });
});

describe('Receipt (docs/product/screens.md#receipt)', () => {
  // The receipt asks the server whether the order may have a 发票 (docs/decisions/060-invoices.md).
  let calls: ReturnType<typeof installFakeServer> = [];
  beforeEach(() => {
    calls = installFakeServer(() => undefined);
  });

  it('offers 申请发票 with the proof this device holds, and nothing when the server answers no invoice view', async () => {
    rememberOwnOrder({ id: 'pub-9', key: 'key-9', phone: '13812345678' });
    calls = installFakeServer((call) =>
      call.path === '/api/h5/invoice' ? { code: 0, data: { id: 'pub-9', amount_fen: 100530, refusal: null, prefill: { title: '北京字节跳动科技有限公司', tax_number: '91110108551385082Q' }, invoice: null } } : undefined,
    );
    render(<Receipt order={order()} />);
    expect(await screen.findByTestId('invoice-card')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/h5/invoice')?.query).toMatchObject({ id: 'pub-9', key: 'key-9' });
    cleanup();
    const asked = installFakeServer(() => undefined);
    render(<Receipt order={order()} />);
    await waitFor(() => expect(asked.some((call) => call.path === '/api/h5/invoice')).toBe(true));
    expect(screen.queryByTestId('invoice-card')).toBeNull();
  });

  it('shows every field, the amount in figures and in capital numerals to jiao and fen, and quantity 1', () => {
    render(<Receipt order={order()} />);
    expect(text('receipt-title')).toBe('年报申报回执');
    expect(text('receipt-entity-name')).toBe('北京字节跳动科技有限公司');
    expect(text('receipt-legal')).toBe('张一鸣');
    expect(text('receipt-credit-code')).toBe('91110108551385082Q');
    expect(text('receipt-content')).toBe('企业年报');
    expect(text('receipt-quantity')).toBe('1');
    expect(text('receipt-amount')).toBe('¥1005.30');
    expect(text('receipt-amount-capital')).toBe('壹仟零伍元叁角');
    // Accepted time and payment time are the pay time, in Shanghai time.
    expect(text('receipt-accepted-time')).toBe('2026-03-02 10:03:04');
    expect(text('receipt-pay-time')).toBe('2026-03-02 10:03:04');
    expect(text('receipt-order-number')).toBe('KB2026030200009');
    // The order number once, at the head of the slip (docs/product/screens.md#receipt).
    expect(screen.getByTestId('receipt').textContent!.split('KB2026030200009')).toHaveLength(2);
    expect(text('receipt-remarks')).toContain('国家企业信用信息公示系统');
  });

  it('shows a partial refund with its amount and reason, and nothing of a refund before one (decision 057)', () => {
    render(<Receipt order={order({ status: '4', process_status: '5', process_status_name: '已部分退款', refunded_fen: 5000, refund_text: '已退款 50.00 元（实付 1005.30 元），款项将原路退回。部分退款原因：已代缴工本费' })} />);
    expect(text('receipt-refund')).toBe('已退款 50.00 元（实付 1005.30 元），款项将原路退回。部分退款原因：已代缴工本费');
    expect(text('receipt-status')).toContain('已部分退款');
    cleanup();
    render(<Receipt order={order({ refunded_fen: 0, refund_text: '' })} />);
    expect(screen.queryByTestId('receipt-refund')).toBeNull();
  });

  it('titles and remarks follow the goods type', () => {
    render(<Receipt order={order({ goods_type: 'credit_repair', total_fee: 35 })} />);
    expect(text('receipt-title')).toBe(orderTexts('credit_repair').receiptTitle);
    expect(text('receipt-remarks')).toContain(orderTexts('credit_repair').remarks[0]);
    expect(text('receipt-amount-capital')).toBe('叁角伍分');
    cleanup();
    render(<Receipt order={order({ goods_type: 'license_destory', total_fee: 19900 })} />);
    expect(text('receipt-title')).toBe(orderTexts('license_destory').receiptTitle);
    expect(text('receipt-amount-capital')).toBe('壹佰玖拾玖元整');
  });

  it('stamps 代办受理 before completion and 办理完成 at process status 2, with screenshots only then', () => {
    render(<Receipt order={order({ process_status: '4' })} />);
    expect(screen.getByTestId('receipt-stamp').getAttribute('data-stamp')).toBe('accepted');
    expect(screen.getByTestId('receipt-stamp').getAttribute('alt')).toBe('代办受理章');
    expect(screen.queryByTestId('receipt-screenshots')).toBeNull();
    cleanup();

    // '5' (ended, grey in lists) does not unlock the completion stamp (docs/product/orders-and-statuses.md).
    render(<Receipt order={order({ process_status: '5' })} />);
    expect(screen.getByTestId('receipt-stamp').getAttribute('data-stamp')).toBe('accepted');
    expect(screen.queryByTestId('receipt-screenshots')).toBeNull();
    cleanup();

    render(<Receipt order={order({ process_status: '2', process_status_name: '已完成' })} />);
    const stamp = screen.getByTestId('receipt-stamp');
    expect(stamp.getAttribute('data-stamp')).toBe('completed');
    expect(stamp.getAttribute('alt')).toBe('办理完成章');
    const shots = within(screen.getByTestId('receipt-screenshots')).getAllByTestId('receipt-screenshot');
    expect(shots.map((img) => img.getAttribute('src'))).toEqual(['/files/done-1.png', '/files/done-2.png']);
    cleanup();

    render(<Receipt order={order({ process_status: '2', files: [] })} />);
    expect(screen.getByTestId('receipt-stamp').getAttribute('data-stamp')).toBe('completed');
    expect(screen.queryByTestId('receipt-screenshots')).toBeNull();
  });

  it('the two stamps are different images', () => {
    render(<Receipt order={order({ process_status: '4' })} />);
    const accepted = screen.getByTestId('receipt-stamp').getAttribute('src');
    cleanup();
    render(<Receipt order={order({ process_status: '2' })} />);
    expect(screen.getByTestId('receipt-stamp').getAttribute('src')).not.toBe(accepted);
  });
});

describe('/orderDetail', () => {
  function LocationProbe() {
    return <output data-testid="location">{useLocation().pathname}</output>;
  }
  function renderPage() {
    return render(
      <PlatformProvider value={PHONE}>
        <MemoryRouter initialEntries={['/orderDetail']}>
          <Routes>
            <Route path="/orderDetail" element={<OrderDetailPage />} />
            <Route path="*" element={<p>other route</p>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </PlatformProvider>,
    );
  }

  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it("shows the handed-over order again, fresh from the server, to the device that placed it (its key): a reload too", async () => {
    const calls = installFakeServer((call) => (call.path === '/api/h5/order/detail' ? { code: 0, data: order({ process_status_name: '已完成' }) } : undefined));
    rememberOwnOrder({ id: 'pub-9', key: 'key-of-pub-9', phone: '13812345678' });
    saveOrderForReceipt(order());
    renderPage();
    await waitFor(() => expect(text('receipt-entity-name')).toBe('北京字节跳动科技有限公司'));
    expect(text('receipt-status')).toContain('已完成');
    expect(calls.at(-1)!.query).toMatchObject({ id: 'pub-9', key: 'key-of-pub-9' });
    // A reload: the same tab, the same device.
    cleanup();
    renderPage();
    await waitFor(() => expect(text('receipt-entity-name')).toBe('北京字节跳动科技有限公司'));
  });

  it('shows it again after the phone was verified on this device (its token), and sends the token', async () => {
    const calls = installFakeServer((call) => (call.path === '/api/h5/order/detail' ? { code: 0, data: order() } : undefined));
    rememberPhoneToken('13812345678', 'token-1', new Date(Date.now() + 86_400_000).toISOString());
    saveOrderForReceipt(order());
    renderPage();
    await waitFor(() => expect(text('receipt-entity-name')).toBe('北京字节跳动科技有限公司'));
    expect(calls.at(-1)!.query).toMatchObject({ id: 'pub-9', phone_token: 'token-1' });
  });

  it('without a proof, or when the server answers the masked view, the receipt is gone', async () => {
    const calls = installFakeServer((call) =>
      call.path === '/api/h5/order/detail' ? { code: 0, data: { access: 'masked', id: 'pub-9', goods_type: 'license_year', goods_name: '企业年报', status: '2', process_status: '4', process_status_name: '处理中', entity_name: '北京******有限公司', create_date: '2026-03-02' } } : undefined,
    );
    saveOrderForReceipt(order());
    renderPage();
    expect(screen.getByTestId('receipt-empty')).toBeTruthy();
    expect(calls).toHaveLength(0);
    cleanup();

    rememberOwnOrder({ id: 'pub-9', key: 'a-forged-key', phone: '13812345678' });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('receipt-empty')).toBeTruthy());
    expect(screen.queryByTestId('receipt')).toBeNull();
    expect(sessionStorage.getItem('orderDetail')).toBeNull();
  });

  it('back saves the order phone for the progress page', () => {
    saveOrderForReceipt(order());
    renderPage();
    fireEvent.click(screen.getByTestId('page-back'));
    expect(localStorage.getItem('checkPhone')).toBe('13812345678');
    // Opened directly, there is no page of ours to go back to: the progress lookup.
    expect(text('location')).toBe('/check');
  });
});
