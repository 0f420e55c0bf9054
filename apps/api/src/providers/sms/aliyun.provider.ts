import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { SmsTemplateCodes } from '../../config.ts';
import { SMS_TIMEOUT_MS, transportFailure, type SendSmsInput, type SendSmsResult, type SmsProvider } from './port.ts';

/**
 * Aliyun SMS (dysmsapi, API version 2017-05-25, action SendSms), signed with Alibaba Cloud's V3
 * request signature ACS3-HMAC-SHA256 ("V3版本请求体&签名机制", help.aliyun.com):
 *
 *   CanonicalRequest = METHOD \n URI \n CanonicalQuery \n CanonicalHeaders \n SignedHeaders \n hex(SHA256(body))
 *   StringToSign     = "ACS3-HMAC-SHA256" \n hex(SHA256(CanonicalRequest))
 *   Signature        = hex(HMAC-SHA256(AccessKeySecret, StringToSign))
 *
 * The RPC parameters travel in the query string of a POST with an empty body. Query keys and
 * values are RFC 3986 encoded (space %20, `*` %2A, `~` kept) and sorted by key; canonical headers
 * are `host` and every `x-acs-*` header, lower-case, sorted.
 */

const ALGORITHM = 'ACS3-HMAC-SHA256';
const API_VERSION = '2017-05-25';
const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

/** RFC 3986 percent-encoding as Alibaba Cloud canonicalises it. */
export function acsPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function acsCanonicalQuery(query: Readonly<Record<string, string>>): string {
  return Object.keys(query)
    .sort()
    .map((key) => `${acsPercentEncode(key)}=${acsPercentEncode(query[key] ?? '')}`)
    .join('&');
}

export interface Acs3SignInput {
  method: string;
  host: string;
  path?: string;
  query: Readonly<Record<string, string>>;
  action: string;
  version: string;
  /** yyyy-MM-ddTHH:mm:ssZ (UTC) */
  date: string;
  nonce: string;
  body?: string;
  accessKeyId: string;
  accessKeySecret: string;
}

/** The headers to send (Authorization included) for a V3-signed request. */
export function acs3SignedHeaders(input: Acs3SignInput): Record<string, string> {
  const payloadHash = input.body ? createHash('sha256').update(input.body, 'utf8').digest('hex') : EMPTY_SHA256;
  const headers: Record<string, string> = {
    host: input.host,
    'x-acs-action': input.action,
    'x-acs-content-sha256': payloadHash,
    'x-acs-date': input.date,
    'x-acs-signature-nonce': input.nonce,
    'x-acs-version': input.version,
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((name) => `${name}:${(headers[name] ?? '').trim()}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [input.method.toUpperCase(), input.path ?? '/', acsCanonicalQuery(input.query), canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const stringToSign = `${ALGORITHM}\n${createHash('sha256').update(canonicalRequest, 'utf8').digest('hex')}`;
  const signature = createHmac('sha256', input.accessKeySecret).update(stringToSign, 'utf8').digest('hex');
  return { ...headers, authorization: `${ALGORITHM} Credential=${input.accessKeyId},SignedHeaders=${signedHeaders},Signature=${signature}` };
}

/** Codes worth retrying later: Aliyun's own faults and throttling. Anything else will fail again. */
function isRetryable(code: string, httpStatus: number): boolean {
  return httpStatus >= 500 || code.startsWith('isp.') || code === 'isv.BUSINESS_LIMIT_CONTROL' || code === 'Throttling' || code.startsWith('Throttling.') || code === 'ServiceUnavailable';
}

export function createAliyunSmsProvider(deps: {
  accessKeyId: string;
  accessKeySecret: string;
  endpoint: string;
  signName: string;
  templates: SmsTemplateCodes;
  now?: () => Date;
  fetch?: typeof fetch;
}): SmsProvider {
  const doFetch = deps.fetch ?? fetch;
  const endpoint = new URL(deps.endpoint);
  return {
    id: 'aliyun',
    async send(input: SendSmsInput): Promise<SendSmsResult> {
      const templateCode = deps.templates[input.template];
      if (!templateCode) return { ok: false, retryable: false, code: 'TEMPLATE_NOT_CONFIGURED', message: `no Aliyun template code for ${input.template}` };
      const query = {
        PhoneNumbers: input.phone,
        SignName: deps.signName,
        TemplateCode: templateCode,
        TemplateParam: JSON.stringify(input.params),
        OutId: input.idempotencyKey,
      };
      const date = (deps.now?.() ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const headers = acs3SignedHeaders({
        method: 'POST',
        host: endpoint.host,
        path: '/',
        query,
        action: 'SendSms',
        version: API_VERSION,
        date,
        nonce: randomBytes(16).toString('hex'),
        accessKeyId: deps.accessKeyId,
        accessKeySecret: deps.accessKeySecret,
      });
      const { host: _host, ...sendHeaders } = headers;
      let response: Response;
      let body: { Code?: string; Message?: string; BizId?: string; RequestId?: string };
      try {
        response = await doFetch(`${endpoint.origin}/?${acsCanonicalQuery(query)}`, { method: 'POST', headers: sendHeaders, signal: AbortSignal.timeout(SMS_TIMEOUT_MS) });
        body = (await response.json()) as typeof body;
      } catch (error) {
        return transportFailure(error);
      }
      if (response.ok && body.Code === 'OK') return { ok: true, providerMessageId: body.BizId ?? body.RequestId ?? '' };
      const code = body.Code ?? `HTTP_${response.status}`;
      return { ok: false, retryable: isRetryable(code, response.status), code, message: (body.Message ?? '').slice(0, 300) };
    },
  };
}
