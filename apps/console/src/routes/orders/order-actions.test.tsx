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
    await vi.waitFor(() => expect(byTestId('take-order')).not.toBeNull());
    expect(byTestId('handler-name')!.textContent).toBe('尚未接单');
    act(() => byTestId('take-order')!.click());
    await vi.waitFor(() => expect(byTestId('handler-name')!.textContent).toBe('钱专员'));
    expect(byTestId('take-order')).toBeNull();
    await vi.waitFor(() => expect(toasts()).toContain('该订单已由 钱专员 接单'));
  });
});
