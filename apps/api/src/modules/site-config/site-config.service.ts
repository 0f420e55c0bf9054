import type { Kysely } from 'kysely';
import { SiteConfigSchema, type SiteConfig } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';

export interface SiteConfigService {
  getSiteConfig(corpId?: number): Promise<SiteConfig>;
}

/** Site config lives as JSON values per corp; corp 0 is the default every corp falls back to. */
export function createSiteConfigService(deps: { db: Kysely<Database> }): SiteConfigService {
  return {
    async getSiteConfig(corpId = 0) {
      const rows = await deps.db.selectFrom('site_config').select(['corp_id', 'key', 'value']).where('corp_id', 'in', [0, corpId]).execute();
      const values: Record<string, unknown> = {};
      // Corp-specific rows override the defaults of corp 0.
      for (const row of rows.sort((a, b) => a.corp_id - b.corp_id)) values[row.key] = JSON.parse(row.value);
      return SiteConfigSchema.parse(values);
    },
  };
}
