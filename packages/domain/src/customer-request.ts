/**
 * The customer in one place (decision 043): what a clerk asks the customer for
 * when an order waits on them (待客户补充), which of an order's events the customer sees, and how a
 * complaint finds the order it is about.
 */
import { PROCESS_STATUS, type ProcessStatus } from './lifecycle/order.ts';
import { PROCESS_STATUS_NAMES } from './status-display.ts';
import { CALL_OUTCOME_NAMES, type CallOutcome } from './first-call-sla.ts';

/** The request is shown on /checkDetail and (shortened) sent by SMS: one short paragraph. */
export const CUSTOMER_REQUEST_MAX_CHARS = 200;

/**
 * Why a move's note cannot serve as the request to the customer: a move to 待客户补充 must say what
 * the customer should supply, in at most CUSTOMER_REQUEST_MAX_CHARS characters. Other moves: never.
 */
export function customerRequestRefusal(to: string, note: string): 'REQUIRED' | 'TOO_LONG' | undefined {
  if (to !== PROCESS_STATUS.waitingCustomer) return undefined;
  const text = note.trim();
  if (text === '') return 'REQUIRED';
  return Array.from(text).length > CUSTOMER_REQUEST_MAX_CHARS ? 'TOO_LONG' : undefined;
}

/**
 * The line under the request on /checkDetail: it points to the agent's contact below only when the
 * site has one (a phone or a WeChat contact that is not a placeholder); otherwise it promises the
 * call alone (it once said 也可通过下方方式联系专员 with nothing below).
 */
export function customerRequestContactText(contact: { phone: string; address: string }): string {
  const reachable = contact.phone.trim() !== '' || contact.address.trim() !== '';
  return reachable ? '请按上述要求准备好资料，办理专员会与您联系；也可通过下方方式联系专员。' : '请按上述要求准备好资料，办理专员会尽快致电与您联系。';
}

/** The open request the visitor sees: only while the order waits on the customer. */
export function visibleCustomerRequest(order: { process_status: string; customer_request: string | null }): string | null {
  return order.process_status === PROCESS_STATUS.waitingCustomer && order.customer_request ? order.customer_request : null;
}

/** Who sees an event of the order's timeline: the customer (it was told to them or they did it) or staff only. */
export type TimelineAudience = 'customer' | 'internal';

export interface OrderTimelineEntry {
  at: string;
  kind: 'created' | 'paid' | 'status' | 'request' | 'upload' | 'completed' | 'note' | 'call' | 'refund' | 'deletion';
  audience: TimelineAudience;
  actor: string;
  /** the status change or event in words */
  title: string;
  /** the request, the note or the refund's reason */
  content: string;
}

export interface OrderTimelineInput {
  create_time: string;
  pay_time: string | null;
  history: ReadonlyArray<{ id: number; from_process_status: string | null; to_process_status: string; process_status_name: string; staff_name: string; note: string; created_at: string }>;
  notes: ReadonlyArray<{ id: number; staff_name: string; content: string; created_at: string }>;
  calls: ReadonlyArray<{ staff_name: string; outcome: CallOutcome; note: string; created_at: string }>;
  refund_requests: ReadonlyArray<{ requested_by_name: string; reason: string; created_at: string; status: string; decided_at: string | null; decided_by_name: string }>;
  /** the customer's confirmed deletion requests covering the order (decision 037) */
  deletion_requests?: ReadonlyArray<{ confirmed_at: string; purged_at: string | null }> | undefined;
  /** the documents the customer uploaded on /checkDetail (docs/decisions/062-templates-and-customer-uploads.md) */
  customer_files?: ReadonlyArray<{ filename: string; created_at: string }>;
}

/**
 * What the order page says when the customer asked, with the SMS code, for their personal data to
 * be deleted (decision 037): open orders keep it until they close, then it goes.
 */
export function deletionRequestNotice(request: { confirmed_at: string; purged_at: string | null }, formatTime: (iso: string) => string): string {
  return request.purged_at
    ? `客户已于 ${formatTime(request.confirmed_at)} 申请删除个人信息，本订单的联系方式和身份证号已于 ${formatTime(request.purged_at)} 删除。`
    : `客户已于 ${formatTime(request.confirmed_at)} 申请删除个人信息：本订单办结（完成、终止或退款）后将删除其联系方式和身份证号，请勿再向客户索要或留存其资料。`;
}

/**
 * The order's events, oldest first. The customer sees the payment, every handling status (on
 * /checkDetail), the request of 待客户补充 and the completion; a move's reason (ending, reopening)
 * staff notes and the calls staff recorded (decision 044) are internal, as are refund requests until
 * the money moves.
 */
export function orderTimeline(order: OrderTimelineInput): OrderTimelineEntry[] {
  const entries: OrderTimelineEntry[] = [{ at: order.create_time, kind: 'created', audience: 'customer', actor: '客户', title: '客户下单', content: '' }];
  if (order.pay_time) entries.push({ at: order.pay_time, kind: 'paid', audience: 'customer', actor: '客户', title: '付款成功', content: '' });
  for (const move of order.history) {
    const from = move.from_process_status ? (PROCESS_STATUS_NAMES[move.from_process_status as ProcessStatus] ?? move.from_process_status) : '';
    const title = from ? `${from} → ${move.process_status_name}` : move.process_status_name;
    if (move.to_process_status === PROCESS_STATUS.waitingCustomer) {
      entries.push({ at: move.created_at, kind: 'request', audience: 'customer', actor: move.staff_name, title: `${title}：请客户补充`, content: move.note });
    } else {
      const kind = move.to_process_status === PROCESS_STATUS.completed ? 'completed' : 'status';
      entries.push({ at: move.created_at, kind, audience: 'customer', actor: move.staff_name, title, content: '' });
      // The reason for ending or reopening is the clerk's, not the customer's.
      if (move.note) entries.push({ at: move.created_at, kind: 'note', audience: 'internal', actor: move.staff_name, title: `改为${move.process_status_name}的说明`, content: move.note });
    }
  }
  for (const note of order.notes) entries.push({ at: note.created_at, kind: 'note', audience: 'internal', actor: note.staff_name, title: '内部备注', content: note.content });
  // The customer took (or missed) the call, but the record of it and its outcome are the staff's.
  for (const call of order.calls) entries.push({ at: call.created_at, kind: 'call', audience: 'internal', actor: call.staff_name, title: `电话联系：${CALL_OUTCOME_NAMES[call.outcome]}`, content: call.note });
  // The customer's own act: theirs and the staff's to see.
  for (const file of order.customer_files ?? []) entries.push({ at: file.created_at, kind: 'upload', audience: 'customer', actor: '客户', title: '客户上传补充资料', content: file.filename });
  for (const refund of order.refund_requests) {
    entries.push({ at: refund.created_at, kind: 'refund', audience: 'internal', actor: refund.requested_by_name, title: '申请退款', content: refund.reason });
    if (refund.decided_at) {
      const refunded = refund.status !== 'REJECTED';
      entries.push({ at: refund.decided_at, kind: 'refund', audience: refunded ? 'customer' : 'internal', actor: refund.decided_by_name, title: refunded ? '批准退款' : '驳回退款', content: '' });
    }
  }
  for (const deletion of order.deletion_requests ?? []) {
    entries.push({ at: deletion.confirmed_at, kind: 'deletion', audience: 'customer', actor: '客户', title: '客户申请删除个人信息', content: '' });
    if (deletion.purged_at) entries.push({ at: deletion.purged_at, kind: 'deletion', audience: 'internal', actor: '系统', title: '已按客户申请删除本订单的个人信息', content: '' });
  }
  // Stable: events at the same instant keep the order above (a move before its note).
  return entries.map((entry, index) => ({ entry, index })).sort((a, b) => (a.entry.at < b.entry.at ? -1 : a.entry.at > b.entry.at ? 1 : a.index - b.index)).map(({ entry }) => entry);
}
