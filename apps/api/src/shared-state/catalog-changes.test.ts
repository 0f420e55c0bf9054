import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Goods, InitResponse, SiteConfig } from '@kuaibao/domain';
import { buildApp } from '../app.ts';
import { createGoodsService } from '../modules/goods/goods.service.ts';
import { createSiteConfigService } from '../modules/site-config/site-config.service.ts';
import type { Actor } from '../modules/staff/actor.ts';
import { buildTestApp, envelopeOf, signedInject, type TestApp } from '../test/helper.ts';
import { describeDialects } from '../test/dialects.ts';
import { startTestRedis, type TestRedis } from '../test/redis.ts';
import { CATALOG_MAX_AGE_MS, CATALOG_UNSHARED_MAX_AGE_MS, type CatalogChanges, type CatalogPart } from './catalog-changes.ts';

/** Goods and site config in memory, dropped on every instance when the console changes them (docs/decisions/029-catalog-in-memory-and-hot-path.md). */

const ADMIN: Actor = { id: 1, username: 'admin', displayName: '管理员', role: 'admin', mustChangePassword: false, ip: '127.0.0.1' };

const goodsEdit = (price: string) => ({ name: '年报代办', type: 'license_year' as const, price_yuan: price, pay_types: ['weixin', 'alipay'] as Array<'weixin' | 'alipay'>, sort: 1, active: true, description: '' });

async function visitorGoods(test: TestApp): Promise<Goods[]> {
  return envelopeOf<Goods[]>(test, await signedInject(test, { url: '/api/order/goods', query: { type: 'member' } })).data;
}

async function visitorConfig(test: TestApp): Promise<SiteConfig> {
  return envelopeOf<SiteConfig>(test, await signedInject(test, { url: '/api/user/config' })).data;
}

async function visitorInit(test: TestApp): Promise<InitResponse> {
  return envelopeOf<InitResponse>(test, await signedInject(test, { url: '/api/h5/corp' })).data;
}

/** Changes that keep a copy forever until told: what is kept and what drops it, without any clock. */
function manualChanges(): CatalogChanges & { drop(part: CatalogPart): void } {
  const droppers: Array<[CatalogPart, () => void]> = [];
  return {
    async changed(part) {
      this.drop(part);
    },
    onChange(part, drop) {
      droppers.push([part, drop]);
    },
    drop(part) {
      for (const [which, drop] of droppers) if (which === part) drop();
    },
    maxAgeMs: () => Infinity,
    async start() {},
    async close() {},
  };
}

describeDialects('the catalog in memory (%s)', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ dialect, companies: 0 });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('is read from memory: a row changed behind the services is not seen until the copy is dropped', async () => {
    const changes = manualChanges();
    const goods = createGoodsService({ db: test.database.db, changes });
    const siteConfig = createSiteConfigService({ db: test.database.db, changes });
    const price = (await goods.getActiveGoods(1)).price_fen;
    const version = (await siteConfig.getSiteConfig()).proxy_version;
    await test.database.db.updateTable('goods').set({ price_fen: price + 100 }).where('id', '=', 1).execute();
    await test.database.db.updateTable('site_config').set({ value: JSON.stringify(version === 'v2' ? 'v1' : 'v2') }).where('corp_id', '=', 0).where('key', '=', 'proxy_version').execute();
    expect((await goods.getActiveGoods(1)).price_fen).toBe(price);
    expect((await siteConfig.getSiteConfig()).proxy_version).toBe(version);
    changes.drop('goods');
    expect((await goods.getActiveGoods(1)).price_fen).toBe(price + 100);
    expect((await goods.listActiveGoods()).find((item) => item.id === 1)?.price_fen).toBe(price + 100);
    expect((await siteConfig.getSiteConfig()).proxy_version).toBe(version);
    changes.drop('site-config');
    expect((await siteConfig.getSiteConfig()).proxy_version).not.toBe(version);
    await test.database.db.updateTable('goods').set({ price_fen: price }).where('id', '=', 1).execute();
    await test.database.db.updateTable('site_config').set({ value: JSON.stringify(version) }).where('corp_id', '=', 0).where('key', '=', 'proxy_version').execute();
  });

  it('gives a corp without rows of its own the defaults, and one with rows its own over the defaults', async () => {
    await test.database.db.insertInto('site_config').values({ corp_id: 7, key: 'service_phone', value: JSON.stringify('021-5555-0007') }).execute();
    const siteConfig = createSiteConfigService({ db: test.database.db, changes: manualChanges() });
    const defaults = await siteConfig.getSiteConfig(0);
    expect(await siteConfig.getSiteConfig(123_456)).toBe(defaults);
    const corp7 = await siteConfig.getSiteConfig(7);
    expect(corp7.service_phone).toBe('021-5555-0007');
    expect(corp7.proxy_version).toBe(defaults.proxy_version);
    await test.database.db.deleteFrom('site_config').where('corp_id', '=', 7).execute();
  });

  it("shows a console change on the next visitor read: goods, /api/user/config and the start-up's config", async () => {
    const before = await visitorGoods(test);
    const beforeConfig = await visitorConfig(test);
    expect((await visitorInit(test)).config.service_phone).toBe(beforeConfig.service_phone);
    await test.app.services.console.catalog.updateGoods(ADMIN, 1, goodsEdit('123.45'));
    await test.app.services.console.catalog.updateSiteConfig(ADMIN, 'service_phone', '400-800-1234');
    expect((await visitorGoods(test)).find((goods) => goods.id === 1)?.price_fen).toBe(12345);
    expect(before.find((goods) => goods.id === 1)?.price_fen).not.toBe(12345);
    expect((await visitorConfig(test)).service_phone).toBe('400-800-1234');
    expect((await visitorInit(test)).config.service_phone).toBe('400-800-1234');
    expect((await visitorInit(test)).goods.find((goods) => goods.id === 1)?.price_fen).toBe(12345);
  });

  it('keeps a copy only briefly without Redis: another instance on the database cannot tell it of a change', () => {
    expect(test.app.services.catalogChanges.maxAgeMs()).toBe(CATALOG_UNSHARED_MAX_AGE_MS);
  });
});

describeDialects('two instances with one Redis: a console change on one reaches the other (%s)', { redis: true }, (dialect) => {
  let redis: TestRedis;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    redis = await startTestRedis();
    first = await buildTestApp({ dialect, companies: 0, env: { REDIS_URL: redis.url } });
    const app = await buildApp({ config: first.config, database: first.database, now: () => first.clock.now, logger: false });
    second = { ...first, app, close: () => app.close() };
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await redis?.stop();
  });

  it('drops the other instance’s goods and site config, which it otherwise keeps for a minute', async () => {
    // Listening: a copy would be kept a minute, far longer than this test waits.
    expect(second.app.services.catalogChanges.maxAgeMs()).toBe(CATALOG_MAX_AGE_MS);
    expect((await visitorGoods(second)).find((goods) => goods.id === 1)?.price_fen).not.toBe(23456);
    expect((await visitorConfig(second)).service_phone).not.toBe('400-600-2345');

    await first.app.services.console.catalog.updateGoods(ADMIN, 1, goodsEdit('234.56'));
    await first.app.services.console.catalog.updateSiteConfig(ADMIN, 'service_phone', '400-600-2345');
    // On the instance that made the change, at once.
    expect((await visitorGoods(first)).find((goods) => goods.id === 1)?.price_fen).toBe(23456);
    // On the other, as soon as the message arrives.
    await vi.waitFor(async () => expect((await visitorGoods(second)).find((goods) => goods.id === 1)?.price_fen).toBe(23456), { timeout: 20_000, interval: 50 });
    await vi.waitFor(async () => expect((await visitorConfig(second)).service_phone).toBe('400-600-2345'), { timeout: 20_000, interval: 50 });
    expect((await visitorInit(second)).config.service_phone).toBe('400-600-2345');
  });

  it('keeps copies briefly while Redis is down, and starts afresh when it listens again', async () => {
    // Through the services: while Redis is down, signed requests are refused for a while (decision 024).
    const goodsPrice = async (test: TestApp) => (await test.app.services.goods.getActiveGoods(1)).price_fen;
    const price = await goodsPrice(second);
    await redis.stop();
    await vi.waitFor(() => expect(second.app.services.catalogChanges.maxAgeMs()).toBe(CATALOG_UNSHARED_MAX_AGE_MS), { timeout: 20_000, interval: 50 });
    // A change nobody could announce: the first instance's publish fails while Redis is down.
    await first.app.services.console.catalog.updateGoods(ADMIN, 1, goodsEdit('345.67'));
    expect(await goodsPrice(first)).toBe(34567);
    await redis.start();
    await vi.waitFor(() => expect(second.app.services.catalogChanges.maxAgeMs()).toBe(CATALOG_MAX_AGE_MS), { timeout: 20_000, interval: 50 });
    // Listening again, the second dropped what it kept while deaf, so it reads the change.
    expect(await goodsPrice(second)).toBe(34567);
    expect(price).not.toBe(34567);
  });
});
