import { Tag } from 'antd';
import { ORDER_STATUS, processStatusClass, type OrderStatus, type StatusClass } from '@kuaibao/domain';
import { ORDER_STATUS_NAMES } from '../lib/format.ts';

/**
 * The visitor's colours (docs/product/orders-and-statuses.md: green done, orange processing, red pending, grey ended) as the console's
 * tags: the same classes from the domain, in darker text on light grounds so they stay legible
 * (WCAG AA) in dense tables.
 */
const CLASS_STYLE: Record<StatusClass, { color: string; background: string; borderColor: string }> = {
  completed: { color: '#0a6b4f', background: '#e3f7f0', borderColor: '#8fd9bf' },
  processing: { color: '#8a4600', background: '#fff3e3', borderColor: '#ffc97a' },
  pending: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
  ended: { color: '#434343', background: '#f5f5f5', borderColor: '#d9d9d9' },
};

export function ProcessStatusTag(props: { code: string; name: string }) {
  return (
    <Tag style={CLASS_STYLE[processStatusClass(props.code)]} data-testid="process-status">
      {props.name || props.code}
    </Tag>
  );
}

const PAY_STYLE: Record<OrderStatus, { color: string; background: string; borderColor: string }> = {
  [ORDER_STATUS.unpaid]: { color: '#434343', background: '#f5f5f5', borderColor: '#d9d9d9' },
  [ORDER_STATUS.paid]: { color: '#0b4a8f', background: '#e8f1fc', borderColor: '#91c3f7' },
  [ORDER_STATUS.refunded]: { color: '#6b2c91', background: '#f7eefc', borderColor: '#d3adf7' },
};

export function PaymentStatusTag(props: { status: string }) {
  return <Tag style={(PAY_STYLE as Record<string, (typeof PAY_STYLE)[OrderStatus]>)[props.status] ?? PAY_STYLE[ORDER_STATUS.unpaid]}>{ORDER_STATUS_NAMES[props.status] ?? props.status}</Tag>;
}

/** `short`: in the order list, where the column must fit 1280 px (the tooltip keeps the whole text). */
export function OverdueTag(props: { short?: boolean }) {
  return (
    <Tag style={{ color: '#fff', background: '#a8071a', borderColor: '#a8071a' }} data-testid="overdue-tag" title="付款已超过24小时，仍未联系客户">
      {props.short ? '超时未联系' : '超24小时未联系'}
    </Tag>
  );
}
