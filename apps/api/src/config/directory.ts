import { settingsNeededBy } from './errors.ts';
import type { Env } from './env-schema.ts';

/** The company directory's source (docs/decisions/020-company-directory-vendor.md). */
export interface DirectoryConfig {
  provider: 'local' | 'qichacha';
  qichacha:
    | {
        key: string;
        secretKey: string;
        baseUrl: string;
        /** vendor calls a day (Asia/Shanghai), every status counted: each call costs money */
        dailyBudget: number;
        timeoutMs: number;
        /** how long a vendor answer, "no result" included, is reused for the same normalised keyword */
        cacheHours: number;
      }
    | undefined;
}

/** Directory settings; a chosen vendor's missing keys go into `missing` (the caller throws naming them all). */
export function directorySettings(e: Env, missing: string[]): DirectoryConfig {
  const need = settingsNeededBy(e, missing);
  const qichacha =
    e.DIRECTORY_PROVIDER === 'qichacha'
      ? {
          key: need('QICHACHA_KEY', 'DIRECTORY_PROVIDER=qichacha'),
          secretKey: need('QICHACHA_SECRET_KEY', 'DIRECTORY_PROVIDER=qichacha'),
          baseUrl: e.QICHACHA_BASE_URL.replace(/\/$/, ''),
          dailyBudget: e.QICHACHA_DAILY_BUDGET,
          timeoutMs: e.QICHACHA_TIMEOUT_MS,
          cacheHours: e.QICHACHA_CACHE_HOURS,
        }
      : undefined;
  return { provider: e.DIRECTORY_PROVIDER, qichacha };
}
