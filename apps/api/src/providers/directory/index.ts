import { ConfigError, type DirectoryConfig } from '../../config.ts';
import type { DirectoryVendor } from './port.ts';
import { createQichachaVendor } from './qichacha.provider.ts';
import { createQichachaWire } from './qichacha.wire.ts';

export type { AnnualReportSummary, DirectoryVendor, VendorAnswer, VendorCompanies, VendorCompany, VendorRefusal } from './port.ts';

/**
 * The configured company-data vendor; undefined for the local directory, which asks no one.
 * config.ts has already refused unknown names and missing keys; a Config built by hand is refused here.
 */
export function buildDirectoryVendor(config: DirectoryConfig, now: () => Date): DirectoryVendor | undefined {
  switch (config.provider) {
    case 'qichacha': {
      const q = config.qichacha;
      if (!q) throw new ConfigError('Invalid configuration:\n  QICHACHA_*: missing');
      return createQichachaVendor(createQichachaWire({ key: q.key, secretKey: q.secretKey, baseUrl: q.baseUrl, timeoutMs: q.timeoutMs }, now));
    }
    case 'local':
      return undefined;
    default:
      throw new ConfigError(`Invalid configuration:\n  DIRECTORY_PROVIDER: unknown provider ${String((config as { provider: unknown }).provider)}; known: local, qichacha`);
  }
}
