import { ORDER_STATUS, PROCESS_STATUS } from './lifecycle/order.ts';

/**
 * How long personal data is kept once it is no longer needed (docs/privacy-retention.md,
 * docs/decisions/031-retention-sweep.md). Each period counts whole days from the order's last
 * change (`update_time`), never from its creation: an order that was touched again is kept longer.
 * A period of 0 turns that purge off.
 */
export interface RetentionPeriods {
  /** ID number (ciphertext and lookup hash) of a closed order: completed, ended or refunded. */
  idNumberDays: number;
  /** Phone, legal representative's name and ID number of an order never paid. */
  unpaidDays: number;
  /** Analytics rows (the events table), from their creation. */
  eventsDays: number;
}

export const DEFAULT_RETENTION_PERIODS: RetentionPeriods = { idNumberDays: 90, unpaidDays: 30, eventsDays: 180 };

/** What the console shows where a field was purged. */
export const PURGED_TEXT = '已按期删除';

const DAY_MS = 24 * 3600 * 1000;

/** The moments before which each kind of data is purged, as ISO-8601 UTC strings; undefined when that purge is off. */
export interface RetentionCutoffs {
  closedOrdersIdNumber: string | undefined;
  unpaidOrdersContact: string | undefined;
  events: string | undefined;
}

export function retentionCutoffs(now: Date, periods: RetentionPeriods): RetentionCutoffs {
  const before = (days: number) => (days > 0 ? new Date(now.getTime() - days * DAY_MS).toISOString() : undefined);
  return { closedOrdersIdNumber: before(periods.idNumberDays), unpaidOrdersContact: before(periods.unpaidDays), events: before(periods.eventsDays) };
}

/**
 * Closed for retention: refunded, or paid and in a handling status that ends the work (completed,
 * ended). Orders still being handled (pending, waiting for the customer, processing) are never
 * purged, whatever their age: the agent may still need the ID number to file.
 */
export const RETENTION_CLOSED = {
  /** payment statuses that close the order whatever the handling status */
  statuses: [ORDER_STATUS.refunded],
  /** handling statuses that close a paid order */
  paidProcessStatuses: [PROCESS_STATUS.completed, PROCESS_STATUS.ended],
} as const;

/** Unpaid orders are the only ones whose contact details are purged. */
export const RETENTION_UNPAID_STATUS = ORDER_STATUS.unpaid;

export function isClosedForRetention(order: { status: string; process_status: string }): boolean {
  if ((RETENTION_CLOSED.statuses as readonly string[]).includes(order.status)) return true;
  return order.status === ORDER_STATUS.paid && (RETENTION_CLOSED.paidProcessStatuses as readonly string[]).includes(order.process_status);
}

/**
 * Which purge is due for one order at `now`: the ID number of a closed order, the contact details of
 * an unpaid one, or nothing. The sweep's SQL says the same (order.repository.ts); the test of the
 * sweep checks both agree.
 */
export function retentionDue(order: { status: string; process_status: string; update_time: string }, cutoffs: RetentionCutoffs): 'id_number' | 'unpaid_contact' | undefined {
  if (order.status === RETENTION_UNPAID_STATUS) {
    return cutoffs.unpaidOrdersContact !== undefined && order.update_time < cutoffs.unpaidOrdersContact ? 'unpaid_contact' : undefined;
  }
  if (isClosedForRetention(order)) {
    return cutoffs.closedOrdersIdNumber !== undefined && order.update_time < cutoffs.closedOrdersIdNumber ? 'id_number' : undefined;
  }
  return undefined;
}
