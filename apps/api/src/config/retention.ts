import type { RetentionPeriods } from '@kuaibao/domain';
import type { Env } from './env-schema.ts';

export interface RetentionConfig {
  /** days per kind of personal data; 0 turns that purge off */
  periods: RetentionPeriods;
  /** how often the sweep runs in this instance; 0: only `npm run retention:sweep` runs it */
  sweepIntervalMs: number;
}

export function retentionSettings(e: Env): RetentionConfig {
  return {
    periods: { idNumberDays: e.RETENTION_ID_NUMBER_DAYS, unpaidDays: e.RETENTION_UNPAID_DAYS, eventsDays: e.RETENTION_EVENTS_DAYS },
    sweepIntervalMs: e.RETENTION_SWEEP_INTERVAL_MS,
  };
}
