import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { InvoiceView } from '@kuaibao/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeServer, seedStorage, type FakeCall } from '../../test/harness.tsx';
import { ToastHost, toast } from '../../ui/toast.tsx';
import InvoiceCard from './invoice-card.tsx';

const CODE = '91110108551385082Q';
const fresh: InvoiceView = { id: 'pub-1', amount_fen: 19900, refusal: null, prefill: { title: '北京字节跳动科技有限公司', tax_number: CODE }, invoice: null };

/** 申请发票 (docs/decisions/060-invoices.md): prefilled, checked before sending, sent with the order's proof. */
describe('InvoiceCard', () => {
  let calls: FakeCall[];
  beforeEach(() => {
    seedStorage();
    calls = installFakeServer((call) => {
      if (call.path !== '/api/h5/invoice') return undefined;
      if (call.method === 'GET') return { code: 0, data: fresh };
      const body = call.body as { invoice: Record<string, string> };
      return { code: 0, data: { ...fresh, invoice: { ...body.invoice, type_name: '数电票（增值税专用发票）', status: 'requested', status_name: '待开票', amount_fen: 19900, correctable: true, created_at: '2026-11-29T00:00:00.000Z', issued_at: null, download_url: null } } };
    });
  });
  afterEach(() => {
    cleanup();
    act(() => toast.clear());
  });

  it('prefills the company and its credit code, asks a 专用发票 for the bank fields before any call, then sends with the key', async () => {
    render(
      <>
        <InvoiceCard proof={{ id: 'pub-1', key: 'device-key' }} />
        <ToastHost />
      </>,
    );
    fireEvent.click(await screen.findByTestId('invoice-open'));
    expect((screen.getByTestId('invoice-title') as HTMLInputElement).value).toBe('北京字节跳动科技有限公司');
    expect((screen.getByTestId('invoice-tax_number') as HTMLInputElement).value).toBe(CODE);
    fireEvent.click(screen.getByTestId('invoice-type-special'));
    fireEvent.change(screen.getByTestId('invoice-email'), { target: { value: 'caiwu@example.com' } });
    fireEvent.click(screen.getByTestId('invoice-submit'));
    expect(screen.getByTestId('invoice-problem').textContent).toBe('专用发票请填写购买方地址和电话');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByTestId('invoice-tax_number'), { target: { value: '91110108551385082A' } });
    fireEvent.click(screen.getByTestId('invoice-submit'));
    expect(screen.getByTestId('invoice-problem').textContent).toBe('请填写正确的纳税人识别号（统一社会信用代码）');

    fireEvent.change(screen.getByTestId('invoice-tax_number'), { target: { value: CODE } });
    for (const [field, value] of [['buyer_address', '北京市海淀区'], ['buyer_phone', '010-1234'], ['buyer_bank', '招商银行'], ['buyer_account', '1109']]) {
      fireEvent.change(screen.getByTestId(`invoice-${field}`), { target: { value } });
    }
    fireEvent.click(screen.getByTestId('invoice-submit'));
    await waitFor(() => expect(screen.getByTestId('invoice-status-name').textContent).toBe('待开票'));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toMatchObject({ id: 'pub-1', key: 'device-key', invoice: { type: 'special', tax_number: CODE, buyer_bank: '招商银行' } });
    expect(calls[0]!.query).toMatchObject({ id: 'pub-1', key: 'device-key' });
  });

  it('shows nothing when the order cannot have one (unpaid, refunded)', async () => {
    calls = installFakeServer((call) => (call.path === '/api/h5/invoice' ? { code: 0, data: { ...fresh, refusal: 'INVOICE_ORDER_NOT_PAID' } } : undefined));
    render(<InvoiceCard proof={{ id: 'pub-1', key: 'k' }} />);
    await waitFor(() => expect(calls.length).toBe(1));
    expect(screen.queryByTestId('invoice-card')).toBeNull();
  });
});
