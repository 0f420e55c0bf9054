import type { FastifyRequest } from 'fastify';
import { AppError, SIGNATURE_WINDOW_SECONDS, signRequest, signaturesEqual, type QueryValues } from '@kuaibao/domain';

/**
 * Remembers nonces for the signature window so a captured request cannot be replayed.
 * In-process for the embedded default; a shared store replaces it when several API
 * instances run (architecture §9).
 */
export class NonceCache {
  private readonly seen = new Map<string, number>();
  private readonly maxEntries: number;
  constructor(maxEntries = 200_000) {
    this.maxEntries = maxEntries;
  }
  /** Returns false when the nonce was already used inside the window. */
  remember(nonce: string, nowSeconds: number): boolean {
    const expiry = this.seen.get(nonce);
    if (expiry !== undefined && expiry > nowSeconds) return false;
    if (this.seen.size >= this.maxEntries) this.evict(nowSeconds);
    this.seen.set(nonce, nowSeconds + 2 * SIGNATURE_WINDOW_SECONDS);
    return true;
  }
  private evict(nowSeconds: number): void {
    for (const [nonce, expiry] of this.seen) if (expiry <= nowSeconds) this.seen.delete(nonce);
    // Still full of live nonces: drop the oldest half rather than grow without bound.
    if (this.seen.size >= this.maxEntries) {
      let drop = Math.floor(this.maxEntries / 2);
      for (const nonce of this.seen.keys()) {
        if (drop-- <= 0) break;
        this.seen.delete(nonce);
      }
    }
  }
}

export function verifyRequestSignature(
  request: FastifyRequest,
  options: { secret: string; nonces: NonceCache; nowSeconds: number },
): void {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const { timestamp, nonce, signature } = query;
  if (typeof timestamp !== 'string' || typeof nonce !== 'string' || typeof signature !== 'string') {
    throw new AppError('SIGNATURE_MISSING');
  }
  if (!/^\d{1,12}$/.test(timestamp) || nonce.length < 8 || nonce.length > 64 || !/^[0-9a-f]{32}$/.test(signature)) {
    throw new AppError('SIGNATURE_INVALID');
  }
  if (Math.abs(options.nowSeconds - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS) throw new AppError('SIGNATURE_EXPIRED');
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    // Repeated query keys arrive as arrays; the client never sends them, so they cannot verify.
    if (typeof value !== 'string') throw new AppError('SIGNATURE_INVALID');
    values[key] = value;
  }
  const hasBody = request.method === 'POST' || request.method === 'PUT';
  const expected = signRequest({ query: values as QueryValues, body: hasBody ? request.rawBody : undefined, secret: options.secret });
  if (!signaturesEqual(expected, signature)) throw new AppError('SIGNATURE_INVALID');
  // Only a verified request may spend a nonce; otherwise anyone could burn other people's nonces.
  if (!options.nonces.remember(nonce, options.nowSeconds)) throw new AppError('REQUEST_REPLAYED');
}
