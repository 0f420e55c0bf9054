import { md5Hex } from './md5.ts';

/**
 * Request signature (docs/product/api.md): MD5 over the sorted `key=value` query pairs, then the
 * raw JSON body for POST and PUT, then the MD5 of the shared secret.
 *
 * The secret ships inside the web app, so this is tamper and scraping friction, not
 * authentication (docs/decisions/003-request-signature.md). The server adds a
 * timestamp window and a nonce replay cache on top.
 */
export const SIGNATURE_PARAMS = { timestamp: 'timestamp', nonce: 'nonce', signature: 'signature' } as const;

/** Seconds a signed request stays acceptable either side of the server clock. */
export const SIGNATURE_WINDOW_SECONDS = 300;

export type QueryValues = Readonly<Record<string, string | number | boolean | undefined | null>>;

export { md5Hex };

/**
 * The exact string that is hashed. Values are the decoded query values (not URL-encoded);
 * keys sort by UTF-16 code unit; `signature` itself and empty values are left out so the
 * client and the server agree whatever the URL encoder did with them.
 */
export function canonicalRequestString(input: { query: QueryValues; body?: string | undefined; secret: string }): string {
  const pairs = Object.keys(input.query)
    .filter((key) => key !== SIGNATURE_PARAMS.signature)
    .filter((key) => {
      const value = input.query[key];
      return value !== undefined && value !== null && value !== '';
    })
    .sort()
    .map((key) => `${key}=${String(input.query[key])}`);
  let canonical = pairs.join('&');
  if (input.body) canonical += `&body=${input.body}`;
  return `${canonical}&secret=${secretDigest(input.secret)}`;
}

// The server checks every request with the same secret: its digest is computed once, not per call
// (this JavaScript MD5 ran twice per request; docs/decisions/029).
let lastSecret: string | undefined;
let lastSecretDigest = '';
function secretDigest(secret: string): string {
  if (secret !== lastSecret) {
    lastSecretDigest = md5Hex(secret);
    lastSecret = secret;
  }
  return lastSecretDigest;
}

export function signRequest(input: { query: QueryValues; body?: string | undefined; secret: string }): string {
  return md5Hex(canonicalRequestString(input));
}

/** Constant-time comparison of two lowercase hex strings. */
export function signaturesEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
