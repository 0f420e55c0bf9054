import type { MaskedOrderDetail, OrderRecord } from './contracts/order.ts';
import { formatShanghaiDateTime } from './date-time.ts';

/**
 * The phone lookup's two views (docs/decisions/049-phone-lookup-masked-until-proven.md). A phone
 * number is no secret, so what it alone opens must not tell a stranger who owns it: service,
 * status, the company with the middle of its name masked, and the date. The full order (legal
 * representative, order number, amount, receipt) is shown to the device that placed the order
 * (it holds the order's key, decision 012) or after an SMS code to that phone (the deletion
 * request's code rules, decision 037), which the device then remembers for 30 days.
 */

/** How long a verified phone is remembered on the device that typed the code. */
export const LOOKUP_PHONE_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
/** Order keys one lookup may present: the device's own recent orders. */
export const LOOKUP_MAX_ORDER_KEYS = 10;

/**
 * A company name with its middle masked: enough for the owner to recognise their company, not
 * enough for a stranger to learn it. At least a third of the characters (and at least one) are
 * hidden; the start (the region or the first character) and the end (the form, 有限公司) stay.
 * At most six stars stand for them, so the mask does not tell the name's length either.
 */
export function maskCompanyName(name: string): string {
  const chars = Array.from(name.trim());
  const n = chars.length;
  if (n === 0) return '';
  if (n <= 2) return `${chars[0]}*`;
  const [head, tail] = n <= 6 ? [1, 1] : n <= 9 ? [2, 2] : [2, Math.min(4, n - 2 - Math.ceil(n / 3))];
  return `${chars.slice(0, head).join('')}${'*'.repeat(Math.min(6, n - head - tail))}${chars.slice(n - tail).join('')}`;
}

/** The date an order was placed, as the masked view shows it (no time of day): 'YYYY-MM-DD', Asia/Shanghai. */
export function lookupDate(value: string | null | undefined): string {
  return formatShanghaiDateTime(value).slice(0, 10);
}

/** Whether an order detail answer is the whole order, not the masked view. */
export function isWholeOrder(order: OrderRecord | MaskedOrderDetail): order is OrderRecord {
  return !('access' in order);
}
