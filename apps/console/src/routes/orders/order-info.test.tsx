import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PURGED_TEXT, permissionsOf, type ConsoleOrderDetail, type ConsoleSessionStaff, type StaffRole } from '@kuaibao/domain';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys.ts';
import { mountPerTest } from '../../test/mount.ts';
import { ORDER_DETAIL } from '../../test/order-detail.ts';
import { OrderInfo } from './order-info.tsx';

/** The order page's facts after the retention sweep (decision 031): 已按期删除 where a field is gone, the rest as before. */

const ORDER: ConsoleOrderDetail = ORDER_DETAIL;

const { mount } = mountPerTest();

function render(order: ConsoleOrderDetail, staff?: ConsoleSessionStaff): HTMLElement {
  const client = new QueryClient();
  if (staff) client.setQueryData(queryKeys.session, staff);
  return mount(<MemoryRouter><QueryClientProvider client={client}><OrderInfo order={order} /></QueryClientProvider></MemoryRouter>);
}

/** The text of the value cell next to a label. */
function valueOf(page: HTMLElement, label: string): string {
  const labelCell = [...page.querySelectorAll('th')].find((cell) => cell.textContent === label);
  expect(labelCell, label).toBeTruthy();
  return labelCell!.nextElementSibling!.textContent ?? '';
}

describe('OrderInfo consents', () => {
  it('shows each consent with its version and time: the agreement and, apart, the ID number (decision 050)', () => {
    const page = render(ORDER);
    expect(valueOf(page, '协议同意')).toContain('2025-07-01');
    expect(valueOf(page, '身份证号处理同意')).toContain('sfz-2026-11');
    expect(render({ ...ORDER, idno_consent_version: null, idno_consent_time: null }).querySelector('[data-testid="idno-consent"]')).toBeNull();
  });
});

describe('OrderInfo after the retention sweep', () => {
  it('shows the masked ID number, the legal representative and the phone while they are kept', () => {
    const page = render(ORDER);
    expect(valueOf(page, '身份证号')).toContain('110***********002X');
    expect(valueOf(page, '法定代表人')).toBe('张一鸣');
    expect(valueOf(page, '联系电话')).toBe('13812345678');
    expect(page.textContent).not.toContain(PURGED_TEXT);
    // The phone and the company open the customer view (decision 043).
    expect(page.querySelector('[data-testid="customer-phone-link"]')?.getAttribute('href')).toBe('/customers?phone=13812345678');
    expect(page.querySelector('[data-testid="customer-company-link"]')?.getAttribute('href')).toBe(`/customers?credit_code=${ORDER.entity_id}`);
  });

  it('says 已按期删除 for a purged ID number, with no button to reveal it, and keeps the contact of a closed order', () => {
    const page = render({ ...ORDER, entity_idno: '', has_idno: false, idno_purged_at: '2026-11-01T00:00:00.000Z' });
    expect(valueOf(page, '身份证号')).toBe('已按期删除');
    expect(page.querySelector('[data-testid="idno-reveal"]')).toBeNull();
    expect(valueOf(page, '联系电话')).toBe('13812345678');
  });

  it('says 已按期删除 for an unpaid order\'s purged legal representative and phone', () => {
    const page = render({ ...ORDER, status: '1', process_status: '1', entity_legal: '', entity_phone: '', entity_idno: '', has_idno: false, idno_purged_at: '2026-11-01T00:00:00.000Z', contact_purged_at: '2026-11-01T00:00:00.000Z' });
    expect(valueOf(page, '法定代表人')).toBe('已按期删除');
    expect(valueOf(page, '联系电话')).toBe('已按期删除');
    expect(valueOf(page, '身份证号')).toBe('已按期删除');
  });
});

describe('OrderInfo of a 信用修复 order', () => {
  it('names the record the customer asked to repair', () => {
    const page = render({ ...ORDER, goods_type: 'credit_repair', goods_name: '企业信用修复', credit_record: 'serious_violation' });
    expect(valueOf(page, '修复记录')).toBe('严重违法失信名单');
  });

  it('shows no record row for the other services', () => {
    const page = render(ORDER);
    expect([...page.querySelectorAll('th')].some((cell) => cell.textContent === '修复记录')).toBe(false);
  });
});

const staffOf = (id: number, role: StaffRole): ConsoleSessionStaff => ({ id, username: `u${id}`, display_name: `员工${id}`, role, permissions: permissionsOf(role), must_change_password: false });

/** Sets a text field as typing does (React listens to the input event, with the native setter). */
function type(field: HTMLTextAreaElement, text: string): void {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('revealing the ID number', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const confirmButton = () => document.querySelector<HTMLButtonElement>('[data-testid="idno-reveal-confirm"]');
  const reasonRadio = (reason: string) => [...document.querySelectorAll<HTMLInputElement>('[data-testid="idno-reveal-reason"] input[type="radio"]')].find((input) => input.value === reason)!;

  it('offers a clerk no button on an order someone else handles, or nobody yet', () => {
    for (const admin_id of [2, null]) {
      const page = render({ ...ORDER, admin_id }, staffOf(5, 'clerk'));
      expect(page.querySelector('[data-testid="idno-reveal"]')).toBeNull();
      expect(page.querySelector('[data-testid="idno-reveal-not-mine"]')?.textContent).toBe('接单后可查看完整号码');
    }
    // An admin has it on anyone's order.
    expect(render({ ...ORDER, admin_id: 2 }, staffOf(1, 'admin')).querySelector('[data-testid="idno-reveal"]')).not.toBeNull();
  });

  it('asks the reason in a dialog, with words for 其他, and sends it with the request', async () => {
    const clerk = staffOf(5, 'clerk');
    const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async (url) => {
      const data = url.endsWith('/session') ? clerk : { entity_idno: '11010519491231002X' };
      return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const page = render({ ...ORDER, admin_id: 5 }, clerk);
    act(() => page.querySelector<HTMLButtonElement>('[data-testid="idno-reveal"]')!.click());
    expect(document.body.textContent).toContain('本次查看将连同原因记录在操作日志中。');
    expect(confirmButton()!.disabled).toBe(true);
    act(() => reasonRadio('其他').click());
    expect(confirmButton()!.disabled).toBe(true);
    type(document.querySelector<HTMLTextAreaElement>('[data-testid="idno-reveal-note"]')!, '  工商局要求核对 ');
    expect(confirmButton()!.disabled).toBe(false);
    expect(fetchMock.mock.calls.filter(([called]) => called.endsWith('/reveal-id'))).toHaveLength(0);
    await act(async () => {
      confirmButton()!.click();
      await vi.waitFor(() => expect(page.querySelector('[data-testid="idno-full"]')).not.toBeNull());
    });
    const [url, init] = fetchMock.mock.calls.find(([called]) => called.endsWith('/reveal-id'))!;
    expect(url).toBe('/api/console/orders/7/reveal-id');
    expect(JSON.parse(String(init.body))).toEqual({ reason: '其他', note: '工商局要求核对' });
    expect(page.querySelector('[data-testid="idno-full"]')!.textContent).toBe('11010519491231002X');
  });
});
