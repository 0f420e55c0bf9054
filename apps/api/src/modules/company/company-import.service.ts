import { createReadStream } from 'node:fs';
import { AppError, checkImportRow, codePointLength } from '@kuaibao/domain';
import type { AppDatabase } from '../../db/database.ts';
import { withAdvisoryLock } from '../../db/advisory-lock.ts';
import { readCompanyFile } from './company-import-file.ts';
import type { ImportFileItem } from './company-import-file.ts';
import { csvCell, type Reject, type RejectsFile } from './company-import-rejects.ts';
import {
  appendRejects,
  checkpoint,
  interrupted,
  openRejects,
  progress,
  startRun,
  summaryOf,
  type CompanyImportOptions,
  type ImportOutcome,
  type ImportRun,
  type Stopped,
} from './company-import-run.ts';
import {
  deleteStaged,
  finishImport,
  indexStagedByCode,
  indexStagedByRank,
  readStagedBatch,
  readStagedDuplicates,
  resetImport,
  stageCompanies,
} from './company-import.repository.ts';
import type { ImportState, StagedCompany } from './company-import.repository.ts';
import { hasGramTree, optimizeCompanyIndex, rebuildSearchIndex, TREE_MIN_COMPANIES } from './company-index.repository.ts';
import { createCompanyRepository } from './company-search.repository.ts';
import { upsertCompanies } from './company-upsert.repository.ts';

export type { CompanyImportOptions, ImportOutcome, ImportProgress, ImportSummary } from './company-import-run.ts';

/**
 * Loads a company file into the directory in two resumable phases
 * (docs/decisions/021-company-import.md):
 * 1. staging: the file is streamed, each row checked (packages/domain/src/company-import.ts) and
 *    staged, one transaction per batch that also saves the checkpoint (lines done, counts, the
 *    length of the rejects file); bad rows go to the rejects file with their reason;
 * 2. merging: the staging table is walked in rank order (keyset pages) and upserted into
 *    `companies` and the search index by credit code, one transaction per batch with the cursor;
 * then the index is optimised and the staging table emptied.
 * Interrupted anywhere, the next run over the same file resumes from the last checkpoint.
 */

export async function importCompanyFile(database: AppDatabase, opts: CompanyImportOptions): Promise<ImportOutcome> {
  const outcome = await withAdvisoryLock(database, 'companies:import', () => runImport(database, opts));
  return outcome === 'skipped' ? { ok: false, reason: 'busy' } : outcome;
}

async function runImport(database: AppDatabase, opts: CompanyImportOptions): Promise<ImportOutcome> {
  const run = await startRun(database, opts);
  try {
    const stopped = (run.state.phase === 'staging' ? await stageFile(run) : undefined) ?? (await dropDuplicates(run));
    if (stopped) return stopped;
  } finally {
    run.rejects?.close();
  }
  const stopped = await mergeStaged(run);
  if (stopped) return stopped;
  await finishRun(run);
  return { ok: true, summary: summaryOf(run) };
}

/** The rows read since the last commit: checked ones to stage, rejected ones to write. */
interface StagingBatch {
  good: StagedCompany[];
  rejects: Reject[];
  items: number;
  lastLine: number;
}

/** Checks one record of the file into the batch. */
function addToBatch(batch: StagingBatch, item: Extract<ImportFileItem, { kind: 'row' | 'malformed' }>): void {
  batch.items++;
  batch.lastLine = item.line;
  if (item.kind === 'malformed') {
    batch.rejects.push({ line: item.line, reason: 'malformed_line', detail: item.detail, raw: item.raw });
    return;
  }
  const check = checkImportRow(item.fields);
  if (check.ok) batch.good.push({ ...check.company, name_len: codePointLength(check.company.name_norm), line: item.line });
  else batch.rejects.push({ line: item.line, reason: check.reason, detail: check.detail ?? '', raw: item.raw });
}

/** Commits a batch of the staging phase with its checkpoint; `last`: the file is read, the duplicate pass is next. */
async function commitStagingBatch(run: ImportRun, file: RejectsFile, batch: StagingBatch, last: boolean): Promise<void> {
  await run.database.db.transaction().execute(async (trx) => {
    await stageCompanies(run.database, trx, batch.good);
    if (last) await indexStagedByCode(trx);
    const { fields, counts } = appendRejects(run, file, batch.rejects);
    const { state } = run;
    const next: ImportState = {
      ...state,
      ...fields,
      phase: last ? 'deduplicating' : 'staging',
      lines_done: batch.lastLine,
      rows_read: state.rows_read + batch.items,
      staged: state.staged + batch.good.length,
    };
    await checkpoint(run, trx, next, counts);
  });
  run.rowsReadThisRun += batch.items;
  progress(run, 'staging');
}

/** Phase 1: the file streamed, each row checked and staged, one transaction per batch. */
async function stageFile(run: ImportRun): Promise<Stopped> {
  const { opts } = run;
  async function* counted(): AsyncGenerator<Uint8Array> {
    for await (const chunk of createReadStream(opts.file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
      run.bytesRead += chunk.length;
      yield chunk;
    }
  }
  const items = readCompanyFile(counted(), { format: opts.format, encoding: opts.encoding, skipThroughLine: run.state.lines_done });
  const first = await items.next();
  if (first.done || first.value.kind !== 'header') throw new AppError('INTERNAL', 'company file reader: the header comes first');
  const header = first.value.header;
  if (!header.ok) {
    await items.return(undefined);
    return { ok: false, reason: 'bad_header', missing: header.missing, duplicated: header.duplicated };
  }
  const file = openRejects(run, !run.resumed);
  if (!run.resumed) await run.database.db.transaction().execute((trx) => resetImport(trx, run.state));

  const newBatch = (): StagingBatch => ({ good: [], rejects: [], items: 0, lastLine: run.state.lines_done });
  let batch = newBatch();
  for await (const item of items) {
    if (item.kind === 'header') continue;
    if (item.kind === 'unreadable') {
      await commitStagingBatch(run, file, batch, false);
      return { ok: false, reason: 'unreadable', line: item.line, detail: item.detail, summary: summaryOf(run) };
    }
    addToBatch(batch, item);
    if (batch.items >= opts.batchSize) {
      await commitStagingBatch(run, file, batch, false);
      batch = newBatch();
      const stopped = interrupted(run);
      if (stopped) {
        await items.return(undefined);
        return stopped;
      }
    }
  }
  await commitStagingBatch(run, file, batch, true);
  return undefined;
}

/**
 * Phase 2: a credit code on several lines: the first stays, the later ones are rejected (their
 * fields as read: the staging table does not keep raw text). Then the staged rows are indexed in
 * rank order for the merge.
 */
async function dropDuplicates(run: ImportRun): Promise<Stopped> {
  while (run.state.phase === 'deduplicating') {
    const file = run.rejects ?? openRejects(run, false);
    // Pages stay under the databases' bound-parameter limits (the delete lists the lines).
    const duplicates = await readStagedDuplicates(run.database, run.state.dedupe_after, Math.min(run.opts.batchSize, 10_000));
    await run.database.db.transaction().execute(async (trx) => {
      if (duplicates.length === 0) {
        await indexStagedByRank(trx);
        await checkpoint(run, trx, { ...run.state, phase: 'merging' });
        return;
      }
      const { fields, counts } = appendRejects(
        run,
        file,
        duplicates.map((d) => ({
          line: d.line,
          reason: 'duplicate_in_file',
          detail: `与第 ${String(d.first_line)} 行重复`,
          raw: [d.name, d.credit_code, d.oper_name, d.status ?? '', d.region ?? '', d.established ?? ''].map(csvCell).join(','),
        })),
      );
      await deleteStaged(trx, duplicates.map((d) => d.line));
      const next: ImportState = { ...run.state, ...fields, dedupe_after: duplicates[duplicates.length - 1]!.line, staged: run.state.staged - duplicates.length };
      await checkpoint(run, trx, next, counts);
    });
    progress(run, 'deduplicating');
    const stopped = interrupted(run);
    if (stopped) return stopped;
  }
  return undefined;
}

/** Phase 3: the staged rows walked in rank order and upserted by credit code, one transaction per batch with the cursor. */
async function mergeStaged(run: ImportRun): Promise<Stopped> {
  for (;;) {
    const { state } = run;
    const after = state.merge_len === null ? null : { name_len: state.merge_len, name_norm: state.merge_name ?? '', credit_code: state.merge_code ?? '' };
    const batch = await readStagedBatch(run.database, after, run.opts.batchSize);
    if (batch.length === 0) return undefined;
    await run.database.db.transaction().execute(async (trx) => {
      const counts = await upsertCompanies(run.database, trx, batch);
      const lastRow = batch[batch.length - 1]!;
      await checkpoint(run, trx, {
        ...run.state,
        merge_len: lastRow.name_len,
        merge_name: lastRow.name_norm,
        merge_code: lastRow.credit_code,
        inserted: run.state.inserted + counts.inserted,
        updated: run.state.updated + counts.updated,
        renamed: run.state.renamed + counts.renamed,
        unchanged: run.state.unchanged + counts.unchanged,
      });
    });
    progress(run, 'merging');
    const stopped = interrupted(run);
    if (stopped) return stopped;
  }
}

/** Last: the index given a gram tree or optimised, the staging table emptied, the checkpoint gone. */
async function finishRun(run: ImportRun): Promise<void> {
  const { database, state } = run;
  // A large directory without a gram tree (filled by merges, never by a bulk load) gets one now,
  // so that keywords whose bigrams are all common stay fast (docs/decisions/027-extension-grams.md).
  if (state.inserted > 0 && !(await hasGramTree(database)) && (await createCompanyRepository(database).count()) >= TREE_MIN_COMPANIES) {
    progress(run, 'indexing');
    await rebuildSearchIndex(database);
  } else {
    progress(run, 'optimizing');
    if (state.inserted + state.updated > 0) await optimizeCompanyIndex(database);
  }
  await database.db.transaction().execute((trx) => finishImport(trx));
}
