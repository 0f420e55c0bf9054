import { settingsNeededBy } from './errors.ts';
import type { Env } from './env-schema.ts';

/** template id (payment_succeeded, order_completed, refund_succeeded, deletion_code, customer_request, lookup_code, invoice_issued, season_reminder) → the provider's template code */
export type SmsTemplateCodes = Readonly<Record<string, string>>;

export interface SmsConfig {
  provider: 'console' | 'aliyun' | 'tencent';
  /** 【签名】: the registered signature, the operator's own name (docs/product/trust-and-personal-data.md#sms-rules) */
  signName: string;
  /** how often the SMS outbox is worked; 0 turns the worker off */
  outboxIntervalMs: number;
  aliyun: { accessKeyId: string; accessKeySecret: string; endpoint: string; templates: SmsTemplateCodes } | undefined;
  tencent: { secretId: string; secretKey: string; sdkAppId: string; region: string; endpoint: string; templates: SmsTemplateCodes } | undefined;
}

const SMS_TEMPLATE_NAMES = ['payment_succeeded', 'order_completed', 'refund_succeeded', 'deletion_code', 'customer_request', 'lookup_code', 'invoice_issued', 'season_reminder'];

function smsTemplateCodes(name: string, value: string | undefined, missing: string[]): SmsTemplateCodes {
  const codes: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    const [id, code] = pair.split('=').map((part) => part.trim());
    if (id && code) codes[id] = code;
  }
  const absent = SMS_TEMPLATE_NAMES.filter((id) => !codes[id]);
  if (absent.length > 0) missing.push(`  ${name}: must map every template, e.g. payment_succeeded=SMS_1,order_completed=SMS_2,refund_succeeded=SMS_3,deletion_code=SMS_4,customer_request=SMS_5,lookup_code=SMS_6,invoice_issued=SMS_7,season_reminder=SMS_8 (missing ${absent.join(', ')})`);
  return codes;
}

/** SMS settings; a chosen provider's missing keys go into `missing` (the caller throws naming them all). */
export function smsSettings(e: Env, missing: string[]): SmsConfig {
  const need = settingsNeededBy(e, missing);
  const aliyun =
    e.SMS_PROVIDER === 'aliyun'
      ? {
          accessKeyId: need('SMS_ALIYUN_ACCESS_KEY_ID', 'SMS_PROVIDER=aliyun'),
          accessKeySecret: need('SMS_ALIYUN_ACCESS_KEY_SECRET', 'SMS_PROVIDER=aliyun'),
          endpoint: e.SMS_ALIYUN_ENDPOINT.replace(/\/$/, ''),
          templates: smsTemplateCodes('SMS_ALIYUN_TEMPLATES', e.SMS_ALIYUN_TEMPLATES, missing),
        }
      : undefined;
  const tencent =
    e.SMS_PROVIDER === 'tencent'
      ? {
          secretId: need('SMS_TENCENT_SECRET_ID', 'SMS_PROVIDER=tencent'),
          secretKey: need('SMS_TENCENT_SECRET_KEY', 'SMS_PROVIDER=tencent'),
          sdkAppId: need('SMS_TENCENT_SDK_APP_ID', 'SMS_PROVIDER=tencent'),
          region: e.SMS_TENCENT_REGION,
          endpoint: e.SMS_TENCENT_ENDPOINT.replace(/\/$/, ''),
          templates: smsTemplateCodes('SMS_TENCENT_TEMPLATES', e.SMS_TENCENT_TEMPLATES, missing),
        }
      : undefined;
  return { provider: e.SMS_PROVIDER, signName: e.SMS_SIGN_NAME, outboxIntervalMs: e.SMS_OUTBOX_INTERVAL_MS, aliyun, tencent };
}
