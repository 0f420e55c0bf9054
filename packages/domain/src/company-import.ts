import { isValidCreditCode } from './credit-code.ts';
import { normalizeKeyword } from './keyword.ts';

/**
 * The rules of a company-directory import (`npm run companies:import`, docs/decisions/021-company-import.md):
 * which columns a file may name and how, what a row must hold, and why a row is rejected.
 */

export const IMPORT_FIELDS = ['name', 'credit_code', 'oper_name', 'status', 'region', 'established'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Columns every file must have (a row without a value in one of them is rejected). */
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = ['name', 'credit_code', 'oper_name'];

/** Header spellings per field, compared after normalizeHeader (case, spaces, `_`/`-` ignored). */
const HEADER_ALIASES: Readonly<Record<ImportField, readonly string[]>> = {
  name: ['name', 'companyname', 'entname', 'enterprisename', '企业名称', '公司名称', '名称', '企业（机构）名称', '市场主体名称'],
  credit_code: ['creditcode', 'uscc', 'unifiedsocialcreditcode', 'unicode', '统一社会信用代码', '社会信用代码', '信用代码'],
  oper_name: ['opername', 'legalperson', 'legalrepresentative', 'legalrep', '法定代表人', '法人', '法人代表', '经营者', '负责人', '执行事务合伙人'],
  status: ['status', 'regstatus', '登记状态', '经营状态', '企业状态', '状态'],
  region: ['region', 'province', 'area', '所属地区', '省份', '所属省份', '地区', '所在地区'],
  established: ['established', 'estdate', 'startdate', 'establisheddate', 'foundeddate', '成立日期', '注册日期', '成立时间'],
};

const ALIAS_TO_FIELD = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((field) => HEADER_ALIASES[field].map((alias) => [normalizeHeader(alias), field] as const)),
);

/** A header cell compared loosely: NFKC, BOM and spaces, `_` and `-` removed, lower case. */
export function normalizeHeader(header: string): string {
  return header.normalize('NFKC').replace(/[\uFEFF\s_-]/g, '').toLowerCase();
}

/** The field a header (CSV column or JSON key) names, or undefined for a column we do not import. */
export function importFieldOf(header: string): ImportField | undefined {
  return ALIAS_TO_FIELD.get(normalizeHeader(header));
}

export type HeaderMapping =
  | { ok: true; /** per column: the field it holds, or null when ignored */ columns: Array<ImportField | null> }
  | { ok: false; missing: ImportField[]; duplicated: ImportField[] };

/** Maps a CSV header row; fails when a required field has no column or a field has two. */
export function mapImportHeader(headers: readonly string[]): HeaderMapping {
  const columns = headers.map((h) => importFieldOf(h) ?? null);
  const seen = new Set<ImportField>();
  const duplicated: ImportField[] = [];
  for (const field of columns) {
    if (field === null) continue;
    if (seen.has(field) && !duplicated.includes(field)) duplicated.push(field);
    seen.add(field);
  }
  const missing = REQUIRED_IMPORT_FIELDS.filter((f) => !seen.has(f));
  return missing.length > 0 || duplicated.length > 0 ? { ok: false, missing, duplicated } : { ok: true, columns };
}

export const IMPORT_REJECT_REASONS = [
  'malformed_line',
  'missing_name',
  'missing_credit_code',
  'missing_oper_name',
  'bad_credit_code',
  'bad_established',
  'too_long',
  'duplicate_in_file',
] as const;
export type ImportRejectReason = (typeof IMPORT_REJECT_REASONS)[number];

export const IMPORT_REJECT_TEXT: Readonly<Record<ImportRejectReason, string>> = {
  malformed_line: '格式错误，无法读取',
  missing_name: '缺少企业名称',
  missing_credit_code: '缺少统一社会信用代码',
  missing_oper_name: '缺少法定代表人',
  bad_credit_code: '统一社会信用代码无效（校验位不符或格式错误）',
  bad_established: '成立日期无法识别',
  too_long: '字段过长',
  duplicate_in_file: '统一社会信用代码在文件中重复',
};

/** Longest value kept per field, in characters; longer is a sign of a shifted or broken row. */
export const IMPORT_MAX_LENGTH: Readonly<Record<Exclude<ImportField, 'established'>, number>> = {
  name: 200,
  credit_code: 18,
  oper_name: 100,
  status: 50,
  region: 100,
};

/** A row ready for the directory. Optional fields are null when the file has no value. */
export interface ImportedCompany {
  name: string;
  /** normalizeKeyword(name), what search matches */
  name_norm: string;
  /** upper case, passes the GB 32100 check */
  credit_code: string;
  oper_name: string;
  status: string | null;
  region: string | null;
  /** ISO date YYYY-MM-DD */
  established: string | null;
}

export type ImportRowCheck =
  | { ok: true; company: ImportedCompany }
  | { ok: false; reason: ImportRejectReason; detail?: string };

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * An established date as ISO YYYY-MM-DD: accepts 2019-03-05, 2019/3/5, 2019.03.05, 20190305,
 * 2019年3月5日, and any of these followed by a time (registry dumps often carry 00:00:00).
 * Undefined when it is not a real calendar date.
 */
export function parseEstablishedDate(value: string): string | undefined {
  const s = value.normalize('NFKC').trim();
  const m =
    /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s) ??
    /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2100 || mo < 1 || mo > 12 || d < 1) return undefined;
  const daysInMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (d > daysInMonth) return undefined;
  return `${String(y)}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * Checks one row (fields by name, as read from a CSV row or a JSON object) and returns the
 * company to store, or the first reason to reject it, in this order: a value that is not text,
 * missing name, missing credit code, bad credit code, missing legal person, too long, bad date.
 */
export function checkImportRow(row: Readonly<Partial<Record<ImportField, unknown>>>): ImportRowCheck {
  const values = {} as Record<ImportField, string>;
  for (const field of IMPORT_FIELDS) {
    const v = text(row[field]);
    if (v === undefined) return { ok: false, reason: 'malformed_line', detail: `${field} 不是文本` };
    values[field] = v;
  }
  const name = values.name.replace(/\s+/g, ' ');
  if (name === '' || normalizeKeyword(name) === '') return { ok: false, reason: 'missing_name' };
  if (values.credit_code === '') return { ok: false, reason: 'missing_credit_code' };
  const creditCode = values.credit_code.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
  if (!isValidCreditCode(creditCode)) return { ok: false, reason: 'bad_credit_code', detail: values.credit_code };
  if (values.oper_name === '') return { ok: false, reason: 'missing_oper_name' };
  for (const field of ['name', 'oper_name', 'status', 'region'] as const) {
    if (Array.from(values[field]).length > IMPORT_MAX_LENGTH[field]) {
      return { ok: false, reason: 'too_long', detail: `${field} 超过 ${String(IMPORT_MAX_LENGTH[field])} 字` };
    }
  }
  let established: string | null = null;
  if (values.established !== '') {
    const iso = parseEstablishedDate(values.established);
    if (iso === undefined) return { ok: false, reason: 'bad_established', detail: values.established };
    established = iso;
  }
  return {
    ok: true,
    company: {
      name,
      name_norm: normalizeKeyword(name),
      credit_code: creditCode,
      oper_name: values.oper_name,
      status: values.status === '' ? null : values.status,
      region: values.region === '' ? null : values.region,
      established,
    },
  };
}
