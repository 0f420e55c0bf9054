import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { ERROR_CATALOG, PROCESS_STATUS, permissionsOf, type ConsoleOrderDetail, type ConsoleSessionStaff } from '@kuaibao/domain';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOrder } from '../../hooks/api/orders.ts';
import { createConsoleQueryClient } from '../../lib/query-client.ts';
import { fakeConsoleApi } from '../../test/fake-api.ts';
import { mountPerTest } from '../../test/mount.ts';
import { ORDER_DETAIL } from '../../test/order-detail.ts';
import { MessageHost } from '../../ui/message-host.tsx';
import { OrderActions } from './order-actions.tsx';

/** The order page's action column against a fake API: what the clerk sees after a refusal or a double click. */

const { mount } = mountPerTest();
afterEach(() => vi.unstubAllGlobals());

const CLERK: ConsoleSessionStaff = { id: 5, username: 'clerk.zhao', display_name: '赵专员', role: 'clerk', permissions: permissionsOf('clerk'), must_change_password: false };
const OPEN: ConsoleOrderDetail = { ...ORDER_DETAIL, process_status: PROCESS_STATUS.pending, process_status_name: '待处理', admin_id: null, admin_name: '', sla: { state: 'running', deadline: '2026-08-02T02:00:00.000Z', minutes: 600 } };

function Page() {
  const order = useOrder(OPEN.id);
  return order.data ? <OrderActions order={order.data} staff={CLERK} /> : null;
}

function render(): HTMLElement {
  return mount(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <MemoryRouter>
        <QueryClientProvider client={createConsoleQueryClient()}>
          <MessageHost />
          <Page />
        </QueryClientProvider>
      </MemoryRouter>
    </ConfigProvider>,
  );
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const toasts = () => [...document.querySelectorAll('.ant-message-notice')].map((notice) => notice.textContent);

describe('losing 接单 to a colleague', () => {
  it('names the colleague and fetches the order again: no 尚未接单 and no 接单 button left', async () => {
    fakeConsoleApi({
      [`GET /orders/${OPEN.id}`]: (call) => ({ data: call === 1 ? OPEN : { ...OPEN, admin_id: 9, admin_name: '钱专员' } }),
      'GET /completion-rules': { data: [] },
      [`POST /orders/${OPEN.id}/take`]: { status: 403, code: ERROR_CATALOG.CONSOLE_ORDER_TAKEN_BY_OTHER.code, msg: `${ERROR_CATALOG.CONSOLE_ORDER_TAKEN_BY_OTHER.message},钱专员` },
    });
    render();
    await vi.waitFor(() => expect(byTestId('take-order')).not.toBeNull(), { timeout: 5000 });
    expect(byTestId('handler-name')!.textContent).toBe('尚未接单');
    act(() => byTestId('take-order')!.click());
    await vi.waitFor(() => expect(byTestId('handler-name')!.textContent).toBe('钱专员'));
    expect(byTestId('take-order')).toBeNull();
    await vi.waitFor(() => expect(toasts()).toContain('该订单已由 钱专员 接单'));
  });
});

/** An answer held until the test lets it go: the click that follows finds the action still in flight. */
function held<T>(): { promise: Promise<T>; release: (value: T) => void } {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('double clicks', () => {
  const MINE: ConsoleOrderDetail = { ...OPEN, admin_id: CLERK.id, admin_name: CLERK.display_name };

  it('sends 开始办理 once for a double 确定, shows it busy meanwhile, and shows no error after the success', async () => {
    const answer = held<void>();
    const api = fakeConsoleApi({
      [`GET /orders/${MINE.id}`]: { data: MINE },
      'GET /completion-rules': { data: [] },
      [`POST /orders/${MINE.id}/process-status`]: { data: { ...MINE, process_status: PROCESS_STATUS.processing, process_status_name: '处理中' } },
    });
    const answered = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (init?.method === 'POST') await answer.promise;
      return answered(url, init);
    });
    render();
    await vi.waitFor(() => expect(byTestId(`move-${PROCESS_STATUS.processing}`)).not.toBeNull(), { timeout: 5000 });
    act(() => byTestId(`move-${PROCESS_STATUS.processing}`)!.click());
    await vi.waitFor(() => expect(byTestId('move-confirm')).not.toBeNull());
    const confirm = byTestId('move-confirm')!;
    act(() => {
      confirm.click();
      confirm.click();
    });
    await vi.waitFor(() => expect(confirm.className).toContain('ant-btn-loading'));
    act(() => confirm.click());
    await act(async () => answer.release());
    await vi.waitFor(() => expect(toasts()).toContain('已改为“处理中”'));
    expect(api.calls.filter((c) => c.route.startsWith('POST')).length).toBe(1);
    expect(document.querySelector('.ant-message-error')).toBeNull();
  });

  it('records a call once for a double 记录通话, with one key per call, and the button busy meanwhile', async () => {
    const answer = held<void>();
    const api = fakeConsoleApi({
      [`GET /orders/${MINE.id}`]: { data: MINE },
      'GET /completion-rules': { data: [] },
      [`POST /orders/${MINE.id}/calls`]: (_call, body) => ({ data: { ...MINE, calls: [{ id: 1, staff_name: CLERK.display_name, outcome: (body as { outcome: string }).outcome, note: '', created_at: MINE.pay_time }] } }),
    });
    const answered = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (init?.method === 'POST') await answer.promise;
      return answered(url, init);
    });
    render();
    await vi.waitFor(() => expect(byTestId('call-outcome')).not.toBeNull(), { timeout: 5000 });
    // Pick an outcome in antd's select: open it, then the option.
    const select = byTestId('call-outcome')!;
    act(() => {
      (select.querySelector('.ant-select-selector') ?? select).dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await vi.waitFor(() => expect(document.querySelector('.ant-select-item-option')).not.toBeNull());
    act(() => (document.querySelector('.ant-select-item-option[title="已接通·已沟通"]') ?? document.querySelector('.ant-select-item-option'))!.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    const button = byTestId('record-call')!;
    await vi.waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    act(() => {
      button.click();
      button.click();
    });
    await vi.waitFor(() => expect(button.className).toContain('ant-btn-loading'));
    act(() => button.click());
    await act(async () => answer.release());
    await vi.waitFor(() => expect(toasts()).toContain('已记录通话'));
    const posts = api.calls.filter((c) => c.route.startsWith('POST'));
    expect(posts).toHaveLength(1);
    expect((posts[0]!.body as { client_key: string }).client_key).toMatch(/^[0-9a-f]{32}$/);
  });
});
