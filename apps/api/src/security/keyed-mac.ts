import { createHmac, createSecretKey, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * One purpose's message authentication: HMAC-SHA256 under a key derived (HKDF-SHA256) from a
 * server secret and a label, so each use of the secret (order edit keys, OAuth state cookies,
 * staff device cookies) has its own key and none can stand in for another. The secret must be
 * server-only: ID_HASH_KEY, never SIGN_SECRET or RESPONSE_AES_KEY, which the web bundle carries.
 */
export interface KeyedMac {
  /** base64url of the first `bytes` bytes of the MAC of `text` (32 by default). */
  tag(text: string, bytes?: number): string;
  /**
   * Whether `presented` is exactly that tag. Compared as text in constant time: decoding base64url
   * would accept several spellings of one tag.
   */
  verify(text: string, presented: string | undefined, bytes?: number): boolean;
}

export function createKeyedMac(secret: string, label: string): KeyedMac {
  // A key object, imported once (a raw key is imported again by every createHmac).
  const key = createSecretKey(Buffer.from(hkdfSync('sha256', secret, '', label, 32)));
  const tag = (text: string, bytes = 32) => createHmac('sha256', key).update(text, 'utf8').digest().subarray(0, bytes).toString('base64url');
  return {
    tag,
    verify(text, presented, bytes) {
      if (!presented) return false;
      const expected = Buffer.from(tag(text, bytes));
      const given = Buffer.from(presented);
      // The length is public; only equal lengths reach the constant-time comparison.
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
