import { createHash } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import { IMPORT_REJECT_REASONS } from '@kuaibao/domain';
import type { ImportField, ImportRejectReason } from '@kuaibao/domain';
import type { Transaction } from 'kysely';
import type { AppDatabase } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { ImportEncoding, ImportFormat } from './company-import-file.ts';
import { emptyRejected, openRejectsFile, type Reject, type RejectCounts, type RejectsFile } from './company-import-rejects.ts';
import { readImportState, saveImportState, type ImportState } from './company-import.repository.ts';

/**
 * One run of `npm run companies:import` (docs/decisions/021-company-import.md): its options, what
 * it reports, and the checkpoint it carries from phase to phase (company-import.service.ts).
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

/** One run of the import: the checkpoint as last committed, and what this run has done. */
export interface ImportRun {
  readonly database: AppDatabase;
  readonly opts: CompanyImportOptions;
  readonly resumed: boolean;
  readonly discardedOther: boolean;
  readonly started: number;
  readonly bytesTotal: number;
  state: ImportState;
  /** rejected rows per reason, as committed */
  readonly rejected: RejectCounts;
  rowsReadThisRun: number;
  bytesRead: number;
  /** open from the staging phase on, or once the duplicate pass needs it */
  rejects: RejectsFile | undefined;
}

/** A run stopped before the end; undefined when it goes on to the next phase. */
export type Stopped = Exclude<ImportOutcome, { ok: true }> | undefined;

function freshState(fingerprint: string, now: () => Date): ImportState {
  return {
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
}

/** The run: resumed from the checkpoint of the same file, or started afresh. */
export async function startRun(database: AppDatabase, opts: CompanyImportOptions): Promise<ImportRun> {
  const started = performance.now();
  const { fingerprint, size } = await fingerprintOf(opts.file, opts.format, opts.encoding);
  const previous = await readImportState(database);
  const resumed = previous !== undefined && previous.fingerprint === fingerprint && opts.restart !== true;
  const state = resumed ? previous : freshState(fingerprint, opts.now ?? (() => new Date()));
  const rejected = { ...emptyRejected(), ...(JSON.parse(state.rejected_json) as Partial<RejectCounts>) };
  return { database, opts, resumed, discardedOther: previous !== undefined && !resumed, started, bytesTotal: size, state, rejected, rowsReadThisRun: 0, bytesRead: 0, rejects: undefined };
}

export function progress(run: ImportRun, phase: ImportProgress['phase']): void {
  const { state } = run;
  run.opts.onProgress?.({
    phase,
    rowsRead: state.rows_read,
    bytesRead: run.bytesRead,
    bytesTotal: run.bytesTotal,
    merged: state.inserted + state.updated + state.unchanged,
    mergeTotal: state.staged,
  });
}

export function summaryOf(run: ImportRun): ImportSummary {
  const { state, rejected } = run;
  return {
    resumed: run.resumed,
    discardedOther: run.discardedOther,
    rowsRead: state.rows_read,
    staged: state.staged,
    rejected: { ...rejected },
    rejectedTotal: Object.values(rejected).reduce((a, b) => a + b, 0),
    inserted: state.inserted,
    updated: state.updated,
    renamed: state.renamed,
    unchanged: state.unchanged,
    rowsReadThisRun: run.rowsReadThisRun,
    elapsedMs: Math.round(performance.now() - run.started),
    rejectsFile: run.opts.rejectsFile,
  };
}

/** Checked after each committed batch: the run stops there and the next one resumes. */
export function interrupted(run: ImportRun): Stopped {
  return run.opts.signal?.aborted === true ? { ok: false, reason: 'interrupted', summary: summaryOf(run) } : undefined;
}

/** Opens the rejects file at the checkpoint's length (fresh: with only its header). */
export function openRejects(run: ImportRun, fresh: boolean): RejectsFile {
  const { file, bytes } = openRejectsFile(run.opts.rejectsFile, fresh, run.state.rejects_bytes);
  run.state.rejects_bytes = bytes;
  run.rejects = file;
  return file;
}

/** Appends rejects (before the commit that records them); the checkpoint fields that change, and the counts to add once committed. */
export function appendRejects(run: ImportRun, file: RejectsFile, list: Reject[]): { fields: Pick<ImportState, 'rejects_bytes' | 'rejected_json'>; counts: RejectCounts } {
  const { bytes, counts } = file.append(list);
  const rejectedJson = JSON.stringify(Object.fromEntries(IMPORT_REJECT_REASONS.map((r) => [r, run.rejected[r] + counts[r]])));
  return { fields: { rejects_bytes: run.state.rejects_bytes + bytes, rejected_json: rejectedJson }, counts };
}

/** Saves the next checkpoint in `trx`, and takes it (with the reject counts it records) as the run's state. */
export async function checkpoint(run: ImportRun, trx: Transaction<Database>, next: ImportState, counts?: RejectCounts): Promise<void> {
  await saveImportState(trx, next);
  run.state = next;
  if (counts) for (const r of IMPORT_REJECT_REASONS) run.rejected[r] += counts[r];
}

