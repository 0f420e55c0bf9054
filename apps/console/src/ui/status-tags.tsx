import { Tag } from 'antd';
import { ORDER_STATUS, firstCallSlaText, processStatusClass, type FirstCallSla, type FirstCallSlaState, type OrderStatus, type StatusClass } from '@kuaibao/domain';
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

/** The first-call clock's colours (decision 044): breached red, near breach amber; each at least 4.5:1 at 12 px. */
const SLA_STYLE: Record<Exclude<FirstCallSlaState, 'none'>, { color: string; background: string; borderColor: string }> = {
  breached: { color: '#fff', background: '#a8071a', borderColor: '#a8071a' },
  near_breach: { color: '#873800', background: '#fff7e6', borderColor: '#ffc069' },
  running: { color: '#434343', background: '#f5f5f5', borderColor: '#d9d9d9' },
  met: { color: '#0a6b4f', background: '#e3f7f0', borderColor: 'transparent' },
  met_late: { color: '#614700', background: '#fffbe6', borderColor: '#ffe58f' },
};

const SLA_TITLES: Record<FirstCallSlaState, string> = {
  breached: '付款已超过24小时，仍未联系客户',
  near_breach: '距24小时联系承诺不足4小时，请尽快致电',
  running: '距24小时联系承诺的剩余时间',
  met: '已在付款后24小时内致电',
  met_late: '首次致电晚于付款后24小时',
  none: '无需计时',
};

/** A complaint's 3-working-day clock (docs/decisions/056-complaints-on-the-right-order.md): the same states, its own words. */
export const COMPLAINT_SLA_TITLES: Record<FirstCallSlaState, string> = {
  breached: '已超过3个工作日的处理承诺，仍未处理',
  near_breach: '距3个工作日的处理承诺不足1天，请尽快处理',
  running: '距3个工作日处理承诺的剩余时间',
  met: '已在3个工作日内处理',
  met_late: '处理晚于3个工作日的承诺',
  none: '无需计时',
};

/**
 * The order's first-call clock: time left, 超时 X, 已联系 (packages/domain/src/first-call-sla.ts); with
 * `text` and `titles`, another clock of the same states (a complaint's, complaint-sla.ts).
 */
export function SlaTag(props: { sla: Pick<FirstCallSla, 'state' | 'minutes'>; text?: (sla: Pick<FirstCallSla, 'state' | 'minutes'>) => string; titles?: Record<FirstCallSlaState, string> }) {
  const { sla } = props;
  if (sla.state === 'none') return <span className="muted">—</span>;
  const testId = sla.state === 'breached' ? 'overdue-tag' : sla.state === 'near_breach' ? 'near-breach-tag' : 'sla-tag';
  return (
    <Tag style={SLA_STYLE[sla.state]} data-testid={testId} data-sla={sla.state} title={(props.titles ?? SLA_TITLES)[sla.state]}>
      {(props.text ?? firstCallSlaText)(sla)}
    </Tag>
  );
}
