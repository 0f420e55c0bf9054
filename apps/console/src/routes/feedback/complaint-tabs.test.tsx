import { QueryClientProvider } from '@tanstack/react-query';
import type { ConsoleWechatComplaint, ConsoleWechatComplaintDetail } from '@kuaibao/domain';
import { ConfigProvider } from 'antd';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../../test/mount.ts';
import type * as Notify from '../../lib/notify.ts';

/**
 * 投诉处理 on the clerk's day (e2e/tests/payments.clerk-day.spec.ts): the page's heading comes before its tabs, and a complaint
 * answered from its drawer stays in the list behind the drawer until the drawer closes.
 */

const COMPLAINT: ConsoleWechatComplaint = {
  id: 5,
  complaint_id: '200000020261127000001',
  state: 'PENDING',
  complaint_time: '2026-11-27T01:00:00.000Z',
  detail: '付款后一整天没人联系，要求退款',
  problem_type: 'REFUND',
  problem_description: '',
  apply_refund_fen: null,
  amount_fen: 19900,
  out_trade_no: 'KB2026112700000001P01',
  order_id: 7,
  order_no: 'KB2026112700000001',
  user_complaint_times: 1,
  incoming_user_response: false,
  full_refunded: false,
  refund_request_id: null,
  refund_progress: null,
  refund_progress_state: null,
  refund_progress_reason: null,
  refund_progress_error: null,
  refund_progress_at: null,
  responded_at: null,
  completed_at: null,
  handled_by: '',
  updated_at: '2026-11-27T01:00:00.000Z',
};

/** What the server holds: the complaint, PENDING until the reply, and what WeChat was told of its refund. */
const server = {
  state: 'PENDING' as ConsoleWechatComplaint['state'],
  progress: null as Pick<ConsoleWechatComplaint, 'refund_progress' | 'refund_progress_state' | 'refund_progress_error'> | null,
  posts: [] as { path: string; body: unknown }[],
  /** WeChat Pay refuses the next reply */
  replyFails: false,
  /** when set, a reply is answered only once this settles */
  replyAnswered: undefined as Promise<void> | undefined,
};
const detail = (): ConsoleWechatComplaintDetail => ({ ...COMPLAINT, ...server.progress, state: server.state, history: [], refund_request_status: server.progress ? 'PROCESSING' : null });

vi.mock('../../lib/client.ts', () => ({
  UNAUTHENTICATED_EVENT: 'kb-console:unauthenticated',
  ApiError: class ApiError extends Error {
    status = 502;
  },
  api: {
    get: async (path: string, query?: { state?: string }) => {
      if (path === '/wechat-complaints') {
        const items = [{ ...COMPLAINT, state: server.state }].filter((c) => !query?.state || c.state === query.state);
        return { items, total: items.length, page: 1, page_size: 20 };
      }
      if (path.startsWith('/wechat-complaints/')) return detail();
      if (path === '/session') return { id: 1, username: 'admin', display_name: '管理员', role: 'admin', permissions: ['feedback.handle', 'refunds.request', 'refunds.approve'] };
      return { items: [], total: 0, page: 1, page_size: 20 };
    },
    post: async (path: string, body: unknown) => {
      server.posts.push({ path, body });
      if (path.endsWith('/reply')) await server.replyAnswered;
      if (path.endsWith('/reply') && server.replyFails) throw new Error('微信支付暂不可用，请稍后再试');
      if (path.endsWith('/refund-progress')) server.progress = { refund_progress: 'APPROVE', refund_progress_state: 'REPORTED', refund_progress_error: null };
      else server.state = 'PROCESSING';
      return detail();
    },
  },
}));

// Every toast the page raises, counted (the real ones need the app's message host).
const toasts = vi.hoisted(() => ({ errors: [] as string[] }));
vi.mock('../../lib/notify.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Notify>()),
  notifyError: (error: unknown) => toasts.errors.push(error instanceof Error ? error.message : String(error)),
}));

const { ComplaintTabsPage } = await import('./complaint-tabs.tsx');
const { createConsoleQueryClient } = await import('../../lib/query-client.ts');

const { mount } = mountPerTest();
let container: HTMLDivElement;

afterEach(() => {
  server.state = 'PENDING';
  server.progress = null;
  server.posts = [];
  server.replyFails = false;
  server.replyAnswered = undefined;
  toasts.errors = [];
});

function render(path: string): void {
  // The console's own client: failed actions are reported by its mutation cache, as in the app.
  const client = createConsoleQueryClient();
  container = mount(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <MemoryRouter initialEntries={[path]}>
        <QueryClientProvider client={client}>
          <ComplaintTabsPage />
        </QueryClientProvider>
      </MemoryRouter>
    </ConfigProvider>,
  );
}

const tableRows = () => [...document.querySelectorAll('[data-testid="wechat-complaints-table"] tbody tr.ant-table-row')];
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === name)!;

describe('投诉处理', () => {
  it('puts the page heading before the tabs', () => {
    render('/feedback');
    const heading = container.querySelector('h1')!;
    const tabs = container.querySelector('[role="tablist"]')!;
    expect(heading.textContent).toBe('投诉处理');
    expect(heading.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(container.querySelectorAll('h1')).toHaveLength(1);
  });

  it('keeps a replied complaint in the 待处理 list, marked 处理中, until its drawer closes', async () => {
    render('/feedback?source=wechat');
    await vi.waitFor(() => expect(tableRows()).toHaveLength(1));
    act(() => (document.querySelector(`[aria-label="查看投诉 ${COMPLAINT.complaint_id}"]`) as HTMLButtonElement).click());
    await vi.waitFor(() => expect(document.querySelector('[data-testid="wechat-complaint-drawer"]')?.textContent).toContain(COMPLAINT.complaint_id));

    const reply = document.querySelector<HTMLTextAreaElement>('#wechat-complaint-reply')!;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(reply, '您好，专员今天下午联系您');
      reply.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => button('回复客户').click());
    // The drawer shows the new state; the list behind it still has the row, in its new state, highlighted.
    await vi.waitFor(() => expect(tableRows()[0]?.textContent).toContain('处理中'));
    expect(tableRows()).toHaveLength(1);
    expect(tableRows()[0]!.className).toContain('row-open');

    // Closed: the list is the server's again, and the complaint has left 待处理.
    act(() => (document.querySelector('.ant-drawer-close') as HTMLButtonElement).click());
    await vi.waitFor(() => expect(tableRows()).toHaveLength(0));
  });

  it('reports a failed reply once, and keeps what the clerk wrote', async () => {
    server.replyFails = true;
    render('/feedback?source=wechat');
    await vi.waitFor(() => expect(tableRows()).toHaveLength(1));
    act(() => (document.querySelector(`[aria-label="查看投诉 ${COMPLAINT.complaint_id}"]`) as HTMLButtonElement).click());
    await vi.waitFor(() => expect(document.querySelector('#wechat-complaint-reply')).toBeTruthy());
    const reply = document.querySelector<HTMLTextAreaElement>('#wechat-complaint-reply')!;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(reply, '您好，专员今天下午联系您');
      reply.dispatchEvent(new Event('input', { bubbles: true }));
    });
    let answer!: () => void;
    server.replyAnswered = new Promise<void>((resolve) => (answer = resolve));
    act(() => button('回复客户').click());
    // The reply is on its way (its button says so) when WeChat Pay refuses it.
    await vi.waitFor(() => expect(button('回复客户').className).toContain('ant-btn-loading'));
    answer();
    await vi.waitFor(() => expect(toasts.errors).toContain('微信支付暂不可用，请稍后再试'));
    // The button is idle again once the failure has settled, after every handler of it (the
    // mutation cache's, the hook's and the page's) has run: none may have reported it a second time.
    await vi.waitFor(() => expect(button('回复客户').className).not.toContain('ant-btn-loading'));
    expect(toasts.errors).toEqual(['微信支付暂不可用，请稍后再试']);
    expect(document.querySelector<HTMLTextAreaElement>('#wechat-complaint-reply')!.value).toBe('您好，专员今天下午联系您');
  });

  it('shows a failed refund-progress report to the admin, who sends it again from the drawer', async () => {
    server.progress = { refund_progress: 'APPROVE', refund_progress_state: 'FAILED', refund_progress_error: 'wechatpay complaint update-refund-progress: SYSTEM_ERROR' };
    render('/feedback?source=wechat');
    await vi.waitFor(() => expect(tableRows()).toHaveLength(1));
    act(() => (document.querySelector(`[aria-label="查看投诉 ${COMPLAINT.complaint_id}"]`) as HTMLButtonElement).click());
    const progress = () => document.querySelector('[data-testid="wechat-complaint-refund-progress"]')?.textContent ?? '';
    await vi.waitFor(() => expect(progress()).toContain('上报微信支付失败'));
    expect(progress()).toContain('SYSTEM_ERROR');

    await vi.waitFor(() => expect(button('重新上报')).toBeTruthy());
    act(() => button('重新上报').click());
    await vi.waitFor(() => expect(progress()).toContain('已向微信支付上报退款审批结果：同意退款'));
    expect(server.posts).toEqual([{ path: `/wechat-complaints/${COMPLAINT.id}/refund-progress`, body: { action: 'APPROVE' } }]);
  });
});
