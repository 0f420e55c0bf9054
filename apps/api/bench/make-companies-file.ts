/**
 * Writes a company file for `npm run companies:import` (docs/decisions/021-company-import.md), so the
 * import measurements are reproducible: the synthetic directory (apps/api/src/seed/synthetic-companies.ts)
 * with Chinese headers, an established date per row, and `--bad` bad rows spread evenly through it,
 * cycling through the reject reasons (bad check character, missing name, missing legal person,
 * a credit code repeated from an earlier row, a wrong number of columns, an impossible date).
 *
 *   npx node apps/api/bench/make-companies-file.ts --rows 1000000 --bad 1000 /tmp/companies.csv
 *   npx node apps/api/bench/make-companies-file.ts --rows 1000 --bad 10 --seed 7 /tmp/companies.jsonl
 *   … --encoding gbk /tmp/companies-gbk.csv
 *
 * The file holds rows + bad records; importing it rejects exactly `bad` of them.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { generateCompanies } from '../src/seed/synthetic-companies.ts';
import type { SyntheticCompany } from '../src/seed/synthetic-companies.ts';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rows: { type: 'string', default: '1000000' },
    bad: { type: 'string', default: '0' },
    seed: { type: 'string', default: '20240701' },
    encoding: { type: 'string', default: 'utf8' },
  },
});
const out = positionals[0];
const rows = Number(options.rows);
const bad = Number(options.bad);
if (!out || !Number.isInteger(rows) || rows < 1 || !Number.isInteger(bad) || bad < 0 || !['utf8', 'gbk'].includes(options.encoding)) {
  console.error('usage: make-companies-file.ts --rows N [--bad K] [--seed S] [--encoding utf8|gbk] OUT.csv|OUT.jsonl');
  process.exit(2);
}
const jsonl = /\.(jsonl|ndjson)$/i.test(out);
if (jsonl && options.encoding === 'gbk') {
  console.error('GBK is for CSV files only');
  process.exit(2);
}

const HEADERS = ['企业名称', '统一社会信用代码', '法定代表人', '登记状态', '所属地区', '成立日期'];
const KEYS = ['name', 'credit_code', 'oper_name', 'status', 'region', 'established'];

const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

function establishedOf(i: number): string {
  // deterministic, spread over 1990–2024
  const day = (i * 7919) % (35 * 365);
  return new Date(Date.UTC(1990, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
}

function render(values: string[]): string {
  if (jsonl) return `${JSON.stringify(Object.fromEntries(KEYS.map((k, i) => [k, values[i]])))}\n`;
  return `${values.map(csvCell).join(',')}\n`;
}

function good(c: SyntheticCompany, i: number): string[] {
  return [c.name, c.credit_code, c.oper_name, c.status, c.region, establishedOf(i)];
}

/** Bad record number k (cycling through the reasons), built from company c and an earlier one. */
function badRecord(k: number, c: SyntheticCompany, earlier: SyntheticCompany, i: number): string {
  const v = good(c, i);
  switch (k % 6) {
    case 0: {
      const last = v[1]!.at(-1) === '0' ? '1' : '0';
      v[1] = v[1]!.slice(0, 17) + last; // wrong check character (or a broken code)
      break;
    }
    case 1:
      v[0] = '';
      break;
    case 2:
      v[2] = '';
      break;
    case 3:
      v[1] = earlier.credit_code;
      break;
    case 4:
      if (!jsonl) return `${v.slice(0, 4).map(csvCell).join(',')}\n`; // too few columns
      return `{"name": "${c.name}", "credit_code": \n`; // a broken JSON line
    default:
      v[5] = '2019-02-30';
  }
  return render(v);
}

let gbkTable: Map<number, number> | undefined;
/** GBK bytes of a string (Node can decode GBK but not encode it): a table built once from the decoder. */
function encodeGbk(text: string): Uint8Array {
  gbkTable ??= buildGbkTable();
  const bytes: number[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) bytes.push(cp);
    else {
      const code = gbkTable.get(cp);
      if (code === undefined) bytes.push(0x3f);
      else bytes.push(code >> 8, code & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}
function buildGbkTable(): Map<number, number> {
  const decoder = new TextDecoder('gbk');
  const table = new Map<number, number>();
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      const s = decoder.decode(Uint8Array.of(lead, trail));
      const cp = s.codePointAt(0)!;
      if (s.length === 1 && cp !== 0xfffd && !table.has(cp)) table.set(cp, (lead << 8) | trail);
    }
  }
  return table;
}

const started = performance.now();
// Bad records reuse names and codes of extra generated companies (never of the good rows), except
// the repeated code, which is taken from the good rows before it.
const companies = generateCompanies(rows + bad, { seed: Number(options.seed) });
const fd = openSync(out, 'w');
const encoder = options.encoding === 'gbk' ? undefined : new TextEncoder();
let buffer = jsonl ? '' : `${HEADERS.join(',')}\n`;
const flush = () => {
  if (buffer === '') return;
  if (encoder) writeSync(fd, encoder.encode(buffer));
  else writeSync(fd, encodeGbk(buffer));
  buffer = '';
};
const every = bad > 0 ? Math.floor(rows / bad) : Infinity;
let written = 0;
for (let i = 0; i < rows; i++) {
  buffer += render(good(companies[i]!, i));
  if (bad > 0 && written < bad && (i + 1) % every === 0) {
    buffer += badRecord(written, companies[rows + written]!, companies[Math.floor(i / 2)]!, i);
    written++;
  }
  if (buffer.length > 1 << 20) flush();
}
flush();
closeSync(fd);
console.log(`${out}: ${String(rows)} rows + ${String(written)} bad, ${((performance.now() - started) / 1000).toFixed(1)} s`);
