import { directoryVendorStatusText, summarizeVendorLedger, type ConsoleDirectorySource } from '@kuaibao/domain';
import type { CompanyDirectory } from '../company/index.ts';
import { assertCan, type Actor } from '../staff/index.ts';

/** How many days of the vendor's ledger the console shows. */
export const LEDGER_DAYS = 30;

export interface DirectorySourceService {
  summary(actor: Actor): Promise<ConsoleDirectorySource>;
}

/**
 * The company directory's source as staff see it (docs/decisions/020-company-directory-vendor.md):
 * which one answers, whether the vendor is paused and why, and what it has cost per day.
 */
export function createDirectorySourceService(deps: { directory: CompanyDirectory }): DirectorySourceService {
  const { directory } = deps;
  return {
    async summary(actor) {
      assertCan(actor, 'config.view');
      const usage = await directory.vendorUsage(LEDGER_DAYS);
      const state = directory.vendorState();
      if (!usage || !state) return { provider: directory.id, vendor: null };
      return {
        provider: directory.id,
        vendor: {
          today: usage.today,
          daily_budget: usage.dailyBudget,
          calls_today: usage.callsToday,
          paused_until: state.pausedUntil,
          pause_reason: state.pauseReason,
          pause_text: state.pauseReason === null ? '' : directoryVendorStatusText(state.pauseReason),
          cached_keywords: usage.cachedKeywords,
          days: summarizeVendorLedger(usage.ledger),
        },
      };
    },
  };
}
