import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { permissionsOf, type ConsoleSessionStaff, type StaffRole } from '@kuaibao/domain';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConsoleQueryClient } from '../../lib/query-client.ts';
import { fakeConsoleApi } from '../../test/fake-api.ts';
import { mountPerTest } from '../../test/mount.ts';
import { ReconciliationPage } from '../reconciliation/reconciliation-page.tsx';
import { ConsoleLayout } from './console-layout.tsx';

/**
 * The menu and every typed address follow the domain's page table (decision 058): a clerk opening
 * /reconciliation gets the no-permission page, not the page's request failing into 加载失败.
 */

const { mount } = mountPerTest();
afterEach(() => vi.unstubAllGlobals());

const staffOf = (role: StaffRole): ConsoleSessionStaff => ({ id: 7, username: `u.${role}`, display_name: role, role, permissions: permissionsOf(role), must_change_password: false });

function render(role: StaffRole, path: string): HTMLElement {
  return mount(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <MemoryRouter initialEntries={[path]}>
        <QueryClientProvider client={createConsoleQueryClient()}>
          <Routes>
            <Route element={<ConsoleLayout staff={staffOf(role)} />}>
              <Route index element={<p>工作台</p>} />
              <Route path="reconciliation" element={<ReconciliationPage />} />
            </Route>
          </Routes>
        </QueryClientProvider>
      </MemoryRouter>
    </ConfigProvider>,
  );
}

const menuTexts = (container: HTMLElement) => [...container.querySelectorAll('nav [role="menuitem"]')].map((item) => item.textContent?.trim());

describe('pages by permission', () => {
  it('shows a clerk 无权访问 on /reconciliation, asks the server nothing for it, and leaves 对账 out of the menu', async () => {
    const api = fakeConsoleApi({ 'GET /reconciliation': { status: 403, code: 40360, msg: '当前账号无权执行此操作' } });
    const container = render('clerk', '/reconciliation');
    await vi.waitFor(() => expect(container.querySelector('[data-testid="forbidden"]')).not.toBeNull(), { timeout: 30_000 });
    expect(container.textContent).toContain('无权访问');
    expect(container.textContent).not.toContain('加载失败');
    expect(api.calls.map((c) => c.route)).not.toContain('GET /reconciliation');
    expect(menuTexts(container)).not.toContain('对账');
    expect(menuTexts(container)).toContain('提成');
  });

  it('opens 对账 for 财务, with it in the menu beside 提成 and without 员工账号', async () => {
    fakeConsoleApi({ 'GET /reconciliation': { data: { date: '2026-11-26', runs: [] } } });
    const container = render('finance', '/reconciliation');
    await vi.waitFor(() => expect(menuTexts(container)).toContain('对账'), { timeout: 30_000 });
    expect(container.querySelector('[data-testid="forbidden"]')).toBeNull();
    expect(menuTexts(container)).toEqual(expect.arrayContaining(['工作台', '订单处理', '退款审批', '对账', '提成']));
    expect(menuTexts(container)).not.toContain('员工账号');
    expect(menuTexts(container)).not.toContain('投诉处理');
  });
});
