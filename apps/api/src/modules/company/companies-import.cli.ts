import { existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { IMPORT_REJECT_REASONS, IMPORT_REJECT_TEXT } from '@kuaibao/domain';
import { ConfigError, loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import type { ImportEncoding, ImportFormat } from './company-import-file.ts';
import { importCompanyFile } from './company-import.service.ts';
import type { ImportProgress, ImportSummary } from './company-import.service.ts';

/**
 * `npm run companies:import -- FILE [options]`: loads a CSV or JSON Lines file of companies into
 * the directory of the configured database (DATABASE_URL or SQLITE_FILE, like the server), after
 * migrating it. Interrupted (Ctrl-C, a crash), the same command resumes where it stopped.
 * docs/decisions/021-company-import.md; docs/product/company-search.md#loading-a-licensed-dataset.
 */

const USAGE =
  '用法：npm run companies:import -- 文件 [--format csv|jsonl] [--encoding utf8|gbk] [--rejects 文件] [--batch 行数] [--restart]';

export interface CliArgs {
  file: string;
  format: ImportFormat;
  encoding: ImportEncoding;
  rejectsFile: string;
  batchSize: number;
  restart: boolean;
}

/** The arguments, or the one line that says what is wrong with them. */
export function parseCliArgs(argv: readonly string[]): { ok: true; args: CliArgs } | { ok: false; error: string } | { ok: false; help: true } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: 'string' },
        encoding: { type: 'string' },
        rejects: { type: 'string' },
        batch: { type: 'string' },
        restart: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    const code = (err as { code?: string }).code;
    const option = /'([^']+)'/.exec((err as Error).message)?.[1] ?? '';
    return {
      ok: false,
      error: code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? `未知选项 ${option}` : code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' ? `选项 ${option.split(' ')[0] ?? ''} 缺少取值` : '参数无法识别',
    };
  }
  const { values, positionals } = parsed;
  if (values.help) return { ok: false, help: true };
  if (positionals.length !== 1) return { ok: false, error: positionals.length === 0 ? '缺少要导入的文件' : '只能导入一个文件' };
  const file = positionals[0]!;
  const format = values.format ?? (/\.csv$/i.test(file) ? 'csv' : /\.(jsonl|ndjson)$/i.test(file) ? 'jsonl' : undefined);
  if (format === undefined) return { ok: false, error: `无法从扩展名判断 ${file} 的格式，请加 --format csv 或 --format jsonl` };
  if (format !== 'csv' && format !== 'jsonl') return { ok: false, error: `--format 只能是 csv 或 jsonl，而不是 ${format}` };
  const encoding = (values.encoding ?? 'utf8').toLowerCase().replace('-', '');
  if (encoding !== 'utf8' && encoding !== 'gbk') return { ok: false, error: `--encoding 只能是 utf8 或 gbk，而不是 ${values.encoding ?? ''}` };
  const batchText = values.batch ?? '5000';
  const batchSize = /^\d+$/.test(batchText) ? Number(batchText) : Number.NaN;
  if (!(batchSize >= 1 && batchSize <= 100_000)) return { ok: false, error: `--batch 应是 1 到 100000 之间的整数，而不是 ${batchText}` };
  if (!existsSync(file) || !statSync(file).isFile()) return { ok: false, error: `文件不存在：${file}` };
  return {
    ok: true,
    args: { file, format, encoding, rejectsFile: values.rejects ?? `${file}.rejects.csv`, batchSize, restart: values.restart ?? false },
  };
}

const number = (n: number) => n.toLocaleString('en-US');

function duration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '--:--';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${String(h)}:${String(m).padStart(2, '0')}:${rest}` : `${String(m)}:${rest}`;
}

const PHASE_TEXT = { staging: '读取', deduplicating: '查重', merging: '写入', indexing: '建立检索树', optimizing: '整理索引' } as const;

/**
 * One line per progress step: a bar redrawn in place on a terminal (at most 5 times a second),
 * otherwise a plain line every 5 seconds and at each change of phase.
 */
function progressReporter(stream: NodeJS.WriteStream): { report(p: ImportProgress): void; done(): void } {
  const tty = stream.isTTY === true;
  const start = performance.now();
  const phaseStart = { phase: '', at: start, rows: 0, fraction: 0 };
  let lastDraw = 0;
  let drawn = false;
  return {
    report(p) {
      const now = performance.now();
      const done = p.phase === 'merging' ? p.merged : p.rowsRead;
      // ETA from bytes read while reading (rows per byte vary little), from rows while writing.
      const fraction =
        p.phase === 'staging' ? (p.bytesTotal > 0 ? Math.min(1, p.bytesRead / p.bytesTotal) : 1) : p.phase === 'merging' ? (p.mergeTotal > 0 ? p.merged / p.mergeTotal : 1) : 1;
      if (p.phase !== phaseStart.phase) Object.assign(phaseStart, { phase: p.phase, at: now, rows: done, fraction });
      else if (now - lastDraw < (tty ? 200 : 5000)) return;
      lastDraw = now;
      const seconds = (now - start) / 1000 - (phaseStart.at - start) / 1000;
      const rate = seconds > 0 ? (done - phaseStart.rows) / seconds : 0;
      const fractionRate = seconds > 0 ? (fraction - phaseStart.fraction) / seconds : 0;
      const eta = fractionRate > 0 ? (1 - fraction) / fractionRate : Number.NaN;
      const pct = `${(fraction * 100).toFixed(1).padStart(5)}%`;
      const text = `${PHASE_TEXT[p.phase]} ${pct} ${number(done)} 行 ${number(Math.round(rate))} 行/秒 剩余 ${duration(eta)}`;
      if (tty) {
        const width = 24;
        const filled = Math.min(width, Math.round(fraction * width));
        stream.write(`\r[${'='.repeat(filled)}${' '.repeat(width - filled)}] ${text}\x1b[K`);
        drawn = true;
      } else {
        stream.write(`${text}\n`);
      }
    },
    done() {
      if (drawn) stream.write('\n');
    },
  };
}

function printSummary(title: string, s: ImportSummary, file: string): void {
  const seconds = s.elapsedMs / 1000;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  const lines = [
    `${title}：${file}${s.resumed ? '（接续上次中断的导入）' : ''}`,
    `  读取        ${number(s.rowsRead)} 行${s.resumed ? `（本次 ${number(s.rowsReadThisRun)}）` : ''}`,
    `  新增        ${number(s.inserted)}`,
    `  更新        ${number(s.updated)}（其中改名 ${number(s.renamed)}）`,
    `  未变        ${number(s.unchanged)}`,
    `  拒绝        ${number(s.rejectedTotal)}${s.rejectedTotal > 0 ? ` → ${s.rejectsFile}` : ''}`,
    ...IMPORT_REJECT_REASONS.filter((r) => s.rejected[r] > 0).map((r) => `    ${IMPORT_REJECT_TEXT[r]}：${number(s.rejected[r])}`),
    `  用时        ${seconds.toFixed(1)} 秒，${number(Math.round(seconds > 0 ? s.rowsReadThisRun / seconds : 0))} 行/秒（本次读取的行）`,
    `  峰值内存    ${peakMb.toFixed(0)} MiB（RSS）`,
  ];
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  const parsed = parseCliArgs(process.argv.slice(2));
  if (!parsed.ok) {
    if ('help' in parsed) {
      console.log(USAGE);
      return;
    }
    console.error(`companies:import：${parsed.error}。${USAGE}`);
    process.exit(2);
  }
  const { args } = parsed;
  const config = loadConfig();
  const database = await createDatabase(config.database);
  const stop = new AbortController();
  const onSigint = () => {
    if (stop.signal.aborted) process.exit(130);
    stop.abort();
    process.stderr.write('\n收到中断：提交当前这一批后停止（再按一次 Ctrl-C 立即退出）\n');
  };
  process.on('SIGINT', onSigint);
  const reporter = progressReporter(process.stderr);
  try {
    await migrate(database);
    const outcome = await importCompanyFile(database, {
      file: args.file,
      format: args.format,
      encoding: args.encoding,
      rejectsFile: args.rejectsFile,
      batchSize: args.batchSize,
      restart: args.restart,
      signal: stop.signal,
      onProgress: (p) => reporter.report(p),
    });
    reporter.done();
    if (outcome.ok) {
      if (outcome.summary.discardedOther) console.log('（上次未完成的导入已放弃，这次从头导入）');
      printSummary('导入完成', outcome.summary, args.file);
    } else if (outcome.reason === 'interrupted') {
      printSummary('导入已中断，再次运行同一命令即可接续', outcome.summary, args.file);
      process.exitCode = 130;
    } else if (outcome.reason === 'unreadable') {
      console.error(`companies:import：${args.file} 无法继续读取：${outcome.detail}。修正文件后重新导入（已读的 ${number(outcome.summary.rowsRead)} 行将从头再来）`);
      process.exitCode = 1;
    } else if (outcome.reason === 'busy') {
      console.error('companies:import：另一个导入正在进行');
      process.exitCode = 1;
    } else {
      const parts = [
        outcome.missing.length > 0 ? `缺少列 ${outcome.missing.join('、')}` : '',
        outcome.duplicated.length > 0 ? `列重复 ${outcome.duplicated.join('、')}` : '',
      ].filter((p) => p !== '');
      console.error(`companies:import：${args.file} 的表头不可用（${parts.join('；')}）。需要企业名称、统一社会信用代码、法定代表人三列（中英文列名均可，见 docs/product/company-search.md）`);
      process.exitCode = 1;
    }
  } finally {
    process.off('SIGINT', onSigint);
    await database.close();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
