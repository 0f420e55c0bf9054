import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bigramQuery, bigramsOf, creditCodeCheckChar } from '@kuaibao/domain';
import type { AppDatabase } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { generateCompanies } from '../../seed/synthetic-companies.ts';
import { importCompanyFile } from './company-import.service.ts';
import type { CompanyImportOptions, ImportOutcome } from './company-import.service.ts';
import { createCompanyRepository } from './company-search.repository.ts';
import { openTestDatabase } from '../../test/helper.ts';
import { dialectSuites } from '../../test/dialects.ts';

/**
 * `npm run companies:import` end to end below the CLI, on SQLite and (with TEST_DATABASE_URL) on
 * PostgreSQL: rejects, upsert by credit code, resuming after an interruption in either phase.
 */

const backends = dialectSuites().map(({ dialect: name, describeDialect }) => ({ name, describeDialect, open: () => openTestDatabase(name, { max: 4 }) }));

/** Ids the search index holds for a name fragment (its bigram phrase), before any verification. */
async function indexed(database: AppDatabase, fragment: string): Promise<number[]> {
  if (database.kind === 'sqlite') {
    const rows = database.raw.prepare('SELECT rowid AS id FROM companies_bi WHERE companies_bi MATCH ? ORDER BY rowid').all(bigramQuery(fragment));
    return rows.map((r) => Number((r as { id: number }).id));
  }
  const grams = bigramsOf(fragment);
  const { rows } = await sql<{ id: number }>`SELECT id FROM company_grams WHERE gram = ANY(${grams}::text[]) GROUP BY id HAVING count(*) = ${grams.length} ORDER BY id`.execute(database.db);
  return rows.map((r) => r.id);
}

/** PostgreSQL: bigram frequencies that disagree with the bigram rows (0 when the index is consistent). */
async function gramFrequencyDrift(database: AppDatabase): Promise<number> {
  if (database.kind === 'sqlite') return 0;
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT gram, count(*)::int AS n FROM company_grams GROUP BY gram) g
    FULL JOIN company_gram_df d USING (gram) WHERE g.n IS DISTINCT FROM d.df`.execute(database.db);
  return rows[0]!.n;
}

function code(body9: string): string {
  const first17 = `91330100${body9}`;
  return first17 + creditCodeCheckChar(first17);
}

const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csvLine = (values: string[]) => `${values.map(csvCell).join(',')}\n`;

const HEADER = ['企业名称', '统一社会信用代码', '法定代表人', '登记状态', '所属地区', '成立日期'];
const GOOD = generateCompanies(300, { seed: 4242, fixed: false });
// Characters the generator never uses, so searches for them find only these rows.
const SPECIAL = [
  { name: '蕤蓁旧名科技有限公司', credit_code: code('RX0000001'), oper_name: '甲一', status: '存续', region: '浙江省杭州市', established: '2015/6/1' },
  { name: '蕤蓁状态贸易有限公司', credit_code: code('RX0000002'), oper_name: '甲二', status: '存续', region: '浙江省杭州市', established: '' },
];

/** Good rows first-half, the bad rows (one per reason) in the middle, good rows second-half. */
function mainFile(): string {
  const rows = [...GOOD, ...SPECIAL].map((c) => [c.name, c.credit_code, c.oper_name, c.status, c.region, 'established' in c ? String(c.established) : '2001-01-01']);
  const bad = [
    ['坏码公司', `${GOOD[0]!.credit_code.slice(0, 17)}${GOOD[0]!.credit_code.endsWith('0') ? '1' : '0'}`, '乙', '存续', '', ''], // bad_credit_code
    ['', code('RX0000003'), '乙', '', '', ''], // missing_name
    ['缺法人公司', code('RX0000004'), '', '', '', ''], // missing_oper_name
    ['重复码公司', GOOD[1]!.credit_code, '乙', '', '', ''], // duplicate_in_file
    ['错日期公司', code('RX0000005'), '乙', '', '', '2019-02-30'], // bad_established
  ];
  const half = Math.floor(rows.length / 2);
  return (
    csvLine(HEADER) +
    rows.slice(0, half).map(csvLine).join('') +
    bad.map(csvLine).join('') +
    '列数不对公司,1\n' + // malformed_line
    rows.slice(half).map(csvLine).join('')
  );
}

const EXPECTED_REJECTS = {
  malformed_line: 1,
  missing_name: 1,
  missing_credit_code: 0,
  missing_oper_name: 1,
  bad_credit_code: 1,
  bad_established: 1,
  too_long: 0,
  duplicate_in_file: 1,
};
const ROWS_READ = GOOD.length + SPECIAL.length + 6;
const IMPORTED = GOOD.length + SPECIAL.length;

for (const backend of backends) {
  backend.describeDialect(`companies:import (${backend.name})`, () => {
    let dir: string;
    const opened: Array<{ cleanup(): Promise<void> }> = [];
    const open = async () => {
      const o = await backend.open();
      opened.push(o);
      await migrate(o.database);
      return o.database;
    };

    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'kuaibao-import-'));
    });
    afterAll(async () => {
      for (const o of opened) await o.cleanup();
      rmSync(dir, { recursive: true, force: true });
    });

    const write = (name: string, text: string) => {
      const file = join(dir, name);
      writeFileSync(file, text);
      return file;
    };
    const run = (database: AppDatabase, file: string, extra: Partial<CompanyImportOptions> = {}): Promise<ImportOutcome> =>
      importCompanyFile(database, { file, format: 'csv', encoding: 'utf8', rejectsFile: `${file}.rejects.csv`, batchSize: 40, ...extra });
    const rejectLines = (file: string) => readFileSync(`${file}.rejects.csv`, 'utf8').trimEnd().split('\n').slice(1);
    const directory = async (database: AppDatabase) =>
      database.db.selectFrom('companies').select(['id', 'credit_code', 'name', 'name_norm', 'oper_name', 'status', 'region', 'established']).orderBy('id').execute();

    it('imports, writes each bad row with its reason to the rejects file, and search finds the rows at once', async () => {
      const database = await open();
      const file = write('main.csv', mainFile());
      const outcome = await run(database, file);
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      expect(outcome.summary).toMatchObject({
        resumed: false,
        rowsRead: ROWS_READ,
        staged: IMPORTED,
        rejected: EXPECTED_REJECTS,
        rejectedTotal: 6,
        inserted: IMPORTED,
        updated: 0,
        unchanged: 0,
      });

      const lines = rejectLines(file);
      // repeated codes are found once the whole file is read, so they come last
      expect(lines.map((l) => l.split(',')[1])).toEqual(['bad_credit_code', 'missing_name', 'missing_oper_name', 'bad_established', 'malformed_line', 'duplicate_in_file']);
      const firstBadLine = Math.floor(IMPORTED / 2) + 2;
      expect(lines[0]!.startsWith(`${String(firstBadLine)},bad_credit_code,统一社会信用代码无效`)).toBe(true);
      expect(lines[4]).toBe(`${String(firstBadLine + 5)},malformed_line,格式错误，无法读取,该行有 2 列，表头有 6 列,"列数不对公司,1"`);
      expect(lines[5]).toBe(`${String(firstBadLine + 3)},duplicate_in_file,统一社会信用代码在文件中重复,与第 3 行重复,"重复码公司,${GOOD[1]!.credit_code},乙,,,"`); // GOOD[1] is on line 3

      const rows = await directory(database);
      expect(rows).toHaveLength(IMPORTED);
      // ids in rank order: shorter normalised name first, then code point order
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [Array.from(rows[i - 1]!.name_norm), Array.from(rows[i]!.name_norm)];
        expect(a.length < b.length || (a.length === b.length && rows[i - 1]!.name_norm < rows[i]!.name_norm)).toBe(true);
      }
      expect(rows.find((r) => r.credit_code === SPECIAL[0]!.credit_code)).toMatchObject({ established: '2015-06-01', region: '浙江省杭州市' });
      const found = await createCompanyRepository(database).search('蕤蓁旧名');
      expect(found.map((r) => r.credit_code)).toEqual([SPECIAL[0]!.credit_code]);
      expect(await database.db.selectFrom('company_import_staging').select('credit_code').execute()).toEqual([]);

      // the same file again: everything unchanged, rejects the same
      const again = await run(database, file);
      expect(again.ok && again.summary).toMatchObject({ resumed: false, inserted: 0, updated: 0, unchanged: IMPORTED, rejectedTotal: 6 });
      expect(rejectLines(file)).toEqual(lines);
      expect(await directory(database)).toEqual(rows);
    });

    it('upserts by credit code: a renamed company is found by its new name only; absent fields are kept', async () => {
      const database = await open();
      await run(database, write('first.csv', mainFile()));
      const before = await directory(database);
      // No region or date column; one company renamed, one with a new status, one new company.
      const text =
        csvLine(['name', 'credit_code', 'legal_person', 'status']) +
        csvLine(['蕤蓁新名科技有限公司', SPECIAL[0]!.credit_code, '甲一', '存续']) +
        csvLine([SPECIAL[1]!.name, SPECIAL[1]!.credit_code, '甲二', '注销']) +
        csvLine([GOOD[5]!.name, GOOD[5]!.credit_code, GOOD[5]!.oper_name, '']) +
        csvLine(['蕤蓁新增有限公司', code('RX0000009'), '丙', '']);
      const outcome = await run(database, write('second.csv', text));
      expect(outcome.ok && outcome.summary).toMatchObject({ inserted: 1, updated: 2, renamed: 1, unchanged: 1, rejectedTotal: 0 });

      const search = createCompanyRepository(database);
      expect(await search.search('蕤蓁旧名')).toEqual([]);
      expect(await indexed(database, '蕤蓁旧名')).toEqual([]);
      expect(await indexed(database, '蕤蓁新名')).toEqual([before.find((r) => r.credit_code === SPECIAL[0]!.credit_code)!.id]);
      expect(await gramFrequencyDrift(database)).toBe(0);
      expect((await search.search('蕤蓁新名')).map((r) => r.credit_code)).toEqual([SPECIAL[0]!.credit_code]);
      expect((await search.search('新增')).map((r) => r.credit_code)).toContain(code('RX0000009'));
      const after = await directory(database);
      expect(after).toHaveLength(before.length + 1);
      const renamed = after.find((r) => r.credit_code === SPECIAL[0]!.credit_code)!;
      const old = before.find((r) => r.credit_code === SPECIAL[0]!.credit_code)!;
      expect(renamed).toEqual({ ...old, name: '蕤蓁新名科技有限公司', name_norm: '蕤蓁新名科技有限公司' });
      expect(after.find((r) => r.credit_code === SPECIAL[1]!.credit_code)).toMatchObject({ status: '注销', region: '浙江省杭州市' });
      // the new company is numbered after every existing one
      expect(after.at(-1)).toMatchObject({ credit_code: code('RX0000009'), id: Math.max(...before.map((r) => r.id)) + 1 });
    });

    it('resumes after an interruption in either phase: no duplicates, right counts, the same end state', async () => {
      const file = write('resume.csv', mainFile());
      const clean = await open();
      const reference = await run(clean, file, { rejectsFile: join(dir, 'clean.rejects.csv') });
      expect(reference.ok).toBe(true);

      const database = await open();
      const stopAt = (phase: 'staging' | 'merging', batches: number) => {
        const controller = new AbortController();
        let seen = 0;
        return {
          signal: controller.signal,
          onProgress: (p: { phase: string }) => {
            if (p.phase === phase && ++seen === batches) controller.abort();
          },
        };
      };
      const first = await run(database, file, stopAt('staging', 3));
      expect(first).toMatchObject({ ok: false, reason: 'interrupted', summary: { rowsRead: 120, inserted: 0 } });
      expect(await directory(database)).toEqual([]);

      const second = await run(database, file, stopAt('merging', 2));
      expect(second).toMatchObject({ ok: false, reason: 'interrupted', summary: { resumed: true, rowsRead: ROWS_READ, rowsReadThisRun: ROWS_READ - 120, inserted: 80 } });
      expect(await directory(database)).toHaveLength(80);

      const third = await run(database, file);
      expect(third.ok).toBe(true);
      expect(third.ok && third.summary).toMatchObject({
        resumed: true,
        rowsRead: ROWS_READ,
        rowsReadThisRun: 0,
        staged: IMPORTED,
        inserted: IMPORTED,
        updated: 0,
        unchanged: 0,
        rejected: EXPECTED_REJECTS,
      });
      expect(await directory(database)).toEqual(await directory(clean));
      expect(await indexed(database, '有限')).toEqual(await indexed(clean, '有限'));
      expect(await gramFrequencyDrift(database)).toBe(0);
      expect(rejectLines(file)).toEqual(readFileSync(join(dir, 'clean.rejects.csv'), 'utf8').trimEnd().split('\n').slice(1));
    });

    it('resumes an interruption in the duplicate pass without rejecting a line twice', async () => {
      const database = await open();
      const rows = GOOD.slice(0, 100).map((c) => [c.name, c.credit_code, c.oper_name, c.status, c.region, '']);
      const repeats = GOOD.slice(0, 60).map((c, i) => [`${c.name}二号${String(i)}`, c.credit_code, c.oper_name, '', '', '']);
      const file = write('repeats.csv', csvLine(HEADER) + [...rows, ...repeats].map(csvLine).join(''));
      const controller = new AbortController();
      const first = await run(database, file, {
        batchSize: 20,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.phase === 'deduplicating') controller.abort();
        },
      });
      expect(first).toMatchObject({ ok: false, reason: 'interrupted', summary: { rejected: { duplicate_in_file: 20 } } });
      const second = await run(database, file, { batchSize: 20 });
      expect(second.ok && second.summary).toMatchObject({ resumed: true, staged: 100, inserted: 100, rejectedTotal: 60, rejected: { duplicate_in_file: 60 } });
      const lines = rejectLines(file);
      expect(lines.map((l) => Number(l.split(',')[0]))).toEqual(Array.from({ length: 60 }, (_, i) => 102 + i));
      expect(lines[0]).toContain('与第 2 行重复');
      expect((await directory(database)).map((r) => r.name).filter((n) => n.includes('二号'))).toEqual([]);
    });

    it('a run killed after a commit leaves rejects past its checkpoint; the next run cuts them off', async () => {
      const database = await open();
      const file = write('killed.csv', mainFile());
      let batches = 0;
      const killed = run(database, file, {
        batchSize: 100,
        onProgress: (p) => {
          if (p.phase === 'staging' && ++batches === 2) throw new Error('killed');
        },
      });
      await expect(killed).rejects.toThrow('killed');
      // what a batch in flight would have written before the process died
      appendFileSync(`${file}.rejects.csv`, '999,bad_credit_code,未提交的批次,,x\n');
      const resumed = await run(database, file, { batchSize: 100 });
      expect(resumed.ok && resumed.summary).toMatchObject({ resumed: true, inserted: IMPORTED, rejectedTotal: 6 });
      const lines = rejectLines(file);
      expect(lines).toHaveLength(6);
      expect(lines.join('\n')).not.toContain('未提交的批次');
      expect(await directory(database)).toHaveLength(IMPORTED);
    });

    it('refuses a file without the required columns and changes nothing', async () => {
      const database = await open();
      const outcome = await run(database, write('bad-header.csv', '企业名称,地址\n某公司,某地\n'));
      expect(outcome).toEqual({ ok: false, reason: 'bad_header', missing: ['credit_code', 'oper_name'], duplicated: [] });
      expect(await directory(database)).toEqual([]);
      expect(await database.db.selectFrom('company_import_state').selectAll().execute()).toEqual([]);
    });

    it('stops with the line when the rest of a CSV cannot be read (an unclosed quote)', async () => {
      const database = await open();
      const rows = GOOD.slice(0, 50).map((c) => csvLine([c.name, c.credit_code, c.oper_name, c.status, c.region, '']));
      const file = write('unclosed.csv', csvLine(HEADER) + rows.join('') + '"断开的引号公司,x,y,,,\n' + 'a,b,c,,,\n'.repeat(10_000));
      const outcome = await run(database, file, { batchSize: 20 });
      expect(outcome).toMatchObject({ ok: false, reason: 'unreadable', summary: { rowsRead: 50, staged: 50 } });
      expect(await directory(database)).toEqual([]);
    });

    it('reads JSON Lines', async () => {
      const database = await open();
      const text = [...GOOD.slice(0, 30), ...SPECIAL].map((c) => JSON.stringify({ name: c.name, credit_code: c.credit_code, 法定代表人: c.oper_name })).join('\n');
      const outcome = await run(database, write('rows.jsonl', `${text}\nnot json\n`), { format: 'jsonl' });
      expect(outcome.ok && outcome.summary).toMatchObject({ inserted: 32, rejectedTotal: 1, rejected: { malformed_line: 1 } });
    });
  });
}
