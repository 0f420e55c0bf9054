import { once } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';

export type ExportFormat = 'xlsx' | 'csv';

export interface ExportColumn<R> {
  header: string;
  /** the XLSX column width, in characters */
  width: number;
  value: (row: R) => string | number | null;
}

/** How many rows one database read fetches: the memory an export holds at once is one batch. */
export const EXPORT_BATCH_ROWS = 1000;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) is written as
 * text with a leading apostrophe: a company name or a complaint cannot become a formula in the
 * admin's Excel (CSV / formula injection).
 */
export function safeCell(value: string | number | null): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The bytes of sheet XML written but not yet compressed: exceljs' sheet stream hands every block to
 * the zip entry it is piped into without waiting (its `pipes`), so they queue there as uncompressed XML.
 */
function sheetBacklog(sheet: unknown): number {
  // The entry is a readable-stream v3 PassThrough (archiver's), whose state has no public getters there.
  type Queued = { _writableState?: { length?: number }; _readableState?: { length?: number } };
  const stream = (sheet as { stream?: { buffers?: unknown[]; pipes?: Queued[] } }).stream;
  const piped = (stream?.pipes ?? []).reduce((sum, pipe) => sum + (pipe._writableState?.length ?? 0) + (pipe._readableState?.length ?? 0), 0);
  return piped + (stream?.buffers?.length ?? 0) * 65536;
}
/** At most this much sheet XML waits for the zip. */
const SHEET_BACKLOG_BYTES = 1024 * 1024;

/** Waits while the reader is behind: the writer never runs ahead of the download by more than a buffer. */
async function drained(out: Writable): Promise<void> {
  if (out.writableNeedDrain) await once(out, 'drain');
}

/**
 * Streams a list as XLSX (exceljs' streaming WorkbookWriter: rows are committed and zipped as they
 * come, no workbook in memory) or CSV (UTF-8 with a BOM, which Excel needs to read Chinese), one
 * batch of rows at a time from `nextBatch` (keyset: the rows after the previous batch's last, in the list's order). Memory stays at
 * about one batch and the stream buffers, however many rows (npm run bench:export measures it).
 */
export function streamExport<R extends { id: number }>(input: { format: ExportFormat; sheet: string; columns: ReadonlyArray<ExportColumn<R>>; nextBatch: (after: R | undefined) => Promise<R[]> }): Readable {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const { columns } = input;

  async function eachBatch(write: (rows: R[]) => Promise<void>): Promise<void> {
    let after: R | undefined;
    for (;;) {
      const rows = await input.nextBatch(after);
      if (rows.length === 0) return;
      await write(rows);
      after = rows[rows.length - 1]!;
      if (rows.length < EXPORT_BATCH_ROWS) return;
    }
  }

  async function writeCsv(): Promise<void> {
    out.write(`\uFEFF${columns.map((c) => csvField(c.header)).join(',')}\r\n`);
    await eachBatch(async (rows) => {
      out.write(rows.map((row) => `${columns.map((c) => csvField(safeCell(c.value(row)))).join(',')}\r\n`).join(''));
      await drained(out);
    });
    out.end();
  }

  async function writeXlsx(): Promise<void> {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet(input.sheet);
    sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
    await eachBatch(async (rows) => {
      for (const row of rows) sheet.addRow(columns.map((c) => safeCell(c.value(row)))).commit();
      // A committed row's XML queues in front of the zip's compressor, which runs only as fast as the
      // download takes its output: waiting on the response alone let that queue grow with the rows
      // (65 MB at 100,000 in bench:export). So wait until the zip has taken it.
      while (sheetBacklog(sheet) > SHEET_BACKLOG_BYTES) await new Promise<void>((resolve) => setTimeout(resolve, 2));
      await drained(out);
    });
    sheet.commit();
    await workbook.commit();
  }

  (input.format === 'csv' ? writeCsv() : writeXlsx()).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
