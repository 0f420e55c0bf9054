import type { InvoiceService, PlatformRound } from '../modules/invoice/index.ts';
import { createPeriodicJob, type PeriodicJob } from './periodic-job.ts';
import type { OutboxLogger } from './sms-outbox.ts';

/**
 * Asks the invoicing platform (诺诺) what became of the invoices being issued and the red letters
 * asked for (docs/decisions/064-nuonuo-invoicing.md): an issued one is stored, marked issued and
 * announced by SMS and email as the clerk's upload is (one code path, invoice.service.ts); a refused
 * one is marked failed with the platform's words. `intervalMs` 0 (tests, `manual`) never starts.
 */
export type InvoiceResultsJob = PeriodicJob<PlatformRound>;

export function createInvoiceResultsJob(deps: { invoices: InvoiceService; log: OutboxLogger; intervalMs: number }): InvoiceResultsJob {
  return createPeriodicJob({
    intervalMs: deps.intervalMs,
    round: async () => {
      try {
        const round = await deps.invoices.pollPlatform();
        if (round.issued + round.failed + round.redIssued + round.resubmitted > 0) deps.log.info({ ...round }, 'invoice results');
        return round;
      } catch (error) {
        deps.log.error({ err: error }, 'invoice results round failed');
        throw error;
      }
    },
  });
}
