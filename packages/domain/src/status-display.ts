import { PROCESS_STATUS, type ProcessStatus, type StatusCode } from './lifecycle/order.ts';

/**
 * How handling progress looks (docs/product/orders-and-statuses.md#status-display): default names (the server
 * sends process_status_name), badge classes and their colours. Apart from lifecycle/order.ts so the
 * home route, which needs only the status checks, does not carry them (decision 011).
 */

export const PROCESS_STATUS_NAMES: Record<ProcessStatus, string> = {
  '1': '待处理',
  '2': '已完成',
  '3': '待客户补充',
  '4': '处理中',
  '5': '已结束',
};

export type StatusClass = 'completed' | 'processing' | 'pending' | 'ended';

export const STATUS_COLORS: Record<StatusClass, string> = {
  completed: '#37D2AD',
  processing: '#FF8E13',
  pending: '#FF431D',
  ended: '#8C8C8C',
};

/**
 * The tone of a handling status, the one rule for every badge (phone pages, receipt, desktop query
 * table, mini-program home, console): 2 completed (green), 4 processing (orange), 5 ended (grey: a
 * refunded or closed order is neither done nor waiting on anyone), anything else pending (red).
 */
export function processStatusClass(ps: StatusCode): StatusClass {
  const code = String(ps);
  if (code === PROCESS_STATUS.completed) return 'completed';
  if (code === PROCESS_STATUS.processing) return 'processing';
  if (code === PROCESS_STATUS.ended) return 'ended';
  return 'pending';
}
