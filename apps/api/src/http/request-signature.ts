import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError, SIGNATURE_WINDOW_SECONDS, canonicalRequestString, signaturesEqual, type QueryValues } from '@kuaibao/domain';
import type { NonceStore } from './nonce-store.ts';

export function verifyRequestSignature(
  request: FastifyRequest,
  options: { secret: string; nonces: NonceStore; nowSeconds: number },
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
  // The domain's canonical string (the rule, shared with the clients), hashed by node:crypto: the
  // domain's MD5 is plain JavaScript and was the signature check's largest cost (decision 029).
  const canonical = canonicalRequestString({ query: values as QueryValues, body: hasBody ? request.rawBody : undefined, secret: options.secret });
  const expected = createHash('md5').update(canonical, 'utf8').digest('hex');
  if (!signaturesEqual(expected, signature)) throw new AppError('SIGNATURE_INVALID');
  // Only a verified request may spend a nonce; otherwise anyone could burn other people's nonces.
  // The cache is this process's own (decision 051): no write anywhere, nothing to wait for.
  if (!options.nonces.remember(nonce, options.nowSeconds, Number(timestamp))) throw new AppError('REQUEST_REPLAYED');
}
