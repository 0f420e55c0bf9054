import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database.ts';
import type { AppDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { missingOperatorInfo, OPERATOR_REQUIREMENTS, type OperatorRequirement } from '@kuaibao/domain';
import { DEFAULT_GOODS, DEFAULT_SITE_CONFIG, DEMO_OPERATOR_CONFIG, FIRST_AGREEMENT, FIRST_AGREEMENT_VERSION } from './defaults.ts';
import { PUBLISHED_REPORT_DEMO_COMPANIES, demoPublishDate, seedDatabase } from './seed.ts';

describe('seedDatabase (sqlite)', () => {
  let dir: string;
  let database: AppDatabase;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kuaibao-seed-'));
    database = await createDatabase({ kind: 'sqlite', file: join(dir, 'seed.sqlite') });
    await migrate(database);
  });

  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('seeds goods, the default corp config and the directory once', async () => {
    const first = await seedDatabase(database, { companies: 5000 });
    expect(first).toMatchObject({ goodsInserted: 3, configInserted: Object.keys(DEFAULT_SITE_CONFIG).length, agreementInserted: true });
    expect(first.companies).toMatchObject({ inserted: 5000, firstId: 1, lastId: 5000 });

    const second = await seedDatabase(database, { companies: 5000 });
    expect(second).toMatchObject({ goodsInserted: 0, configInserted: 0, agreementInserted: false, companies: undefined });
  });

  it('writes the three goods with integer fen prices and both pay types', async () => {
    const goods = await database.db.selectFrom('goods').selectAll().orderBy('id').execute();
    expect(goods.map((g) => [g.id, g.type])).toEqual([
      [1, 'license_year'],
      [2, 'license_destory'],
      [3, 'credit_repair'],
    ]);
    for (const g of goods) {
      expect(Number.isInteger(g.price_fen) && g.price_fen > 0).toBe(true);
      expect(g.pay_types).toBe('weixin,alipay');
      expect(g.active).toBe(1);
    }
    expect(goods[0]?.price_fen).toBe(DEFAULT_GOODS[0]?.price_fen);
  });

  it('stores config values as JSON text, with factual sample lines and a complete agreement', async () => {
    const rows = await database.db.selectFrom('site_config').selectAll().where('corp_id', '=', 0).execute();
    const config = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
    expect(Object.keys(config).sort()).toEqual(
      ['client.home.danmaku', 'client.home.tips', 'proxy_version', 'service_phone', 'service_weixin'].sort(),
    );
    const danmaku = config['client.home.danmaku'] as string[];
    expect(danmaku.length).toBeGreaterThanOrEqual(10);
    // No invented customer activity: no phone numbers, masked or not (docs/product/trust-and-personal-data.md).
    expect(danmaku.filter((line) => /\d{3}\*{2,}\d{2,}|1\d{10}/.test(line))).toEqual([]);
    expect(config.proxy_version).toBe('v0');
    expect(config.service_weixin).toMatch(/^https:\/\//);
    const agreements = await database.db.selectFrom('agreements').selectAll().execute();
    expect(agreements.map((row) => [row.version, row.effective_date, row.created_by])).toEqual([[FIRST_AGREEMENT_VERSION, FIRST_AGREEMENT_VERSION, null]]);
    const privacy = agreements[0]!.text;
    expect(privacy).toBe(FIRST_AGREEMENT.text);
    for (const must of ['第三方', '不是政府部门', '免费', '身份证号码', '手机号码', '删除', '退款', '同意', '服务提供方', '12315']) {
      expect(privacy).toContain(must);
    }
  });

  it('turns the agreement of a database from before versions into its first version, keeping its text', async () => {
    const legacyDir = mkdtempSync(join(tmpdir(), 'kuaibao-seed-legacy-'));
    const legacy = await createDatabase({ kind: 'sqlite', file: join(legacyDir, 'legacy.sqlite') });
    try {
      await migrate(legacy);
      const edited = '快报代办服务协议\n\n版本：2025-08-15\n\n一、运营方编辑过的条款';
      await legacy.db.insertInto('site_config').values({ corp_id: 0, key: 'privacy', value: JSON.stringify(edited) }).execute();
      await seedDatabase(legacy, { companies: 0 });
      const rows = await legacy.db.selectFrom('agreements').select(['version', 'effective_date', 'text']).execute();
      expect(rows).toEqual([{ version: '2025-08-15', effective_date: '2025-08-15', text: '快报代办服务协议\n\n一、运营方编辑过的条款' }]);
      expect(await legacy.db.selectFrom('site_config').select('key').where('key', '=', 'privacy').execute()).toEqual([]);
    } finally {
      await legacy.close();
      rmSync(legacyDir, { recursive: true, force: true });
    }
  });

  it('adds the demo operator outside production only, a demo that never counts as an operator, and keeps values already set', async () => {
    const operatorKeys = Object.keys(DEMO_OPERATOR_CONFIG);
    const operatorRows = () => database.db.selectFrom('site_config').select(['key', 'value']).where('key', 'in', operatorKeys).execute();
    expect(await operatorRows()).toEqual([]);
    const seeded = await seedDatabase(database, { companies: 5000, demoOperator: true });
    expect(seeded.configInserted).toBe(operatorKeys.length);
    const values = Object.fromEntries((await operatorRows()).map((row) => [row.key, JSON.parse(row.value) as string]));
    expect(values).toEqual({ operator_name: '示例代办服务有限公司（演示）', operator_credit_code: '91110000MA00000000（演示）', icp_filing: '京ICP备00000000号-1（演示）' });
    // With the seed's placeholder contacts: everything the rule asks for is still missing.
    expect(missingOperatorInfo({ ...DEFAULT_SITE_CONFIG, ...values })).toEqual(Object.keys(OPERATOR_REQUIREMENTS) as OperatorRequirement[]);
    await database.db.updateTable('site_config').set({ value: JSON.stringify('上海某某企业服务有限公司') }).where('key', '=', 'operator_name').execute();
    await seedDatabase(database, { companies: 5000, demoOperator: true });
    const name = await database.db.selectFrom('site_config').select('value').where('key', '=', 'operator_name').executeTakeFirstOrThrow();
    expect(JSON.parse(name.value)).toBe('上海某某企业服务有限公司');
  });

  it('keeps edited values on a later seed', async () => {
    await database.db.updateTable('site_config').set({ value: JSON.stringify('v2') }).where('key', '=', 'proxy_version').execute();
    await database.db.updateTable('goods').set({ price_fen: 9900 }).where('id', '=', 1).execute();
    await seedDatabase(database, { companies: 5000 });
    const row = await database.db.selectFrom('site_config').select('value').where('key', '=', 'proxy_version').executeTakeFirstOrThrow();
    expect(JSON.parse(row.value)).toBe('v2');
    const goods = await database.db.selectFrom('goods').select('price_fen').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(goods.price_fen).toBe(9900);
  });

  it('stores the demo companies’ annual reports as published for the filing year, once', async () => {
    const names = await database.db
      .selectFrom('companies')
      .select(['name', 'credit_code'])
      .where('credit_code', 'in', PUBLISHED_REPORT_DEMO_COMPANIES.map((c) => c.credit_code))
      .orderBy('credit_code')
      .execute();
    const byCode = [...PUBLISHED_REPORT_DEMO_COMPANIES].sort((a, b) => (a.credit_code < b.credit_code ? -1 : 1));
    expect(names).toEqual(byCode.map((c) => ({ name: c.name, credit_code: c.credit_code })));
    await database.db.deleteFrom('annual_report_checks').execute();
    const now = new Date('2026-11-24T04:00:00Z');
    await seedDatabase(database, { companies: 5000, now });
    const rows = await database.db.selectFrom('annual_report_checks').selectAll().orderBy('credit_code').execute();
    expect(rows).toHaveLength(PUBLISHED_REPORT_DEMO_COMPANIES.length);
    for (const row of rows) expect(row).toMatchObject({ year: 2025, published: 1, publish_date: '2026-03-15', source: 'seed' });
    // A later start keeps what is stored.
    await seedDatabase(database, { companies: 5000, now: new Date('2026-12-01T04:00:00Z') });
    expect(await database.db.selectFrom('annual_report_checks').selectAll().orderBy('credit_code').execute()).toEqual(rows);
  });

  it('never gives a made-up report to a company that only shares a demo credit code (an imported real directory)', async () => {
    const [demo] = PUBLISHED_REPORT_DEMO_COMPANIES;
    await database.db.deleteFrom('annual_report_checks').execute();
    await database.db.updateTable('companies').set({ name: '某真实企业有限公司' }).where('credit_code', '=', demo!.credit_code).execute();
    await seedDatabase(database, { companies: 5000, now: new Date('2026-11-24T04:00:00Z') });
    const codes = (await database.db.selectFrom('annual_report_checks').select('credit_code').execute()).map((r) => r.credit_code);
    expect(codes).toHaveLength(PUBLISHED_REPORT_DEMO_COMPANIES.length - 1);
    expect(codes).not.toContain(demo!.credit_code);
  });

  it('never dates a demo report in the future', () => {
    expect(demoPublishDate(new Date('2027-01-03T04:00:00Z'))).toBe('2027-01-03');
    expect(demoPublishDate(new Date('2027-03-15T04:00:00Z'))).toBe('2027-03-15');
    expect(demoPublishDate(new Date('2027-06-01T04:00:00Z'))).toBe('2027-03-15');
  });
});
