import { randomBytes, randomInt } from 'node:crypto';

const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

/** The order number shown on the receipt: KB + Shanghai wall-clock to the second + 6 random digits. */
export function newOrderNumber(now: Date): string {
  const stamp = new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
  return `KB${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** The id the visitor's browser holds: unguessable, so orders cannot be enumerated (docs/decisions/004). */
export function newPublicOrderId(): string {
  return randomBytes(15).toString('base64url');
}

/** The first moment of the current calendar year in Shanghai, as an ISO string. */
export function shanghaiYearStart(now: Date): string {
  const year = new Date(now.getTime() + SHANGHAI_OFFSET_MS).getUTCFullYear();
  return new Date(Date.UTC(year, 0, 1) - SHANGHAI_OFFSET_MS).toISOString();
}
