import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { permissionsOf, type ConsoleSessionStaff, type ConsoleStaffRow } from '@kuaibao/domain';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConsoleQueryClient } from '../../lib/query-client.ts';
import { fakeConsoleApi } from '../../test/fake-api.ts';
import { mountPerTest } from '../../test/mount.ts';
import { MessageHost } from '../../ui/message-host.tsx';
import { StaffPage } from './staff-page.tsx';

/** A role changes only after the admin confirms it, naming the person and the new role, and a toast says it did. */

const { mount } = mountPerTest();
afterEach(() => vi.unstubAllGlobals());

const ADMIN: ConsoleSessionStaff = { id: 1, username: 'admin', display_name: '管理员', role: 'admin', permissions: permissionsOf('admin'), must_change_password: false };
const row = (id: number, display_name: string, role: ConsoleStaffRow['role']): ConsoleStaffRow => ({ id, username: `user${id}`, display_name, role, active: true, must_change_password: false, created_at: '2026-01-01T00:00:00.000Z', last_login_at: null });

function render(): void {
  mount(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <MemoryRouter>
        <QueryClientProvider client={createConsoleQueryClient()}>
          <MessageHost />
          <StaffPage />
        </QueryClientProvider>
      </MemoryRouter>
    </ConfigProvider>,
  );
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const toasts = () => [...document.querySelectorAll('.ant-message-notice')].map((notice) => notice.textContent);
const dialogs = () => [...document.querySelectorAll<HTMLElement>('.ant-modal')].filter((modal) => modal.querySelector('[data-testid="role-change"]'));

/** A staff member's role select, by its accessible name. */
const roleSelect = (name: string) => document.querySelector<HTMLElement>(`[aria-label="${name}的角色"]`)?.closest<HTMLElement>('.ant-select') ?? null;

/** Opens a staff member's role select and picks 管理员. */
async function chooseAdminFor(name: string): Promise<void> {
  const select = roleSelect(name)!;
  act(() => {
    (select.querySelector('.ant-select-selector') ?? select).dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  await vi.waitFor(() => expect(document.querySelector('.ant-select-item-option[title="管理员"]')).not.toBeNull());
  act(() => document.querySelector('.ant-select-item-option[title="管理员"]')!.dispatchEvent(new MouseEvent('click', { bubbles: true })));
}

describe('changing a role', () => {
  it('asks first, naming the staff member and the new role; cancel changes nothing; confirm changes it with a toast', async () => {
    let clerkRole: ConsoleStaffRow['role'] = 'clerk';
    const api = fakeConsoleApi({
      'GET /session': { data: ADMIN },
      'GET /staff': () => ({ data: [row(1, '管理员', 'admin'), row(2, '赵专员', clerkRole)] }),
      'PATCH /staff/2': (_call, body) => {
        clerkRole = (body as { role: ConsoleStaffRow['role'] }).role;
        return { data: row(2, '赵专员', clerkRole) };
      },
    });
    render();
    // The first render loads antd's table: give it time on a busy machine.
    await vi.waitFor(() => expect(roleSelect('赵专员')).not.toBeNull(), { timeout: 5000 });

    await chooseAdminFor('赵专员');
    await vi.waitFor(() => expect(dialogs()).toHaveLength(1));
    expect(dialogs()[0]!.textContent).toContain('将 赵专员 的角色改为“管理员”？');
    expect(dialogs()[0]!.textContent).toContain('办理专员 → 管理员');
    expect(api.calls.filter((c) => c.route.startsWith('PATCH'))).toHaveLength(0);

    // Cancel: nothing sent, the select still shows the role the clerk has.
    act(() => [...dialogs()[0]!.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === '取消')!.click());
    await vi.waitFor(() => expect(dialogs()).toHaveLength(0));
    expect(api.calls.filter((c) => c.route.startsWith('PATCH'))).toHaveLength(0);
    expect(roleSelect('赵专员')!.textContent).toContain('办理专员');

    await chooseAdminFor('赵专员');
    await vi.waitFor(() => expect(byTestId('role-confirm')).not.toBeNull());
    act(() => byTestId('role-confirm')!.click());
    await vi.waitFor(() => expect(toasts()).toContain('已将 赵专员 的角色改为“管理员”'));
    expect(api.calls.filter((c) => c.route.startsWith('PATCH'))).toEqual([{ route: 'PATCH /staff/2', body: { role: 'admin' } }]);
    await vi.waitFor(() => expect(roleSelect('赵专员')!.textContent).toContain('管理员'));
  });
});
