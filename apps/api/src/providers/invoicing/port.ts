import type { InvoiceRequest } from '@kuaibao/domain';

/**
 * The invoicing port (docs/decisions/060-invoices.md, 064-nuonuo-invoicing.md): who issues an invoice
 * and its red-letter counterpart (红冲). `manual`, the default, issues nothing itself: the clerk issues
 * the invoice in their own tax software and uploads the file in the console, so each call answers
 * `manual` and the console asks for the upload. A platform adapter (诺诺) answers `submitted`, and the
 * result is fetched later by `result` (jobs/invoice-results.ts). Expected failures are returned, never thrown.
 */
export type InvoicingProviderId = 'manual' | 'nuonuo';

export interface IssueInvoiceInput {
  /** our number for the request, stable across retries (the platform's order number, unique there) */
  requestNo: string;
  buyer: InvoiceRequest;
  amountFen: number;
  /** what was sold: the service's name */
  itemName: string;
  /** the clerk who asked for it (the platform prints a 开票人) */
  clerk: string;
}

type Failed = { kind: 'failed'; retryable: boolean; code: string; message: string };

export type IssueInvoiceResult = { kind: 'manual' } | { kind: 'submitted'; serial: string } | Failed;

export interface RedLetterInput {
  /** the blue invoice's request number, and the red one's (the red invoice is issued under it) */
  requestNo: string;
  redRequestNo: string;
  /** the blue invoice's number (数电票号码) and type */
  invoiceNumber: string;
  buyer: InvoiceRequest;
  amountFen: number;
}

export type RedLetterResult = { kind: 'manual' } | { kind: 'submitted'; serial: string } | Failed;

/** What became of a request (blue or red) by its request number. */
export type InvoiceResult =
  | { kind: 'manual' }
  | { kind: 'pending' }
  /** the platform does not know the number: the submission never arrived */
  | { kind: 'unknown' }
  | { kind: 'issued'; serial: string; invoiceNumber: string; pdfUrl: string }
  | Failed;

export type DownloadResult = { kind: 'ok'; body: Buffer } | Failed;

export interface InvoicingProvider {
  readonly id: InvoicingProviderId;
  issue(input: IssueInvoiceInput): Promise<IssueInvoiceResult>;
  result(input: { requestNo: string }): Promise<InvoiceResult>;
  redLetter(input: RedLetterInput): Promise<RedLetterResult>;
  /** The issued file from the platform's link (its size bounded). */
  download(url: string): Promise<DownloadResult>;
}
