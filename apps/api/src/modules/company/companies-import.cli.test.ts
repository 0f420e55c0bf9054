import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCliArgs } from './companies-import.cli.ts';

describe('companies:import arguments', () => {
  let dir: string;
  let csv: string;
  let jsonl: string;
  let txt: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kuaibao-import-cli-'));
    csv = join(dir, 'a.csv');
    jsonl = join(dir, 'a.JSONL');
    txt = join(dir, 'a.txt');
    for (const f of [csv, jsonl, txt]) writeFileSync(f, '');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes the format from the extension and defaults the rest', () => {
    expect(parseCliArgs([csv])).toEqual({
      ok: true,
      args: { file: csv, format: 'csv', encoding: 'utf8', rejectsFile: `${csv}.rejects.csv`, batchSize: 5000, restart: false },
    });
    expect(parseCliArgs([jsonl])).toMatchObject({ ok: true, args: { format: 'jsonl' } });
  });

  it('reads every option', () => {
    expect(parseCliArgs([txt, '--format', 'csv', '--encoding', 'GBK', '--rejects', '/tmp/r.csv', '--batch', '200', '--restart'])).toEqual({
      ok: true,
      args: { file: txt, format: 'csv', encoding: 'gbk', rejectsFile: '/tmp/r.csv', batchSize: 200, restart: true },
    });
  });

  it.each([
    [[], '缺少要导入的文件'],
    [['a.csv', 'b.csv'], '只能导入一个文件'],
    [['TXT'], '无法从扩展名判断'],
    [['CSV', '--format', 'xml'], '--format 只能是 csv 或 jsonl'],
    [['CSV', '--encoding', 'big5'], '--encoding 只能是 utf8 或 gbk'],
    [['CSV', '--batch', '0'], '--batch 应是 1 到 100000 之间的整数'],
    [['CSV', '--batch', '1e3'], '--batch 应是 1 到 100000 之间的整数'],
    [['CSV', '--bogus'], '未知选项 --bogus'],
    [['CSV', '--batch'], '选项 --batch 缺少取值'],
    [[join(tmpdir(), 'no-such-file.csv')], '文件不存在'],
  ])('%j → %s', (argv, message) => {
    const args = argv.map((a) => (a === 'CSV' ? csv : a === 'TXT' ? txt : a));
    const parsed = parseCliArgs(args);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && 'error' in parsed && parsed.error).toContain(message);
  });

  it('exits 2 with one line on bad arguments', () => {
    const result = spawnSync(process.execPath, [join(import.meta.dirname, 'companies-import.cli.ts'), '--bogus'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^companies:import：未知选项 --bogus。用法：npm run companies:import -- 文件/) as unknown]);
  });
});
