import type { Kysely } from 'kysely';
import type { ConsoleAgreement, ConsoleGoods, ConsoleGoodsUpdate, ConsoleSiteConfigEntry } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import { createGoodsAdmin } from '../goods/goods.service.ts';
import { createSiteConfigAdmin } from '../site-config/site-config.service.ts';
import { assertCan, type Actor } from './actor.ts';
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
}

export function createCatalogService(deps: { db: Kysely<Database>; now: () => Date; changes?: CatalogChanges }): CatalogService {
  const goods = createGoodsAdmin(deps);
  const siteConfig = createSiteConfigAdmin(deps);
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
  };
}
