import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCorpEndpoints } from '../../api/endpoints.ts';
import { installFakeServer, PHONE, renderRoute, seedStorage, type FakeCall } from '../../test/harness.tsx';
import { toast } from '../../ui/toast.tsx';
import HomePage from '../home/home-page.tsx';

const CORP = { ...PHONE, host: 'wx-oa' as const, platform: 'wx-oa' as const, inMessenger: true };
const COMPANY = { name: '北京字节跳动科技有限公司', merge_name: '北京字节跳动科技有限公司', color_name: '北京字节跳动科技有限公司', credit_code: '91110108551385082Q', oper_name: '张一鸣' };

let calls: FakeCall[];

beforeEach(() => {
  seedStorage();
  setCorpEndpoints(true);
  calls = installFakeServer((call) => {
    if (call.path === '/api/company') return { code: 0, data: [COMPANY] };
    if (call.path === '/api/corp/order/recent') {
      return { code: 0, data: { goods_id: 1, entity_name: COMPANY.name, entity_id: COMPANY.credit_code, entity_legal: '张一鸣', entity_phone: '13912345678' } };
    }
    return undefined;
  });
  Element.prototype.scrollIntoView = vi.fn<Element['scrollIntoView']>();
});

afterEach(() => {
  cleanup();
  setCorpEndpoints(false);
  act(() => toast.clear());
});

describe('home in corp mode', () => {
  it('searches with the official-account company search and fills the phone from the visitor’s latest order for that company', async () => {
    renderRoute(<HomePage />, { platform: CORP });
    fireEvent.change(screen.getByTestId('company-input'), { target: { value: '字节' } });
    fireEvent.click(screen.getByTestId('company-search'));
    fireEvent.click(await screen.findByTestId('company-option'));
    await waitFor(() => expect((screen.getByTestId('phone-input') as HTMLInputElement).value).toBe('13912345678'));
    expect(calls.some((call) => call.path === '/api/h5/company')).toBe(false);
    expect(calls.find((call) => call.path === '/api/corp/order/recent')?.query).toMatchObject({ goods_type: '1', entity_id: COMPANY.credit_code });
  });

  it('keeps what the visitor typed', async () => {
    renderRoute(<HomePage />, { platform: CORP });
    fireEvent.change(screen.getByTestId('phone-input'), { target: { value: '13800000000' } });
    fireEvent.change(screen.getByTestId('company-input'), { target: { value: '字节' } });
    fireEvent.click(screen.getByTestId('company-search'));
    fireEvent.click(await screen.findByTestId('company-option'));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/corp/order/recent')).toBe(true));
    expect((screen.getByTestId('phone-input') as HTMLInputElement).value).toBe('13800000000');
  });

  it('labels the submit button the official-account way', () => {
    renderRoute(<HomePage />, { platform: CORP });
    expect(['立即办理', '补报年报']).toContain(screen.getByTestId('submit').textContent);
  });
});
