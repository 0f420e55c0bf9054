import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { importFieldOf, mapImportHeader } from '@kuaibao/domain';
import type { ImportField } from '@kuaibao/domain';

/**
 * Streaming reader of a company file (CSV per RFC 4180, or JSON Lines), in UTF-8 or GBK: yields
 * one item per record, in file order, never holding more than the parser's buffer
 * (docs/decisions/021-company-import.md).
 */

export type ImportFormat = 'csv' | 'jsonl';
export type ImportEncoding = 'utf8' | 'gbk';

export type ImportFileItem =
  /** A record, fields by name; `line` is the line its last character is on (1-based). */
  | { kind: 'row'; line: number; raw: string; fields: Partial<Record<ImportField, unknown>> }
  /** A record that cannot be read: broken quoting, wrong number of columns, invalid JSON… */
  | { kind: 'malformed'; line: number; raw: string; detail: string }
  /** The rest of the file cannot be read: a CSV record longer than MAX_RECORD_CHARS (an unclosed quote). */
  | { kind: 'unreadable'; line: number; detail: string };

/**
 * Longest record kept, in characters (a company row is well under 1 KB). Longer ones are not
 * buffered, so a file with a stray quote or without line breaks cannot exhaust memory.
 */
export const MAX_RECORD_CHARS = 65_536;

export type ImportFileHeader =
  | { ok: true }
  | { ok: false; missing: ImportField[]; duplicated: ImportField[] };

/** The decoded text of a byte stream; a BOM is dropped, invalid bytes become U+FFFD. */
async function* decode(bytes: AsyncIterable<Uint8Array>, encoding: ImportEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding === 'gbk' ? 'gbk' : 'utf-8');
  for await (const chunk of bytes) {
    const text = decoder.decode(chunk, { stream: true });
    if (text !== '') yield text;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

/**
 * Reads `bytes` as `format`. `skipThroughLine` drops records that end on or before that line
 * (a resumed import); the CSV header is always read.
 */
export function readCompanyFile(
  bytes: AsyncIterable<Uint8Array>,
  opts: { format: ImportFormat; encoding: ImportEncoding; skipThroughLine?: number },
): AsyncGenerator<ImportFileItem | { kind: 'header'; header: ImportFileHeader }> {
  const text = decode(bytes, opts.encoding);
  return opts.format === 'csv' ? readCsv(text, opts.skipThroughLine ?? 0) : readJsonLines(text, opts.skipThroughLine ?? 0);
}

interface CsvChunk {
  record: string[];
  info: { lines: number };
  raw: string;
}

type CsvItem = CsvChunk | { skipped: true; line: number; raw: string; detail: string; tooLong: boolean };

async function* readCsv(text: AsyncGenerator<string>, skipThroughLine: number): AsyncGenerator<ImportFileItem | { kind: 'header'; header: ImportFileHeader }> {
  const source = Readable.from(text);
  const parser = parse({
    info: true,
    raw: true,
    relax_column_count: true,
    // A stray quote inside an unquoted field is kept as text (common in registry dumps);
    // quoted fields still follow RFC 4180.
    relax_quotes: true,
    skip_empty_lines: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    skip_records_with_error: true,
    max_record_size: MAX_RECORD_CHARS,
  });
  // A record the parser skips is pushed into the same stream, so it keeps its place in file order.
  parser.on('skip', (err: Error & { lines?: number; code?: string }, raw: string | undefined) => {
    const detail = `CSV 格式错误：${CSV_ERRORS[err.code ?? ''] ?? err.code ?? err.message}`;
    const tooLong = err.code === 'CSV_MAX_RECORD_SIZE';
    parser.push({ skipped: true, line: err.lines ?? parser.info.lines, raw: tooLong ? '' : (raw ?? ''), detail, tooLong } satisfies CsvItem);
  });
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);
  let columns: Array<ImportField | null> | undefined;
  try {
    for await (const chunk of parser as AsyncIterable<CsvItem>) {
      if ('skipped' in chunk) {
        if (columns === undefined) {
          yield { kind: 'header', header: { ok: false, missing: ['name', 'credit_code', 'oper_name'], duplicated: [] } };
          return;
        }
        if (chunk.tooLong) {
          // csv-parse reads nothing after this error: the quote it is in never closes.
          yield { kind: 'unreadable', line: chunk.line, detail: `第 ${String(chunk.line)} 行附近的记录超过 ${String(MAX_RECORD_CHARS)} 个字符，多半是引号未闭合` };
          return;
        }
        if (chunk.line > skipThroughLine) yield { kind: 'malformed', line: chunk.line, raw: trimEol(chunk.raw), detail: chunk.detail };
        continue;
      }
      if (columns === undefined) {
        const mapping = mapImportHeader(chunk.record);
        if (!mapping.ok) {
          yield { kind: 'header', header: mapping };
          return;
        }
        columns = mapping.columns;
        yield { kind: 'header', header: { ok: true } };
        continue;
      }
      const line = chunk.info.lines;
      if (line <= skipThroughLine) continue;
      const raw = trimEol(chunk.raw);
      if (chunk.record.length !== columns.length) {
        yield { kind: 'malformed', line, raw, detail: `该行有 ${String(chunk.record.length)} 列，表头有 ${String(columns.length)} 列` };
        continue;
      }
      const fields: Partial<Record<ImportField, unknown>> = {};
      columns.forEach((field, i) => {
        if (field !== null) fields[field] = chunk.record[i];
      });
      yield { kind: 'row', line, raw, fields };
    }
    if (columns === undefined) yield { kind: 'header', header: { ok: false, missing: ['name', 'credit_code', 'oper_name'], duplicated: [] } };
  } finally {
    source.destroy();
    parser.destroy();
  }
}

// The parser's raw text of a record may start with the empty lines it skipped and ends with its line break.
const trimEol = (s: string): string => s.replace(/^[\r\n]+/, '').replace(/(?:\r\n|\n|\r)$/, '');

const CSV_ERRORS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: '引号未闭合',
  CSV_INVALID_CLOSING_QUOTE: '右引号后有多余的字符',
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: '列数与表头不符',
  CSV_MAX_RECORD_SIZE: '记录过长',
};

async function* readJsonLines(text: AsyncGenerator<string>, skipThroughLine: number): AsyncGenerator<ImportFileItem | { kind: 'header'; header: ImportFileHeader }> {
  yield { kind: 'header', header: { ok: true } };
  let line = 0;
  let pending = '';
  const one = (rawLine: string): ImportFileItem | undefined => {
    line++;
    const raw = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (line <= skipThroughLine || raw.trim() === '') return undefined;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (err) {
      return { kind: 'malformed', line, raw, detail: `不是合法的 JSON：${(err as Error).message}` };
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { kind: 'malformed', line, raw, detail: '每行应是一个 JSON 对象' };
    }
    const fields: Partial<Record<ImportField, unknown>> = {};
    for (const [key, v] of Object.entries(value)) {
      const field = importFieldOf(key);
      if (field !== undefined && !(field in fields)) fields[field] = v;
    }
    return { kind: 'row', line, raw, fields };
  };
  // A line longer than MAX_RECORD_CHARS is reported with its beginning and skipped to its end, unbuffered.
  let overlong: string | undefined;
  const endOverlong = (): ImportFileItem | undefined => {
    const raw = overlong!;
    overlong = undefined;
    line++;
    return line <= skipThroughLine ? undefined : { kind: 'malformed', line, raw: `${raw}…`, detail: `该行超过 ${String(MAX_RECORD_CHARS)} 个字符` };
  };
  for await (const chunk of text) {
    pending += chunk;
    let start = 0;
    for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n', start)) {
      const item = overlong !== undefined ? endOverlong() : one(pending.slice(start, nl));
      if (item) yield item;
      start = nl + 1;
    }
    pending = pending.slice(start);
    if (pending.length > MAX_RECORD_CHARS) {
      overlong ??= pending.slice(0, 200);
      pending = '';
    }
  }
  if (overlong !== undefined) {
    const item = endOverlong();
    if (item) yield item;
  } else if (pending !== '') {
    const item = one(pending);
    if (item) yield item;
  }
}
