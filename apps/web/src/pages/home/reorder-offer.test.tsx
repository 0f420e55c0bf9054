import { creditCodeCheckChar, reorderButtonText, type ReorderResponse } from '@kuaibao/domain';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GOODS, installFakeServer, ORDER_FORM, renderRoute, seedStorage, type FakeCall } from '../../test/harness.tsx';
import { toast } from '../../ui/toast.tsx';
import HomePage from './home-page.tsx';
import { reorderForm } from './reorder-form.ts';

const CODE_17 = '91110108551385082';
const CREDIT_CODE = CODE_17 + creditCodeCheckChar(CODE_17);
const COMPANY = { goods_id: GOODS[0]!.goods_id, entity_name: '北京字节跳动科技有限公司', entity_id: CREDIT_CODE, entity_legal: '张一鸣', entity_phone: '13700000711' };
const ANSWER: ReorderResponse = { filing_year: 2026, companies: [COMPANY] };

let calls: FakeCall[];
let answer: ReorderResponse;
const reorderCalls = () => calls.filter((call) => call.path === '/api/h5/order/reorder');

beforeEach(() => {
  seedStorage();
  answer = ANSWER;
  calls = installFakeServer((call) => (call.path === '/api/h5/order/reorder' ? { code: 0, data: answer } : undefined));
});
afterEach(() => {
  cleanup();
  act(() => toast.clear());
});

describe('the reorder in two taps (docs/decisions/066-reorder-in-two-taps.md)', () => {
  it("fills last year's company, legal representative and phone, and empties the ID number whatever the form held", () => {
    const filled = reorderForm({ ...ORDER_FORM, entity_idno: '11010519491231002X', entity_status: '注销', credit_record: 'x' }, COMPANY, GOODS);
    expect(filled).toMatchObject({ entity_name: COMPANY.entity_name, entity_id: CREDIT_CODE, entity_legal: '张一鸣', entity_phone: '13700000711', entity_idno: '', goods_id: String(COMPANY.goods_id) });
    expect(filled).not.toHaveProperty('entity_status');
    expect(filled).not.toHaveProperty('credit_record');
    // A service that is gone: the first annual report on sale instead.
    expect(reorderForm(ORDER_FORM, { ...COMPANY, goods_id: 999 }, GOODS).goods_id).toBe(String(GOODS.find((item) => item.goods_type === 'license_year')!.goods_id));
  });

  it("asks with the device's own keys, shows the offer, and 为该企业办理… fills the form with the ID field empty", async () => {
    localStorage.setItem('ownOrders', JSON.stringify([{ id: 'o-last-year', key: 'k'.repeat(32), phone: '13700000711' }]));
    renderRoute(<HomePage />);
    const button = await screen.findByTestId('reorder-use');
    expect(button.textContent).toBe(reorderButtonText(2026));
    expect(reorderCalls()).toHaveLength(1);
    expect(reorderCalls()[0]!.query.keys).toBe(`o-last-year.${'k'.repeat(32)}`);
    // The answer the prefill uses carries no ID number.
    expect(JSON.stringify(answer)).not.toMatch(/idno|\d{17}[\dX]/);
    fireEvent.change(screen.getByTestId('id-input'), { target: { value: '110105194912310' } });
    fireEvent.click(button);
    await screen.findByTestId('reorder-used');
    expect((screen.getByTestId('id-input') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('phone-input') as HTMLInputElement).value).toBe('13700000711');
    await screen.findByTestId('selected-company');
    expect(screen.getByTestId('selected-company').textContent).toContain('北京字节跳动科技有限公司');
    expect(localStorage.getItem('params') ?? '').not.toContain('idno":"1');
  });

  it("asks with a verified phone's token, and offers nothing to a device without proof (the phone path instead)", async () => {
    localStorage.setItem('phoneTokens', JSON.stringify([{ phone: '13700000711', token: 'signed-token', expires_at: new Date(Date.now() + 86_400_000).toISOString() }]));
    renderRoute(<HomePage />);
    await screen.findByTestId('reorder-use');
    expect(reorderCalls()[0]!.query).toMatchObject({ phone: '13700000711', phone_token: 'signed-token' });
    cleanup();

    localStorage.removeItem('phoneTokens');
    calls.length = 0;
    renderRoute(<HomePage />);
    await screen.findByTestId('reorder-phone-open');
    expect(reorderCalls()).toHaveLength(0);
    expect(screen.queryByTestId('reorder-use')).toBeNull();
  });

  it('shows no offer when the server offers no company', async () => {
    answer = { filing_year: 2026, companies: [] };
    localStorage.setItem('ownOrders', JSON.stringify([{ id: 'o-1', key: 'k'.repeat(32), phone: '13700000711' }]));
    renderRoute(<HomePage />);
    await waitFor(() => expect(reorderCalls()).toHaveLength(1));
    await screen.findByTestId('reorder-phone-open');
    expect(screen.queryByTestId('reorder-offer')).toBeNull();
  });
});
