/**
 * Opt-in alerts for new paid orders and orders about to break the 24-hour promise
 * (docs/decisions/044-first-call-and-sla.md). Off by default, remembered per browser; the orders
 * already seen are remembered too, so a poll, a reload or a second look never alerts twice.
 */

export type AlertKind = 'paid' | 'near';

export interface AlertOrder {
  id: number;
  entity_name: string;
}

const ENABLED_KEY = 'kb.console.alerts';
const seenKey = (kind: AlertKind) => `kb.console.alerts.seen.${kind}`;
/** Enough to cover every order a view shows (50) many times over; the oldest are forgotten first. */
export const SEEN_LIMIT = 500;

/** Storage that may be missing or refuse (a private window, a full quota): alerts then live for the page only. */
function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function alertsEnabled(): boolean {
  return storage()?.getItem(ENABLED_KEY) === '1';
}

/** Turning alerts on starts from what is there now: the orders already waiting are not news. */
export function setAlertsEnabled(enabled: boolean): void {
  const store = storage();
  store?.setItem(ENABLED_KEY, enabled ? '1' : '0');
  for (const kind of ['paid', 'near'] as const) store?.removeItem(seenKey(kind));
}

export function loadSeen(kind: AlertKind): number[] | null {
  const raw = storage()?.getItem(seenKey(kind));
  if (!raw) return null;
  try {
    const ids = JSON.parse(raw) as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : null;
  } catch {
    return null;
  }
}

export function saveSeen(kind: AlertKind, ids: readonly number[]): void {
  try {
    storage()?.setItem(seenKey(kind), JSON.stringify(ids));
  } catch {
    // A full quota: the next poll compares against the last saved set, at worst alerting again.
  }
}

/**
 * What to alert about in the orders a view shows now, given the ids seen before: those not seen.
 * With nothing seen yet (alerts just turned on) nothing is new; everything shown becomes seen.
 * The seen ids are those shown now first, then the older ones, at most SEEN_LIMIT.
 */
export function freshOrders<T extends AlertOrder>(seen: readonly number[] | null, shown: readonly T[]): { fresh: T[]; seen: number[] } {
  const shownIds = shown.map((order) => order.id);
  if (seen === null) return { fresh: [], seen: shownIds.slice(0, SEEN_LIMIT) };
  const before = new Set(seen);
  const fresh = shown.filter((order) => !before.has(order.id));
  const now = new Set(shownIds);
  return { fresh, seen: [...shownIds, ...seen.filter((id) => !now.has(id))].slice(0, SEEN_LIMIT) };
}

/** One notification per kind and poll: its title, and the companies in its body. */
export function alertText(kind: AlertKind, orders: readonly AlertOrder[]): { title: string; body: string } {
  const names = orders.slice(0, 3).map((order) => order.entity_name).join('、') + (orders.length > 3 ? ` 等 ${orders.length} 单` : '');
  if (kind === 'paid') return { title: orders.length === 1 ? '新付款订单' : `${orders.length} 个新付款订单`, body: names };
  return { title: orders.length === 1 ? '订单即将超过24小时未联系' : `${orders.length} 单即将超过24小时未联系`, body: names };
}
