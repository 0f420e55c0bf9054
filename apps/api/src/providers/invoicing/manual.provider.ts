import type { InvoicingProvider } from './port.ts';

/** The clerk issues in their own tax software and uploads the file: nothing leaves the machine. */
export function createManualInvoicingProvider(): InvoicingProvider {
  return {
    id: 'manual',
    async issue() {
      return { kind: 'manual' };
    },
    async result() {
      return { kind: 'manual' };
    },
    async redLetter() {
      return { kind: 'manual' };
    },
    async download() {
      return { kind: 'failed', retryable: false, code: 'MANUAL', message: '手工开票没有平台文件' };
    },
  };
}
