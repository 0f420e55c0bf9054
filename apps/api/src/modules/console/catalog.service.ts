import type { Kysely } from 'kysely';
import { setupChecklist, type ConsoleAgreement, type ConsoleGoods, type ConsoleGoodsUpdate, type ConsoleSetupChecklist, type ConsoleSiteConfigEntry } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import { createGoodsAdmin } from '../goods/index.ts';
import { createSiteConfigAdmin, createSiteConfigService } from '../site-config/index.ts';
import { assertCan, type Actor } from '../staff/index.ts';
import type { CatalogChanges } from '../../shared-state/catalog-changes.ts';

/**
 * Goods and site texts, behind the console's permissions. The visitor API keeps both in memory;
 * a change here drops every instance's copy (shared-state/catalog-changes.ts), so it is what the
 * next visitor sees, without a restart.
 */
export interface CatalogService {
  listGoods(actor: Actor): Promise<ConsoleGoods[]>;
  createGoods(actor: Actor, input: ConsoleGoodsUpdate): Promise<ConsoleGoods>;
  updateGoods(actor: Actor, id: number, input: ConsoleGoodsUpdate): Promise<ConsoleGoods>;
  listSiteConfig(actor: Actor): Promise<ConsoleSiteConfigEntry[]>;
  updateSiteConfig(actor: Actor, key: string, value: unknown): Promise<ConsoleSiteConfigEntry>;
  listAgreements(actor: Actor): Promise<ConsoleAgreement[]>;
  publishAgreement(actor: Actor, text: string): Promise<ConsoleAgreement>;
  /** What a fresh deployment still lacks (the dashboard's first-run checklist), from the site config and the server's settings. */
  setupChecklist(actor: Actor): Promise<ConsoleSetupChecklist>;
}

/** The server's settings the checklist reads (apps/api/src/config.ts). */
export interface SetupSettings {
  smsSignName: string;
  smsProvider: string;
  paymentProviders: readonly string[];
}

export function createCatalogService(deps: { db: Kysely<Database>; now: () => Date; changes?: CatalogChanges; settings: SetupSettings }): CatalogService {
  const goods = createGoodsAdmin(deps);
  const siteConfig = createSiteConfigAdmin(deps);
  // Read fresh: the checklist must turn green the moment an admin saves, on any instance.
  const currentConfig = createSiteConfigService({ db: deps.db });
  return {
    listGoods(actor) {
      assertCan(actor, 'config.view');
      return goods.list();
    },
    createGoods(actor, input) {
      assertCan(actor, 'config.edit');
      return goods.create(actor, input);
    },
    updateGoods(actor, id, input) {
      assertCan(actor, 'config.edit');
      return goods.update(actor, id, input);
    },
    listSiteConfig(actor) {
      assertCan(actor, 'config.view');
      return siteConfig.list();
    },
    updateSiteConfig(actor, key, value) {
      assertCan(actor, 'config.edit');
      return siteConfig.update(actor, key, value);
    },
    listAgreements(actor) {
      assertCan(actor, 'config.view');
      return siteConfig.listAgreements();
    },
    publishAgreement(actor, text) {
      assertCan(actor, 'config.edit');
      return siteConfig.publishAgreement(actor, text);
    },
    async setupChecklist(actor) {
      assertCan(actor, 'config.view');
      const items = setupChecklist({ config: await currentConfig.getSiteConfig(0), ...deps.settings });
      return { done: items.every((item) => item.done), items };
    },
  };
}
