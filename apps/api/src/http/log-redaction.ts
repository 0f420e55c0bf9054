import type { FastifyRequest } from 'fastify';
import { maskPhone } from '@kuaibao/domain';

/**
 * What request logs may say (docs/security.md). Full URLs carried personal data and keys: phone
 * lookups put the whole phone number in the log, and order ids, upload names, payment order
 * numbers and OAuth codes grant access to whoever reads them. The log keeps a masked phone and
 * the shape of the request, never the secret part.
 */

/** Query parameters whose value grants access or identifies a person; logged as "***". */
const SECRET_QUERY_KEYS = new Set(['id', 'code', 'state', 'mpcode', 'edit_key', 'key', 'keys', 'token', 'phone_token', 'signature', 'nonce', 'openid', 'idno', 'entity_idno']);

/** Path segments after these prefixes are access keys (upload names, payment order numbers). */
const SECRET_PATH_PREFIXES = ['/uploads/', '/sandbox/cashier/'];

/** Headers never logged. */
export const REDACTED_LOG_PATHS = ['req.headers["x-token"]', 'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/** Any run of 11 digits starting with 1 (a mainland mobile number) anywhere in a string. */
const PHONE_IN_TEXT = /(?<!\d)1\d{10}(?!\d)/g;
/** An 18-character ID number anywhere in a string. */
const ID_IN_TEXT = /(?<![0-9A-Za-z])\d{17}[\dXx](?![0-9A-Za-z])/g;

function maskText(text: string): string {
  return text.replace(ID_IN_TEXT, (id) => `${id.slice(0, 3)}***********${id.slice(-4)}`).replace(PHONE_IN_TEXT, (phone) => maskPhone(phone));
}

/** The request URL as the log may keep it. */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  let path = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const query = queryAt === -1 ? '' : withoutHash.slice(queryAt + 1);
  for (const prefix of SECRET_PATH_PREFIXES) {
    const at = path.indexOf(prefix);
    if (at !== -1) {
      const rest = path.slice(at + prefix.length);
      const slash = rest.indexOf('/');
      path = `${path.slice(0, at + prefix.length)}***${slash === -1 ? '' : rest.slice(slash)}`;
    }
  }
  path = maskText(path);
  if (!query) return path;
  const parts = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    let key: string;
    try {
      key = decodeURIComponent(rawKey).toLowerCase();
    } catch {
      key = rawKey.toLowerCase();
    }
    if (eq === -1) return maskText(pair);
    const value = pair.slice(eq + 1);
    if (SECRET_QUERY_KEYS.has(key)) return `${rawKey}=***`;
    let decoded: string;
    try {
      decoded = decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      decoded = value;
    }
    return `${maskText(rawKey)}=${encodeURIComponent(maskText(decoded)).replace(/%2A/g, '*')}`;
  });
  return `${path}?${parts.join('&')}`;
}

/** Pino serializer for `req`: method, redacted URL, client address (the trusted one), no headers. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
}
