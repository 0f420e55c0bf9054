/**
 * A fresh key for one user action that adds a row (a call record, a note): sent with every request
 * of that action, so a double click is stored once (the server's unique index per order). 128
 * random bits in hex; getRandomValues, since randomUUID exists only on HTTPS pages.
 */
export function newClientKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
