import type { InvoiceRequest } from '@kuaibao/domain';

/**
 * The invoicing port (docs/decisions/060-invoices.md): who issues an invoice and its red-letter
 * counterpart (红冲). `manual`, the default, issues nothing itself: the clerk issues the invoice in
 * their own tax software and uploads the file in the console, so each call answers `manual` and the
 * console asks for the upload. A platform adapter (诺诺) answers `submitted` with its serial, and
 * the result is fetched later. Expected failures are returned, never thrown.
 */
export type InvoicingProviderId = 'manual';

export interface IssueInvoiceInput {
  /** our id for the request, stable across retries (the platform's order number) */
  requestNo: string;
  buyer: InvoiceRequest;
  amountFen: number;
  /** what was sold: the service's name */
  itemName: string;
}

export type IssueInvoiceResult =
  | { kind: 'manual' }
  | { kind: 'submitted'; serial: string }
  | { kind: 'failed'; retryable: boolean; code: string; message: string };

export type RedLetterResult = { kind: 'manual' } | { kind: 'submitted'; serial: string } | { kind: 'failed'; retryable: boolean; code: string; message: string };

export interface InvoicingProvider {
  readonly id: InvoicingProviderId;
  issue(input: IssueInvoiceInput): Promise<IssueInvoiceResult>;
  redLetter(input: { requestNo: string; serial: string; amountFen: number }): Promise<RedLetterResult>;
}
