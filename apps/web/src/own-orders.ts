import { LOOKUP_MAX_ORDER_KEYS } from '@kuaibao/domain';
import { readString, writeString } from './storage.ts';

/**
 * What this device remembers to be shown its orders whole (docs/decisions/049-phone-lookup-masked-until-proven.md):
 * the orders it paid for (id, the key from their creation, the phone they were placed with) and the
 * phones it verified by SMS code (the server's signed token, 30 days). The server decides with
 * them; nothing here is trusted by it. Not in storage.ts: the home route never needs it.
 */
export interface OwnOrder {
  id: string;
  key: string;
  phone: string;
}

interface PhoneToken {
  phone: string;
  token: string;
  expires_at: string;
}

function readList<T>(key: 'ownOrders' | 'phoneTokens', check: (item: Record<string, unknown>) => boolean): T[] {
  try {
    const value = JSON.parse(readString(key) ?? '[]') as unknown;
    return Array.isArray(value) ? (value.filter((item) => typeof item === 'object' && item !== null && check(item as Record<string, unknown>)) as T[]) : [];
  } catch {
    return [];
  }
}

const strings = (item: Record<string, unknown>, names: string[]) => names.every((name) => typeof item[name] === 'string' && item[name] !== '');

export const readOwnOrders = () => readList<OwnOrder>('ownOrders', (item) => strings(item, ['id', 'key', 'phone']));

/** A paid order of this device, newest first; the oldest are forgotten past the lookup's limit. */
export function rememberOwnOrder(order: OwnOrder): void {
  const rest = readOwnOrders().filter((known) => known.id !== order.id);
  writeString('ownOrders', JSON.stringify([order, ...rest].slice(0, LOOKUP_MAX_ORDER_KEYS)));
}

/** The key of one of this device's orders, if it is one. */
export const ownOrderKey = (id: string) => readOwnOrders().find((order) => order.id === id)?.key ?? null;

/** The phone this device last ordered with: /check starts with it. */
export const latestOwnPhone = () => readOwnOrders()[0]?.phone ?? null;

/** This device's orders as the lookup presents them: `<id>.<key>,…`. */
export const ownOrderKeys = () =>
  readOwnOrders()
    .map((order) => `${order.id}.${order.key}`)
    .join(',');

const readPhoneTokens = (now: number) =>
  readList<PhoneToken>('phoneTokens', (item) => strings(item, ['phone', 'token', 'expires_at']) && Date.parse(item.expires_at as string) > now);

/** The token of a phone verified on this device, while it lasts. */
export const phoneToken = (phone: string, now = Date.now()) => readPhoneTokens(now).find((entry) => entry.phone === phone)?.token ?? null;

export function rememberPhoneToken(phone: string, token: string, expiresAt: string, now = Date.now()): void {
  const rest = readPhoneTokens(now).filter((entry) => entry.phone !== phone);
  writeString('phoneTokens', JSON.stringify([{ phone, token, expires_at: expiresAt }, ...rest].slice(0, 5)));
}

/** The phones verified on this device, newest first, while their tokens last (the home's reorder offer asks with them). */
export const verifiedPhones = (now = Date.now()) => readPhoneTokens(now).map(({ phone, token }) => ({ phone, token }));
