import { alreadyOrderedMessage, handlingNotes, type Goods } from '@kuaibao/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GOODS, installFakeServer, ORDER_FORM, renderRoute, seedStorage, type FakeCall } from '../test/harness.tsx';
import { writeOrderForm } from '../storage.ts';
import PayPage from './pay-page.tsx';

const CANCELLATION: Goods = { ...GOODS[0]!, id: 2, goods_id: 2, name: '营业执照注销代办', goods_name: '营业执照注销代办', type: 'license_destory', goods_type: 'license_destory', price_fen: 69900 };

let calls: FakeCall[];
let alreadyOrdered: boolean;

beforeEach(() => {
  seedStorage({ goods: [...GOODS, CANCELLATION] });
  writeOrderForm({ ...ORDER_FORM, goods_id: '2' });
  alreadyOrdered = false;
  calls = installFakeServer((call) =>
    call.path === '/api/h5/order/check'
      ? { code: 0, data: alreadyOrdered ? { alreadyOrdered: true, message: alreadyOrderedMessage('license_destory') } : { alreadyOrdered: false, message: '' } }
      : undefined,
  );
});

afterEach(() => cleanup());

const checks = () => calls.filter((call) => call.path === '/api/h5/order/check');
const creations = () => calls.filter((call) => call.path === '/api/h5/order');

describe('phone /pay for licence cancellation (decision 032)', () => {
  it('calls the fee 代办服务费 and says the service\'s own notes, without the annual report\'s countdown', async () => {
    renderRoute(<PayPage />);
    const card = await screen.findByTestId('pay-company');
    expect(card.textContent).toContain('代办服务费');
    expect(card.textContent).toContain('¥699.00');
    expect(screen.queryByTestId('pay-countdown')).toBeNull();
    const notes = within(screen.getByTestId('promises')).getAllByRole('listitem').map((item) => item.textContent);
    expect(notes).toEqual([...handlingNotes('license_destory')]);
    expect(screen.getByTestId('pay-page').textContent).not.toMatch(/年报|补报|申报金额/);
  });

  it('asks "already ordered" as it opens, with the form and without payment fields; not ordered leaves 立即办理 open', async () => {
    renderRoute(<PayPage />);
    await waitFor(() => expect(checks()).toHaveLength(1));
    expect(checks()[0]!.method).toBe('POST');
    expect(checks()[0]!.body).toMatchObject({ goods_id: '2', entity_id: '91110108551385082Q', entity_idno: '11010519491231002X', extra: { consent: true } });
    expect(checks()[0]!.body).not.toHaveProperty('pay_type');
    expect((screen.getByTestId('pay-now') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('tells an already ordered company at once, in the service\'s words, in a notice kept until dismissed; disables 立即办理 and creates nothing', async () => {
    alreadyOrdered = true;
    renderRoute(<PayPage />);
    const notice = await screen.findByTestId('already-ordered');
    expect(within(notice).getByRole('heading').textContent).toBe('当前公司已下单注销代办，无需重复下单');
    expect((screen.getByTestId('pay-now') as HTMLButtonElement).disabled).toBe(true);
    expect(creations()).toEqual([]);
  });

  it('查看办理进度 in that notice opens /check with the phone of the form', async () => {
    alreadyOrdered = true;
    renderRoute(<PayPage />);
    fireEvent.click(await screen.findByTestId('already-ordered-progress'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/check'));
  });
});
