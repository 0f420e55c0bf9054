import type { InvoicingConfig } from '../../config.ts';
import { createManualInvoicingProvider } from './manual.provider.ts';
import { createNuonuoInvoicingProvider } from './nuonuo.ts';
import type { InvoicingProvider } from './port.ts';

export type { InvoiceResult, InvoicingProvider, IssueInvoiceInput, IssueInvoiceResult, RedLetterResult } from './port.ts';

/** The configured invoicing provider (config.ts has already refused unknown names and missing settings). */
export function buildInvoicingProvider(config: InvoicingConfig, now?: () => Date): InvoicingProvider {
  switch (config.provider) {
    case 'manual':
      return createManualInvoicingProvider();
    case 'nuonuo':
      return createNuonuoInvoicingProvider(config.nuonuo!, { taxCode: config.taxCode, taxRate: config.taxRate, ...(now ? { now } : {}) });
  }
}
