import { errorMessage, isValidMobilePhone, VISITOR_ERRORS, type LookupOrder, type VisitorErrorCode } from '@kuaibao/domain';
import { fetchOrdersByPhone } from '../../api/order-endpoints.ts';
import { RequestError } from '../../api/index.ts';
import { ownOrderKeys, phoneToken } from '../../own-orders.ts';

/**
 * The progress lookup (docs/product/orders-and-statuses.md#progress-query, docs/product/validation.md, docs/product/texts.md), shared by /check, /checkDetail and the
 * desktop query dialog. The rules are the domain's; this fixes which message wins.
 */

/**
 * Before any call: an empty phone (the phone page says 'please enter phone number', the desktop
 * dialog 'please enter the number to query'), then a number that cannot be a mobile number.
 */
export function phoneQueryProblem(phone: string, emptyCode: 'PHONE_EMPTY' | 'QUERY_PHONE_EMPTY'): VisitorErrorCode | null {
  if (!phone) return emptyCode;
  if (!isValidMobilePhone(phone)) return 'PHONE_INVALID';
  return null;
}

export type LookupOutcome =
  /** `verified`: the phone is verified on this device, every order is whole; else only this device's own orders are. */
  | { kind: 'found'; orders: LookupOrder[]; verified: boolean }
  | { kind: 'empty' }
  | { kind: 'failed'; text: string };

/** Server answers that say what the visitor can do about it; every other failure is 'cannot query'. */
const SAID_AS_IS: ReadonlySet<number> = new Set([
  VISITOR_ERRORS.PHONE_EMPTY.code,
  VISITOR_ERRORS.PHONE_INVALID.code,
  VISITOR_ERRORS.RATE_LIMITED.code,
]);

/**
 * Never throws: found (newest first), empty ('no record') or failed with the text to show. The
 * device shows what it holds: its own orders' keys and the phone's token, if it verified it
 * (docs/decisions/049-phone-lookup-masked-until-proven.md).
 */
export async function lookupOrders(phone: string): Promise<LookupOutcome> {
  try {
    const { orders, verified } = await fetchOrdersByPhone(phone, { phoneToken: phoneToken(phone), keys: ownOrderKeys() });
    return Array.isArray(orders) && orders.length > 0 ? { kind: 'found', orders, verified } : { kind: 'empty' };
  } catch (error) {
    if (error instanceof RequestError && error.kind === 'envelope' && error.code !== undefined && SAID_AS_IS.has(error.code)) {
      return { kind: 'failed', text: error.message };
    }
    return { kind: 'failed', text: errorMessage('QUERY_FAILED') };
  }
}
