/**
 * The email port: the invoice's download link goes to the address the customer gave
 * (docs/decisions/060-invoices.md). `console` (the default) writes each message to the server log,
 * as the SMS port's console provider does; `smtp` sends it through the operator's mail server
 * (docs/decisions/067-smtp-email.md). Expected failures are returned, never thrown: `retryable`
 * tells the outbox whether trying again may help.
 */
export type EmailProviderId = 'console' | 'smtp';

export interface SendEmailInput {
  to: string;
  subject: string;
  /** plain text: no HTML, so nothing a customer typed can become markup */
  text: string;
  /** stable across retries of the same message */
  idempotencyKey: string;
}

export type SendEmailResult = { ok: true; providerMessageId: string } | { ok: false; retryable: boolean; code: string; message: string };

export interface EmailProvider {
  readonly id: EmailProviderId;
  send(input: SendEmailInput): Promise<SendEmailResult>;
}
