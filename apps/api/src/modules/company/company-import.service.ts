import { createHash } from 'node:crypto';
import { closeSync, createReadStream, fstatSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { AppError, checkImportRow, IMPORT_REJECT_REASONS, IMPORT_REJECT_TEXT } from '@kuaibao/domain';
import type { ImportField, ImportRejectReason } from '@kuaibao/domain';
import type { AppDatabase } from '../../db/database.ts';
import { withAdvisoryLock } from '../../db/advisory-lock.ts';
import { readCompanyFile } from './company-import-file.ts';
import type { ImportEncoding, ImportFormat } from './company-import-file.ts';
import {
  deleteStaged,
  finishImport,
  indexStagedByCode,
  indexStagedByRank,
  readImportState,
  readStagedBatch,
  readStagedDuplicates,
  resetImport,
  saveImportState,
  stageCompanies,
} from './company-import.repository.ts';
import type { ImportState, StagedCompany } from './company-import.repository.ts';
import { hasGramTree, optimizeCompanyIndex, rebuildSearchIndex, TREE_MIN_COMPANIES } from './company-index.repository.ts';
import { createCompanyRepository } from './company-search.repository.ts';
import { upsertCompanies } from './company-upsert.repository.ts';

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

export interface CompanyImportOptions {
  file: string;
  format: ImportFormat;
  encoding: ImportEncoding;
  rejectsFile: string;
  /** rows per transaction */
  batchSize: number;
  /** discard an unfinished import of this file and start again */
  restart?: boolean;
  /** checked after each committed batch: stop there (the next run resumes) */
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgress) => void;
  now?: () => Date;
}

export interface ImportProgress {
  phase: 'staging' | 'deduplicating' | 'merging' | 'indexing' | 'optimizing';
  /** records read from the file so far (all runs) */
  rowsRead: number;
  bytesRead: number;
  bytesTotal: number;
  merged: number;
  mergeTotal: number;
}

export interface ImportSummary {
  /** this run continued an interrupted one */
  resumed: boolean;
  /** an unfinished import of another file (or with other options) was discarded */
  discardedOther: boolean;
  rowsRead: number;
  staged: number;
  rejected: Record<ImportRejectReason, number>;
  rejectedTotal: number;
  inserted: number;
  updated: number;
  renamed: number;
  unchanged: number;
  /** records read by this run (less than rowsRead when resumed) */
  rowsReadThisRun: number;
  elapsedMs: number;
  rejectsFile: string;
}

export type ImportOutcome =
  | { ok: true; summary: ImportSummary }
  | { ok: false; reason: 'interrupted'; summary: ImportSummary }
  | { ok: false; reason: 'bad_header'; missing: ImportField[]; duplicated: ImportField[] }
  /** the file cannot be read past `line` (what came before is staged; fix the file and import it again) */
  | { ok: false; reason: 'unreadable'; line: number; detail: string; summary: ImportSummary }
  | { ok: false; reason: 'busy' };

const REJECTS_HEADER = '\uFEFF行号,原因代码,原因,说明,原始内容\n';

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value;
}

function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Size, modification time, first and last 64 KiB, and the reading options. */
async function fingerprintOf(file: string, format: ImportFormat, encoding: ImportEncoding): Promise<{ fingerprint: string; size: number }> {
  const info = await stat(file);
  const handle = await open(file, 'r');
  try {
    const hash = createHash('sha256').update(`${format}:${encoding}:${String(info.size)}:${String(info.mtimeMs)}:`);
    const span = Math.min(65536, info.size);
    const head = Buffer.alloc(span);
    await handle.read(head, 0, span, 0);
    const tail = Buffer.alloc(span);
    await handle.read(tail, 0, span, info.size - span);
    hash.update(head).update(tail);
    return { fingerprint: hash.digest('hex'), size: info.size };
  } finally {
    await handle.close();
  }
}

function emptyRejected(): Record<ImportRejectReason, number> {
  return Object.fromEntries(IMPORT_REJECT_REASONS.map((r) => [r, 0])) as Record<ImportRejectReason, number>;
}

export async function importCompanyFile(database: AppDatabase, opts: CompanyImportOptions): Promise<ImportOutcome> {
  const outcome = await withAdvisoryLock(database, 'companies:import', () => runImport(database, opts));
  return outcome === 'skipped' ? { ok: false, reason: 'busy' } : outcome;
}

async function runImport(database: AppDatabase, opts: CompanyImportOptions): Promise<ImportOutcome> {
  const started = performance.now();
  const now = opts.now ?? (() => new Date());
  const { fingerprint, size } = await fingerprintOf(opts.file, opts.format, opts.encoding);
  const previous = await readImportState(database);
  const resumed = previous !== undefined && previous.fingerprint === fingerprint && opts.restart !== true;
  const discardedOther = previous !== undefined && !resumed;

  let state: ImportState = resumed
    ? previous
    : {
        id: 1,
        fingerprint,
        phase: 'staging',
        lines_done: 0,
        dedupe_after: 0,
        rows_read: 0,
        staged: 0,
        rejected_json: JSON.stringify(emptyRejected()),
        rejects_bytes: 0,
        merge_len: null,
        merge_name: null,
        merge_code: null,
        inserted: 0,
        updated: 0,
        renamed: 0,
        unchanged: 0,
        started_at: now().toISOString(),
      };
  const rejected = { ...emptyRejected(), ...(JSON.parse(state.rejected_json) as Partial<Record<ImportRejectReason, number>>) };
  let rowsReadThisRun = 0;
  let bytesRead = 0;
  const progress = (phase: ImportProgress['phase']) =>
    opts.onProgress?.({
      phase,
      rowsRead: state.rows_read,
      bytesRead,
      bytesTotal: size,
      merged: state.inserted + state.updated + state.unchanged,
      mergeTotal: state.staged,
    });
  const summary = (): ImportSummary => ({
    resumed,
    discardedOther,
    rowsRead: state.rows_read,
    staged: state.staged,
    rejected: { ...rejected },
    rejectedTotal: Object.values(rejected).reduce((a, b) => a + b, 0),
    inserted: state.inserted,
    updated: state.updated,
    renamed: state.renamed,
    unchanged: state.unchanged,
    rowsReadThisRun,
    elapsedMs: Math.round(performance.now() - started),
    rejectsFile: opts.rejectsFile,
  });
  const interrupted = () => opts.signal?.aborted === true;

  type Reject = { line: number; reason: ImportRejectReason; detail: string; raw: string };
  let rejectsFd: number | undefined;
  /** The rejects file as the checkpoint has it: what a killed run wrote after its last commit is cut off. */
  const openRejects = (fresh: boolean): number => {
    const fd = openSync(opts.rejectsFile, fresh ? 'w' : 'a+');
    if (fresh || fstatSync(fd).size < REJECTS_HEADER.length) {
      ftruncateSync(fd, 0);
      state.rejects_bytes = writeSync(fd, REJECTS_HEADER);
    } else {
      ftruncateSync(fd, state.rejects_bytes);
    }
    return fd;
  };
  /** Appends rejects (before the commit that records them); returns the checkpoint fields that change. */
  const writeRejects = (fd: number, list: Reject[]): Pick<ImportState, 'rejects_bytes' | 'rejected_json'> & { counts: Record<ImportRejectReason, number> } => {
    list.sort((x, y) => x.line - y.line);
    const text = list.map((r) => `${String(r.line)},${r.reason},${IMPORT_REJECT_TEXT[r.reason]},${csvCell(r.detail)},${csvCell(r.raw)}\n`).join('');
    const bytes = Buffer.byteLength(text);
    if (bytes > 0 && writeSync(fd, text) !== bytes) throw new AppError('INTERNAL', 'short write to the rejects file');
    const counts = emptyRejected();
    for (const r of list) counts[r.reason]++;
    return {
      rejects_bytes: state.rejects_bytes + bytes,
      rejected_json: JSON.stringify(Object.fromEntries(IMPORT_REJECT_REASONS.map((r) => [r, rejected[r] + counts[r]]))),
      counts,
    };
  };
  const commitRejected = (counts: Record<ImportRejectReason, number>) => {
    for (const r of IMPORT_REJECT_REASONS) rejected[r] += counts[r];
  };

  try {
    if (state.phase === 'staging') {
      async function* counted(): AsyncGenerator<Uint8Array> {
        for await (const chunk of createReadStream(opts.file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
          bytesRead += chunk.length;
          yield chunk;
        }
      }
      const items = readCompanyFile(counted(), { format: opts.format, encoding: opts.encoding, skipThroughLine: state.lines_done });
      const first = await items.next();
      if (first.done || first.value.kind !== 'header') throw new AppError('INTERNAL', 'company file reader: the header comes first');
      const header = first.value.header;
      if (!header.ok) {
        await items.return(undefined);
        return { ok: false, reason: 'bad_header', missing: header.missing, duplicated: header.duplicated };
      }
      const fd = openRejects(!resumed);
      rejectsFd = fd;
      if (!resumed) {
        const fresh = state;
        await database.db.transaction().execute((trx) => resetImport(trx, fresh));
      }

      let good: StagedCompany[] = [];
      let rejects: Reject[] = [];
      let itemsInBatch = 0;
      let lastLine = state.lines_done;
      const flush = async (last: boolean) => {
        await database.db.transaction().execute(async (trx) => {
          await stageCompanies(database, trx, good);
          if (last) await indexStagedByCode(trx);
          const { counts, ...rejectFields } = writeRejects(fd, rejects);
          const next: ImportState = {
            ...state,
            ...rejectFields,
            phase: last ? 'deduplicating' : 'staging',
            lines_done: lastLine,
            rows_read: state.rows_read + itemsInBatch,
            staged: state.staged + good.length,
          };
          await saveImportState(trx, next);
          state = next;
          commitRejected(counts);
        });
        rowsReadThisRun += itemsInBatch;
        good = [];
        rejects = [];
        itemsInBatch = 0;
        progress('staging');
      };
      for await (const item of items) {
        if (item.kind === 'header') continue;
        if (item.kind === 'unreadable') {
          await flush(false);
          return { ok: false, reason: 'unreadable', line: item.line, detail: item.detail, summary: summary() };
        }
        itemsInBatch++;
        lastLine = item.line;
        if (item.kind === 'malformed') {
          rejects.push({ line: item.line, reason: 'malformed_line', detail: item.detail, raw: item.raw });
        } else {
          const check = checkImportRow(item.fields);
          if (check.ok) good.push({ ...check.company, name_len: codePointLength(check.company.name_norm), line: item.line });
          else rejects.push({ line: item.line, reason: check.reason, detail: check.detail ?? '', raw: item.raw });
        }
        if (itemsInBatch >= opts.batchSize) {
          await flush(false);
          if (interrupted()) {
            await items.return(undefined);
            return { ok: false, reason: 'interrupted', summary: summary() };
          }
        }
      }
      await flush(true);
    }

    // A credit code on several lines: the first stays, the later ones are rejected (their fields
    // as read: the staging table does not keep raw text).
    while (state.phase === 'deduplicating') {
      const fd = (rejectsFd ??= openRejects(false));
      // Pages stay under the databases' bound-parameter limits (the delete lists the lines).
      const duplicates = await readStagedDuplicates(database, state.dedupe_after, Math.min(opts.batchSize, 10_000));
      await database.db.transaction().execute(async (trx) => {
        if (duplicates.length === 0) {
          await indexStagedByRank(trx);
          const next: ImportState = { ...state, phase: 'merging' };
          await saveImportState(trx, next);
          state = next;
          return;
        }
        const { counts, ...rejectFields } = writeRejects(
          fd,
          duplicates.map((d) => ({
            line: d.line,
            reason: 'duplicate_in_file',
            detail: `与第 ${String(d.first_line)} 行重复`,
            raw: [d.name, d.credit_code, d.oper_name, d.status ?? '', d.region ?? '', d.established ?? ''].map(csvCell).join(','),
          })),
        );
        await deleteStaged(trx, duplicates.map((d) => d.line));
        const next: ImportState = {
          ...state,
          ...rejectFields,
          dedupe_after: duplicates[duplicates.length - 1]!.line,
          staged: state.staged - duplicates.length,
        };
        await saveImportState(trx, next);
        state = next;
        commitRejected(counts);
      });
      progress('deduplicating');
      if (interrupted()) return { ok: false, reason: 'interrupted', summary: summary() };
    }
  } finally {
    if (rejectsFd !== undefined) closeSync(rejectsFd);
  }

  for (;;) {
    const after = state.merge_len === null ? null : { name_len: state.merge_len, name_norm: state.merge_name ?? '', credit_code: state.merge_code ?? '' };
    const batch = await readStagedBatch(database, after, opts.batchSize);
    if (batch.length === 0) break;
    await database.db.transaction().execute(async (trx) => {
      const counts = await upsertCompanies(database, trx, batch);
      const lastRow = batch[batch.length - 1]!;
      const next: ImportState = {
        ...state,
        merge_len: lastRow.name_len,
        merge_name: lastRow.name_norm,
        merge_code: lastRow.credit_code,
        inserted: state.inserted + counts.inserted,
        updated: state.updated + counts.updated,
        renamed: state.renamed + counts.renamed,
        unchanged: state.unchanged + counts.unchanged,
      };
      await saveImportState(trx, next);
      state = next;
    });
    progress('merging');
    if (interrupted()) return { ok: false, reason: 'interrupted', summary: summary() };
  }

  // A large directory without a gram tree (filled by merges, never by a bulk load) gets one now,
  // so that keywords whose bigrams are all common stay fast (docs/decisions/027-extension-grams.md).
  if (state.inserted > 0 && !(await hasGramTree(database)) && (await createCompanyRepository(database).count()) >= TREE_MIN_COMPANIES) {
    progress('indexing');
    await rebuildSearchIndex(database);
  } else {
    progress('optimizing');
    if (state.inserted + state.updated > 0) await optimizeCompanyIndex(database);
  }
  await database.db.transaction().execute((trx) => finishImport(trx));
  return { ok: true, summary: summary() };
}
