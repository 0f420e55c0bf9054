import { once } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { SHANGHAI_UTC_OFFSET_MS, formatShanghaiDateTime } from '@kuaibao/domain';

export type ExportFormat = 'xlsx' | 'csv';

/**
 * What a column holds, so each format can write it as an accountant's spreadsheet expects
 * (docs/decisions/061-exports-for-accountants.md):
 * - `text` (the default): a string cell; in CSV a value a spreadsheet would turn into a number
 *   (a credit code, a phone, a transaction number) is written in the `="…"` form;
 * - `amount`: integer fen, written as yuan, a number cell formatted 0.00;
 * - `datetime`: an ISO instant, a date cell in Beijing time (yyyy-mm-dd hh:mm:ss);
 * - `date`: a Beijing day `YYYY-MM-DD`, a date cell (yyyy-mm-dd);
 * - `count`: a whole number.
 */
export type ExportColumnKind = 'text' | 'amount' | 'datetime' | 'date' | 'count';

export interface ExportColumn<R> {
  header: string;
  /** the XLSX column width, in characters */
  width: number;
  kind?: ExportColumnKind;
  value: (row: R) => string | number | null;
}

/** The XLSX number formats of the kinds that have one. */
export const EXPORT_NUMBER_FORMATS = { amount: '0.00', datetime: 'yyyy-mm-dd hh:mm:ss', date: 'yyyy-mm-dd', count: '0' } as const;

const CELL_STYLES: Record<ExportColumnKind, Partial<ExcelJS.Style>> = {
  text: {},
  amount: { numFmt: EXPORT_NUMBER_FORMATS.amount },
  datetime: { numFmt: EXPORT_NUMBER_FORMATS.datetime },
  date: { numFmt: EXPORT_NUMBER_FORMATS.date },
  count: { numFmt: EXPORT_NUMBER_FORMATS.count },
};

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

/**
 * A string a spreadsheet would read as a number when it opens a CSV: digits, or digits then
 * letters and digits (`1E5`, a credit code that starts with digits). Excel turns
 * 914403001457799086 into 9.14403E+17 and drops a phone's or an id's leading zeros.
 */
const NUMBER_LOOKING = /^[0-9][0-9A-Za-z]*$/;

/**
 * In CSV such a string is written as the formula `="…"`, whose result is the text itself: Excel
 * and WPS both show it as text, whole (decision 061 says why not a leading tab or apostrophe).
 * Only letters and digits ever go inside, so the form cannot carry a formula of its own.
 */
export function csvTextCell(value: string): string {
  return NUMBER_LOOKING.test(value) ? `="${value}"` : value;
}

/** Beijing wall-clock time as the UTC fields of a Date: exceljs writes a Date's UTC fields as the cell's date. */
function beijingCellDate(iso: string): Date | null {
  const time = Date.parse(iso.length === 10 ? `${iso}T00:00:00+08:00` : iso);
  return Number.isNaN(time) ? null : new Date(time + SHANGHAI_UTC_OFFSET_MS);
}

function yuanText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.round(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A value as the CSV text of its column's kind (before quoting). */
function csvValue(kind: ExportColumnKind, value: string | number | null): string | number {
  if (value === null || value === '') return '';
  switch (kind) {
    case 'amount':
      return typeof value === 'number' ? yuanText(value) : value;
    case 'datetime':
      return typeof value === 'string' ? formatShanghaiDateTime(value).replace('—', '') : value;
    case 'date':
    case 'count':
      return value;
    case 'text': {
      const safe = safeCell(value);
      return typeof safe === 'string' ? csvTextCell(safe) : safe;
    }
  }
}

/** A value as the XLSX cell of its column's kind: numbers, dates and strings as such. */
function xlsxValue(kind: ExportColumnKind, value: string | number | null): string | number | Date | null {
  if (value === null || value === '') return null;
  switch (kind) {
    case 'amount':
      return typeof value === 'number' ? value / 100 : value;
    case 'datetime':
    case 'date':
      return typeof value === 'string' ? beijingCellDate(value) : value;
    case 'count':
      return value;
    case 'text':
      // Always a string cell, whatever it looks like (a credit code, a phone).
      return String(safeCell(value));
  }
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
      out.write(rows.map((row) => `${columns.map((c) => csvField(csvValue(c.kind ?? 'text', c.value(row)))).join(',')}\r\n`).join(''));
      await drained(out);
    });
    out.end();
  }

  async function writeXlsx(): Promise<void> {
    // Styles on (a handful of number formats, shared by every cell); shared strings off: they would hold every string in memory.
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    // The header stays in view while scrolling, and carries the filter buttons.
    const sheet = workbook.addWorksheet(input.sheet, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
    sheet.columns = columns.map((c, i) => ({ key: `c${i}`, width: c.width }));
    // One style object per kind, shared by every cell of it: exceljs remembers each style object it
    // has seen in a WeakMap, and a per-cell object (what a column style gives) made the export's
    // memory grow with the rows (54 MB at 100,000 in bench:export).
    const styles = columns.map((c) => CELL_STYLES[c.kind ?? 'text']);
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
    const header = sheet.addRow(columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
    await eachBatch(async (rows) => {
      for (const row of rows) {
        const added = sheet.addRow(columns.map((c) => xlsxValue(c.kind ?? 'text', c.value(row))));
        for (let i = 0; i < styles.length; i++) added.getCell(i + 1).style = styles[i]!;
        added.commit();
      }
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
