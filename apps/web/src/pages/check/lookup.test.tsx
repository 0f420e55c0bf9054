import { ERROR_CATALOG, orderTexts, PROCESS_STATUS, type OrderRecord } from '@kuaibao/domain';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '../../router/router.tsx';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initApi } from '../../api/index.ts';
import { PlatformProvider, type PlatformInfo } from '../../platform/context.tsx';
import { DESKTOP, PHONE, TEST_KEYS, installFakeServer, seedStorage, type FakeCall, type Responder } from '../../test/harness.tsx';
import { ToastHost, toast } from '../../ui/toast.tsx';
import CheckDetailPage from './check-detail-page.tsx';
import { rememberPhoneToken } from '../../own-orders.ts';
import CheckPage from './check-page.tsx';
import QueryDialog from './query-dialog.tsx';

const PHONE_NUMBER = '13812345678';

function order(overrides: Partial<OrderRecord> = {}): OrderRecord {
  return {
    id: 'KB2026112100001',
    status: '2',
    process_status: '4',
    process_status_name: '处理中',
    pay_time: '2026-11-21T02:03:04.000Z',
    out_trade_no: 'KB2026112100001',
    pay_type: 'alipay',
    pay_source: 'h5',
    total_fee: 19900,
    goods_id: 1,
    goods_type: 'license_year',
    goods_name: '营业执照年报代办',
    entity_name: '北京字节跳动科技有限公司',
    entity_id: '91110108551385082Q',
    entity_legal: '张一鸣',
    entity_idno: '110105********002X',
    entity_phone: PHONE_NUMBER,
    entity_extra: null,
    files: [],
    create_time: '2026-11-21T02:00:00.000Z',
    admin_name: null,
    status_name: '处理中',
    customer_request: null,
    declaration_pending: false,
    ...overrides,
  };
}

const LATEST = order();
const OLDER = order({
  id: 'KB2026010100009',
  out_trade_no: 'KB2026010100009',
  goods_type: 'license_destory',
  goods_name: '营业执照注销代办',
  entity_name: '上海某某贸易有限公司',
  process_status: '5',
  process_status_name: '已结束',
  pay_type: 'weixin',
  total_fee: 69900,
});

let calls: FakeCall[];

const lookups = () => calls.filter((call) => call.path === '/api/h5/order/phone');
const toastText = () => screen.getByTestId('toast').textContent;

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}

function renderAt(path: string, platform: PlatformInfo = PHONE, element?: ReactNode) {
  return render(
    <PlatformProvider value={platform}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={element ?? <p>home</p>} />
          <Route path="/check" element={<CheckPage />} />
          <Route path="/checkDetail" element={<CheckDetailPage />} />
          <Route path="/orderDetail" element={<p>receipt route</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <ToastHost />
    </PlatformProvider>,
  );
}

const where = () => screen.getByTestId('location').textContent;

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

/** The lookup's answer as the ordering device (or a verified phone) gets it: every order whole. */
function answer(orders: OrderRecord[]): Responder {
  return (call) => (call.path === '/api/h5/order/phone' ? { code: 0, data: { verified: true, orders: orders.map((o) => ({ access: 'full', ...o })) } } : undefined);
}

beforeEach(() => {
  seedStorage();
  sessionStorage.clear();
  calls = installFakeServer(answer([LATEST, OLDER]));
});

afterEach(() => {
  cleanup();
  act(() => toast.clear());
});

describe('/check (docs/product/screens.md, docs/product/orders-and-statuses.md, docs/product/validation.md)', () => {
  it('an empty phone → 请输入手机号, and no call', () => {
    renderAt('/check');
    fireEvent.click(screen.getByTestId('check-submit'));
    expect(toastText()).toBe(ERROR_CATALOG.PHONE_EMPTY.message);
    expect(where()).toBe('/check');
    expect(localStorage.getItem('checkPhone')).toBeNull();
  });

  it('keeps digits only, drops spaces, stops at 11 with 超出长度', () => {
    renderAt('/check');
    type('check-phone', '138 1234 5678');
    expect((screen.getByTestId('check-phone') as HTMLInputElement).value).toBe(PHONE_NUMBER);
    type('check-phone', `${PHONE_NUMBER}9`);
    expect((screen.getByTestId('check-phone') as HTMLInputElement).value).toBe(PHONE_NUMBER);
    expect(toastText()).toBe(ERROR_CATALOG.EXCEEDS_LENGTH.message);
  });

  it('the clear icon empties the input and hides itself', () => {
    renderAt('/check');
    expect(screen.queryByTestId('check-phone-clear')).toBeNull();
    type('check-phone', '138');
    fireEvent.click(screen.getByTestId('check-phone-clear'));
    expect((screen.getByTestId('check-phone') as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('check-phone-clear')).toBeNull();
  });

  it('a number that cannot be a mobile number → 请填写正确的手机号码', () => {
    renderAt('/check');
    type('check-phone', '12345678901');
    fireEvent.click(screen.getByTestId('check-submit'));
    expect(toastText()).toBe(ERROR_CATALOG.PHONE_INVALID.message);
    expect(where()).toBe('/check');
  });

  it('查看订单进度 saves the phone and opens /checkDetail', async () => {
    renderAt('/check');
    type('check-phone', PHONE_NUMBER);
    fireEvent.click(screen.getByTestId('check-submit'));
    await waitFor(() => expect(where()).toBe('/checkDetail'));
    // The detail page read it and removed it (docs/product/orders-and-statuses.md).
    await waitFor(() => expect(lookups()).toHaveLength(1));
    expect(lookups()[0]!.query.phone).toBe(PHONE_NUMBER);
    expect(localStorage.getItem('checkPhone')).toBeNull();
  });

  it('a phone already saved (e.g. by leaving the receipt) goes to /checkDetail at once', async () => {
    localStorage.setItem('checkPhone', PHONE_NUMBER);
    renderAt('/check');
    await waitFor(() => expect(where()).toBe('/checkDetail'));
    await screen.findByTestId('order-progress');
  });

  it('the contact button opens the agent link when service_weixin is one', () => {
    renderAt('/check');
    expect(screen.getByTestId('contact-agent').getAttribute('href')).toBe('https://work.weixin.qq.com/kfid/test');
  });
});

describe('/checkDetail (docs/product/screens.md, docs/product/orders-and-statuses.md, docs/product/texts.md)', () => {
  it('shows the latest order: company, legal person, phone, time, order ID, payment, status and info block', async () => {
    localStorage.setItem('checkPhone', PHONE_NUMBER);
    renderAt('/checkDetail');
    const card = await screen.findByTestId('order-progress');
    expect(within(card).getByTestId('order-company').textContent).toBe(LATEST.entity_name);
    expect(card.textContent).toContain('张一鸣');
    expect(card.textContent).toContain(PHONE_NUMBER);
    // 02:00 UTC is 10:00 in Shanghai
    expect(card.textContent).toContain('2026-11-21 10:00:00');
    expect(within(card).getByTestId('order-no').textContent).toBe(LATEST.out_trade_no);
    expect(card.textContent).toContain('支付宝');
    expect(within(card).getByTestId('order-amount').textContent).toBe('¥199.00');
    const badge = within(card).getByTestId('status-badge');
    expect(badge.textContent).toBe('处理中');
    expect(badge.getAttribute('data-status-class')).toBe('processing');
    // the older order is listed, not shown in the card
    expect(within(card).queryByText(OLDER.entity_name)).toBeNull();
    expect(screen.getAllByTestId('order-choice').map((choice) => choice.getAttribute('data-order-no'))).toEqual([LATEST.out_trade_no, OLDER.out_trade_no]);
    const info = screen.getByTestId('order-info');
    expect(info.textContent).toContain(orderTexts('license_year').infoBlock.title);
    for (const line of orderTexts('license_year').infoBlock.lines) expect(info.textContent).toContain(line);
    expect(localStorage.getItem('checkPhone')).toBeNull();
  });

  it('every order of the phone can be shown: a tap on the older one shows it in the card (docs/product/screens.md#progress-lookup)', async () => {
    localStorage.setItem('checkPhone', PHONE_NUMBER);
    renderAt('/checkDetail');
    await screen.findByTestId('order-progress');
    const older = screen.getAllByTestId('order-choice')[1]!;
    expect(older.getAttribute('aria-current')).toBeNull();
    fireEvent.click(older);
    await waitFor(() => expect(within(screen.getByTestId('order-progress')).getByTestId('order-no').textContent).toBe(OLDER.out_trade_no));
    expect(screen.getAllByTestId('order-choice')[1]!.getAttribute('aria-current')).toBe('true');
    expect(screen.getByTestId('order-info').textContent).toContain(orderTexts('license_destory').infoBlock.title);
  });

  it('a finished order (process status 5) is grey (ended) on the phone pages, as in the desktop table', async () => {
    calls = installFakeServer(answer([OLDER]));
    localStorage.setItem('checkPhone', PHONE_NUMBER);
    renderAt('/checkDetail');
    const badge = await screen.findByTestId('status-badge');
    expect(badge.getAttribute('data-status-class')).toBe('ended');
    expect(screen.getByTestId('order-info').textContent).toContain(orderTexts('license_destory').infoBlock.title);
  });

  it("待客户补充 shows the specialist's request; other orders show none (decision 043)", async () => {
    calls = installFakeServer(answer([order({ process_status: '3', process_status_name: '待客户补充', status_name: '待客户补充', customer_request: '请上传法定代表人身份证正反面照片' })]));
    localStorage.setItem('checkPhone', PHONE_NUMBER);
    renderAt('/checkDetail');
    const request = await screen.findByTestId('customer-request');
    expect(request.textContent).toContain('需要您补充的资料');
    expect(request.textContent).toContain('请上传法定代表人身份证正反面照片');
    expect(screen.getByTestId('status-badge').textContent).toBe('待客户补充');
  });

  it('待客户补充: the upload is offered only after the SMS code, and sends the verified phone’s token with the order (decision 062)', async () => {
    const waiting = order({ process_status: '3', process_status_name: '待客户补充', status_name: '待客户补充', customer_request: '请上传营业执照照片' });
    const respond = answer([waiting]);
    calls = installFakeServer((call) => (call.path === '/api/h5/order/documents' ? { code: 0, data: { id: 1, filename: '执照.png', content_type: 'image/png', created_at: '2026-11-21T03:00:00.000Z' } } : respond(call)));
    localStorage.setItem('checkPhone', PHONE_NUMBER);
    renderAt('/checkDetail');
    const request = await screen.findByTestId('customer-request');
    // Not verified on this device: the SMS code first, no file input.
    expect(within(request).getByTestId('upload-verify')).toBeTruthy();
    expect(within(request).queryByTestId('upload-input')).toBeNull();
    cleanup();

    rememberPhoneToken(PHONE_NUMBER, '1999999999.token-for-this-phone-0000000000', '2033-05-18T03:33:19.000Z');
    localStorage.setItem('checkPhone', PHONE_NUMBER);
    renderAt('/checkDetail');
    const input = await within(await screen.findByTestId('customer-request')).findByTestId('upload-input');
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], '执照.png', { type: 'image/png' })] } });
    expect((await screen.findByTestId('upload-sent')).textContent).toContain('已上传：执照.png');
    const sent = calls.find((call) => call.path === '/api/h5/order/documents')!;
    expect(sent.method).toBe('POST');
    expect(sent.query).toMatchObject({ id: waiting.id, phone_token: '1999999999.token-for-this-phone-0000000000' });
  });

  it('an order not waiting on the customer shows no request block', async () => {
    localStorage.setItem('checkPhone', PHONE_NUMBER);
    renderAt('/checkDetail');
    await screen.findByTestId('order-progress');
    expect(screen.queryByTestId('customer-request')).toBeNull();
  });

  it('a 信用修复 order names the record to repair; other orders show none', async () => {
    calls = installFakeServer(answer([order({ goods_type: 'credit_repair', goods_name: '企业信用修复代办', credit_record: 'business_anomaly' })]));
    localStorage.setItem('checkPhone', PHONE_NUMBER);
    renderAt('/checkDetail');
    expect((await screen.findByTestId('order-credit-record')).textContent).toBe('经营异常名录');
    cleanup();
    calls = installFakeServer(answer([order()]));
    localStorage.setItem('checkPhone', PHONE_NUMBER);
    renderAt('/checkDetail');
    await screen.findByTestId('order-progress');
    expect(screen.queryByTestId('order-credit-record')).toBeNull();
  });

  it('查看回执 stores the order for the receipt and opens /orderDetail', async () => {
    localStorage.setItem('checkPhone', PHONE_NUMBER);
    renderAt('/checkDetail');
    fireEvent.click(await screen.findByTestId('view-receipt'));
    await waitFor(() => expect(where()).toBe('/orderDetail'));
    expect(JSON.parse(sessionStorage.getItem('orderDetail') ?? 'null')).toEqual(LATEST);
  });

  it('no orders → 暂无记录, then back to /check after 1 s with the number kept', async () => {
    calls = installFakeServer(answer([]));
    localStorage.setItem('checkPhone', PHONE_NUMBER);
    renderAt('/checkDetail');
    await waitFor(() => expect(toastText()).toBe(ERROR_CATALOG.NO_RECORD.message));
    expect(where()).toBe('/checkDetail');
    await waitFor(() => expect(where()).toBe('/check'), { timeout: 2000 });
    expect((screen.getByTestId('check-phone') as HTMLInputElement).value).toBe(PHONE_NUMBER);
    // back on /check it does not bounce forward again
    expect(localStorage.getItem('checkPhone')).toBeNull();
  });

  it('a failed request → 暂时无法查询，请稍后再试, then back to /check', async () => {
    initApi({
      keys: TEST_KEYS,
      platform: 'web',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    localStorage.setItem('checkPhone', PHONE_NUMBER);
    renderAt('/checkDetail');
    await waitFor(() => expect(toastText()).toBe(ERROR_CATALOG.QUERY_FAILED.message));
    expect(screen.getByTestId('toast').getAttribute('data-type')).toBe('error');
    await waitFor(() => expect(where()).toBe('/check'), { timeout: 2000 });
  });

  it('a server error that says what to do (rate limit) is shown as the server says it', async () => {
    calls = installFakeServer((call) =>
      call.path === '/api/h5/order/phone' ? { code: ERROR_CATALOG.RATE_LIMITED.code, msg: ERROR_CATALOG.RATE_LIMITED.message } : undefined,
    );
    localStorage.setItem('checkPhone', PHONE_NUMBER);
    renderAt('/checkDetail');
    await waitFor(() => expect(toastText()).toBe(ERROR_CATALOG.RATE_LIMITED.message));
  });

  it('an internal server error still reads 暂时无法查询', async () => {
    calls = installFakeServer((call) =>
      call.path === '/api/h5/order/phone' ? { code: ERROR_CATALOG.INTERNAL.code, msg: ERROR_CATALOG.INTERNAL.message } : undefined,
    );
    localStorage.setItem('checkPhone', PHONE_NUMBER);
    renderAt('/checkDetail');
    await waitFor(() => expect(toastText()).toBe(ERROR_CATALOG.QUERY_FAILED.message));
  });

  it('without a saved phone it is /check', async () => {
    renderAt('/checkDetail');
    await waitFor(() => expect(where()).toBe('/check'));
    expect(lookups()).toHaveLength(0);
  });
});

describe('desktop query dialog (docs/product/screens.md#progress-lookup)', () => {
  function renderDialog() {
    return renderAt('/', DESKTOP, <QueryDialog onClose={() => undefined} />);
  }

  it('starts with 暂无数据 and asks for the number to query', () => {
    renderDialog();
    expect(screen.getByTestId('query-empty').textContent).toBe('暂无数据');
    fireEvent.click(screen.getByTestId('query-submit'));
    expect(toastText()).toBe(ERROR_CATALOG.QUERY_PHONE_EMPTY.message);
    expect(lookups()).toHaveLength(0);
  });

  it('lists every order with all columns; the badge reads 2 green, 4 orange, else red', async () => {
    const done = order({ id: 'KB3', out_trade_no: 'KB3', process_status: PROCESS_STATUS.completed, process_status_name: '已完成' });
    calls = installFakeServer(answer([LATEST, OLDER, done]));
    renderDialog();
    type('query-phone', PHONE_NUMBER);
    fireEvent.click(screen.getByTestId('query-submit'));
    const rows = await screen.findAllByTestId('query-row');
    expect(rows).toHaveLength(3);
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['企业名称 / 统一社会信用代码', '法定代表人', '联系电话', '下单时间', '订单编号', '支付方式 / 代办服务费', '办理状态', '操作']);
    const first = rows[0]!;
    for (const text of [LATEST.entity_name, LATEST.entity_id, '张一鸣', PHONE_NUMBER, '2026-11-21 10:00:00', LATEST.out_trade_no, '支付宝', '¥199.00', '处理中']) {
      expect(first.textContent).toContain(text);
    }
    const classes = rows.map((row) => within(row).getByTestId('status-badge').getAttribute('data-status-class'));
    // process status 5 (ended) is grey here as on the phone pages: one rule (docs/product/orders-and-statuses.md#status-display)
    expect(classes).toEqual(['processing', 'ended', 'completed']);
    expect(rows[1]!.textContent).toContain('微信支付');
    expect(rows[1]!.textContent).toContain('¥699.00');
  });

  it('no orders → 暂无数据', async () => {
    calls = installFakeServer(answer([]));
    renderDialog();
    type('query-phone', PHONE_NUMBER);
    fireEvent.click(screen.getByTestId('query-submit'));
    await waitFor(() => expect(lookups()).toHaveLength(1));
    expect((await screen.findByTestId('query-empty')).textContent).toBe('暂无数据');
    expect(screen.queryAllByTestId('query-row')).toHaveLength(0);
  });

  it('详情 opens the receipt of that order over the table', async () => {
    renderDialog();
    type('query-phone', PHONE_NUMBER);
    fireEvent.click(screen.getByTestId('query-submit'));
    const rows = await screen.findAllByTestId('query-row');
    fireEvent.click(within(rows[1]!).getByTestId('query-details'));
    const receipt = await screen.findByTestId('receipt-dialog');
    expect(within(receipt).getByTestId('receipt-order-number').textContent).toBe(OLDER.out_trade_no);
    expect(screen.getByTestId('query-dialog')).toBeTruthy();
  });

  it('shows the query description with the service QR', () => {
    renderDialog();
    const help = screen.getByTestId('query-description');
    expect(help.textContent).toContain('查询说明');
    expect(within(help).getByTestId('query-service-qr')).toBeTruthy();
  });
});
