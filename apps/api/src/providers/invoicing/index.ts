import type { InvoicingConfig } from '../../config.ts';
import { createManualInvoicingProvider } from './manual.provider.ts';
import type { InvoicingProvider } from './port.ts';

export type { InvoicingProvider, IssueInvoiceInput, IssueInvoiceResult, RedLetterResult } from './port.ts';

/** The configured invoicing provider (config.ts has already refused unknown names). */
export function buildInvoicingProvider(config: InvoicingConfig): InvoicingProvider {
  switch (config.provider) {
    case 'manual':
      return createManualInvoicingProvider();
  }
}
