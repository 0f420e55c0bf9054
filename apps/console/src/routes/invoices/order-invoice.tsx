import { Card, Descriptions, Tag, Timeline } from 'antd';
import type { ReactNode } from 'react';
import { useOrderInvoice } from '../../hooks/api/invoices.ts';
import { dateTime, yuan } from '../../lib/format.ts';
import { InvoiceActions } from './invoice-actions.tsx';

/** The order's invoice on its page (docs/decisions/060-invoices.md): what the customer asked for, its steps, and the clerk's actions. Nothing when none was asked for. */
export function OrderInvoice({ orderId, heading }: { orderId: number; heading: (text: string) => ReactNode }) {
  const { data } = useOrderInvoice(orderId);
  const invoice = data?.invoice;
  if (!invoice) return null;
  const steps = [
    { at: invoice.created_at, text: '客户申请发票' },
    { at: invoice.issued_at, text: `已开票${invoice.issued_by_name ? `（${invoice.issued_by_name}）` : ''}，已短信和邮件通知客户` },
    { at: invoice.red_requested_at, text: '申请红冲' },
    { at: invoice.red_issued_at, text: '已红冲' },
  ].filter((step): step is { at: string; text: string } => !!step.at);
  return (
    <Card title={heading('发票')} size="small" extra={<InvoiceActions invoice={invoice} />} data-testid="order-invoice">
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="状态">
          <Tag>{invoice.status_name}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="类型">{invoice.type_name}</Descriptions.Item>
        <Descriptions.Item label="抬头">{invoice.title}</Descriptions.Item>
        <Descriptions.Item label="纳税人识别号">
          <span className="mono" style={{ whiteSpace: 'nowrap' }}>
            {invoice.tax_number}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label="金额">{yuan(invoice.amount_fen)}</Descriptions.Item>
        {invoice.invoice_number ? <Descriptions.Item label="发票号码"><span className="mono">{invoice.invoice_number}</span></Descriptions.Item> : null}
        {invoice.fail_reason ? (
          // The invoicing platform's refusal, in its words (docs/decisions/064-nuonuo-invoicing.md).
          <Descriptions.Item label="平台答复" span={2}>
            <span style={{ color: '#a8071a' }} data-testid="order-invoice-fail-reason">
              {invoice.fail_reason}
            </span>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label="接收邮箱">{invoice.email}</Descriptions.Item>
        {invoice.type === 'special' ? (
          <>
            <Descriptions.Item label="地址、电话">{`${invoice.buyer_address} ${invoice.buyer_phone}`}</Descriptions.Item>
            <Descriptions.Item label="开户行及账号">{`${invoice.buyer_bank} ${invoice.buyer_account}`}</Descriptions.Item>
          </>
        ) : null}
      </Descriptions>
      <Timeline style={{ marginTop: 16, marginBottom: 0 }} items={steps.map((step) => ({ children: `${dateTime(step.at)} ${step.text}` }))} />
    </Card>
  );
}
