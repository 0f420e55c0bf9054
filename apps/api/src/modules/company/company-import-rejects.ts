import { closeSync, fstatSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { AppError, IMPORT_REJECT_REASONS, IMPORT_REJECT_TEXT } from '@kuaibao/domain';
import type { ImportRejectReason } from '@kuaibao/domain';

/**
 * The rejects file of `npm run companies:import` (docs/decisions/021-company-import.md): one CSV
 * line per rejected row with its reason, appended before the commit that records it and cut back
 * to the checkpoint's length when a run resumes.
 */

export interface Reject {
  line: number;
  reason: ImportRejectReason;
  detail: string;
  raw: string;
}

export type RejectCounts = Record<ImportRejectReason, number>;

export const REJECTS_HEADER = '\uFEFF行号,原因代码,原因,说明,原始内容\n';

export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value;
}

export function emptyRejected(): RejectCounts {
  return Object.fromEntries(IMPORT_REJECT_REASONS.map((r) => [r, 0])) as RejectCounts;
}

export interface RejectsFile {
  /** Appends rejects in line order; the bytes written and the count per reason. */
  append(list: Reject[]): { bytes: number; counts: RejectCounts };
  close(): void;
}

/**
 * The rejects file as the checkpoint has it (`checkpointBytes` long): what a killed run wrote
 * after its last commit is cut off. A fresh (or headerless) file starts with the header; `bytes`
 * is the file's length once opened.
 */
export function openRejectsFile(path: string, fresh: boolean, checkpointBytes: number): { file: RejectsFile; bytes: number } {
  const fd = openSync(path, fresh ? 'w' : 'a+');
  let bytes = checkpointBytes;
  if (fresh || fstatSync(fd).size < REJECTS_HEADER.length) {
    ftruncateSync(fd, 0);
    bytes = writeSync(fd, REJECTS_HEADER);
  } else {
    ftruncateSync(fd, checkpointBytes);
  }
  const file: RejectsFile = {
    append(list) {
      list.sort((x, y) => x.line - y.line);
      const text = list.map((r) => `${String(r.line)},${r.reason},${IMPORT_REJECT_TEXT[r.reason]},${csvCell(r.detail)},${csvCell(r.raw)}\n`).join('');
      const written = Buffer.byteLength(text);
      if (written > 0 && writeSync(fd, text) !== written) throw new AppError('INTERNAL', 'short write to the rejects file');
      const counts = emptyRejected();
      for (const r of list) counts[r.reason]++;
      return { bytes: written, counts };
    },
    close: () => closeSync(fd),
  };
  return { file, bytes };
}
