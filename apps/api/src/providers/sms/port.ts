import type { SmsTemplateId } from '@kuaibao/domain';

/**
 * The SMS port. The console implementation (the default) writes messages to the log; Aliyun and
 * Tencent Cloud send them through templates registered with the provider under the operator's
 * own signature. Expected failures are returned, never thrown: `retryable` tells the outbox
 * whether trying again later can help (throttling, provider outage) or not (a bad number, a
 * template the provider does not know).
 */
export type SmsProviderId = 'console' | 'aliyun' | 'tencent';

export interface SendSmsInput {
  /** 11-digit mainland mobile number */
  phone: string;
  template: SmsTemplateId;
  /** values for the template's parameters (SMS_TEMPLATES[template].params) */
  params: Readonly<Record<string, string>>;
  /** the rendered text, as the recipient will read it (without the signature) */
  text: string;
  /** stable across retries of the same notice; providers that echo a caller id get it */
  idempotencyKey: string;
}

export type SendSmsResult =
  | { ok: true; providerMessageId: string }
  | { ok: false; retryable: boolean; code: string; message: string };

export interface SmsProvider {
  readonly id: SmsProviderId;
  send(input: SendSmsInput): Promise<SendSmsResult>;
}

/** Outside calls give up after this long; the outbox retries later. */
export const SMS_TIMEOUT_MS = 10_000;

/** A transport failure (timeout, refused connection, unreadable answer) as a retryable result. */
export function transportFailure(error: unknown): SendSmsResult {
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, retryable: true, code: 'TRANSPORT', message: message.slice(0, 300) };
}
