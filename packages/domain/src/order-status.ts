/**
 * Order payment status and handling progress (spec §4 "Order process_status display",
 * architecture §6). The server sends process_status_name; the names here are its defaults.
 * Helpers take string or number because the codes are digits and some sources send numbers.
 */

export const ORDER_STATUS = { unpaid: '1', paid: '2', closed: '3', refunded: '4' } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export const PROCESS_STATUS = { pending: '1', completed: '2', waitingCustomer: '3', processing: '4', ended: '5' } as const;
export type ProcessStatus = (typeof PROCESS_STATUS)[keyof typeof PROCESS_STATUS];

export const PROCESS_STATUS_NAMES: Record<ProcessStatus, string> = {
  '1': '待处理',
  '2': '已完成',
  '3': '待客户补充',
  '4': '处理中',
  '5': '已结束',
};

export type StatusClass = 'completed' | 'processing' | 'pending';

export const STATUS_COLORS: Record<StatusClass, string> = {
  completed: '#37D2AD',
  processing: '#FF8E13',
  pending: '#FF431D',
};

type StatusCode = string | number;

/** Badges on the receipt and progress pages: 2 and 5 completed, 4 processing, anything else pending (red). */
export function processStatusClass(ps: StatusCode): StatusClass {
  const code = String(ps);
  if (code === PROCESS_STATUS.completed || code === PROCESS_STATUS.ended) return 'completed';
  if (code === PROCESS_STATUS.processing) return 'processing';
  return 'pending';
}

/** The desktop query table and the mini-program home: only 2 is completed (5 stays red there). */
export function queryStatusClass(ps: StatusCode): StatusClass {
  const code = String(ps);
  if (code === PROCESS_STATUS.completed) return 'completed';
  if (code === PROCESS_STATUS.processing) return 'processing';
  return 'pending';
}

/** Only a completed order shows the completion stamp and screenshots. */
export function isCompletionVisible(ps: StatusCode): boolean {
  return String(ps) === PROCESS_STATUS.completed;
}

export function isPaidStatus(status: StatusCode): boolean {
  return String(status) === ORDER_STATUS.paid;
}
