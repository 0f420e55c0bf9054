import { createHash, createHmac } from 'node:crypto';
import type { SmsTemplateCodes } from '../../config.ts';
import { SMS_TEMPLATES } from '@kuaibao/domain';
import { SMS_TIMEOUT_MS, transportFailure, type SendSmsInput, type SendSmsResult, type SmsProvider } from './port.ts';

/**
 * Tencent Cloud SMS (API 3.0, version 2021-01-11, action SendSms), signed with TC3-HMAC-SHA256
 * ("Signature v3", cloud.tencent.com):
 *
 *   CanonicalRequest = POST \n / \n (empty query) \n content-type:…\nhost:…\n \n content-type;host \n hex(SHA256(body))
 *   StringToSign     = "TC3-HMAC-SHA256" \n timestamp \n <UTC date>/<service>/tc3_request \n hex(SHA256(CanonicalRequest))
 *   key              = HMAC(HMAC(HMAC("TC3" + SecretKey, date), service), "tc3_request")
 *   Signature        = hex(HMAC-SHA256(key, StringToSign))
 *
 * Template parameters are positional ({1}, {2}, …) in the order SMS_TEMPLATES lists them.
 */

const ALGORITHM = 'TC3-HMAC-SHA256';
const API_VERSION = '2021-01-11';
const CONTENT_TYPE = 'application/json; charset=utf-8';

export interface Tc3SignInput {
  host: string;
  service: string;
  /** Unix seconds */
  timestamp: number;
  body: string;
  secretId: string;
  secretKey: string;
  contentType?: string;
}

const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The Authorization header of a POST with a JSON body. */
export function tc3Authorization(input: Tc3SignInput): string {
  const contentType = input.contentType ?? CONTENT_TYPE;
  const signedHeaders = 'content-type;host';
  const canonicalRequest = ['POST', '/', '', `content-type:${contentType}\nhost:${input.host}\n`, signedHeaders, sha256Hex(input.body)].join('\n');
  // The date is the UTC date of the timestamp (the docs warn that a local date fails at midnight).
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = [ALGORITHM, String(input.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `${ALGORITHM} Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** Tencent's own faults and limits clear with time; parameter and template errors do not. */
function isRetryable(code: string, httpStatus: number): boolean {
  return httpStatus >= 500 || code.startsWith('InternalError') || code.startsWith('RequestLimitExceeded') || code.startsWith('LimitExceeded') || code === 'FailedOperation.InsufficientBalanceInSmsPackage';
}

interface TencentResponse {
  Response?: {
    Error?: { Code?: string; Message?: string };
    SendStatusSet?: Array<{ SerialNo?: string; Code?: string; Message?: string }>;
    RequestId?: string;
  };
}

export function createTencentSmsProvider(deps: {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  region: string;
  endpoint: string;
  signName: string;
  templates: SmsTemplateCodes;
  now?: () => Date;
  fetch?: typeof fetch;
}): SmsProvider {
  const doFetch = deps.fetch ?? fetch;
  const endpoint = new URL(deps.endpoint);
  return {
    id: 'tencent',
    async send(input: SendSmsInput): Promise<SendSmsResult> {
      const templateId = deps.templates[input.template];
      if (!templateId) return { ok: false, retryable: false, code: 'TEMPLATE_NOT_CONFIGURED', message: `no Tencent template id for ${input.template}` };
      const body = JSON.stringify({
        PhoneNumberSet: [`+86${input.phone}`],
        SmsSdkAppId: deps.sdkAppId,
        SignName: deps.signName,
        TemplateId: templateId,
        TemplateParamSet: SMS_TEMPLATES[input.template].params.map((name) => input.params[name] ?? ''),
        SessionContext: input.idempotencyKey,
      });
      const timestamp = Math.floor((deps.now?.() ?? new Date()).getTime() / 1000);
      const authorization = tc3Authorization({ host: endpoint.host, service: 'sms', timestamp, body, secretId: deps.secretId, secretKey: deps.secretKey });
      let response: Response;
      let answer: TencentResponse;
      try {
        response = await doFetch(`${endpoint.origin}/`, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': CONTENT_TYPE,
            'x-tc-action': 'SendSms',
            'x-tc-version': API_VERSION,
            'x-tc-timestamp': String(timestamp),
            'x-tc-region': deps.region,
          },
          body,
          signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
        });
        answer = (await response.json()) as TencentResponse;
      } catch (error) {
        return transportFailure(error);
      }
      const error = answer.Response?.Error;
      if (error) {
        const code = error.Code ?? `HTTP_${response.status}`;
        return { ok: false, retryable: isRetryable(code, response.status), code, message: (error.Message ?? '').slice(0, 300) };
      }
      const status = answer.Response?.SendStatusSet?.[0];
      if (response.ok && status?.Code === 'Ok') return { ok: true, providerMessageId: status.SerialNo ?? answer.Response?.RequestId ?? '' };
      const code = status?.Code ?? `HTTP_${response.status}`;
      return { ok: false, retryable: isRetryable(code, response.status), code, message: (status?.Message ?? '').slice(0, 300) };
    },
  };
}
