/**
 * The annual-report figures a visitor fills in after paying for license_year (docs/product/data.md
 * entity_extra, docs/product/orders-and-statuses.md#annual-report-fill-in, docs/product/validation.md#annual-declaration). Every figure has a
 * companion `<key>_show` flag, 'true' to disclose it publicly and 'false' (the default) not to.
 */

import { staffFiguresError, type StaffFiguresError } from './staff-figures.ts';

const COMPANY_MARKER = '公司';

/** Companies (the name contains 公司) report assets and headcount; sole traders only turnover and tax. */
export function isCompanyName(entityName: string): boolean {
  return entityName.includes(COMPANY_MARKER);
}

export function entityKindLabel(entityName: string): '企业' | '个体' {
  return isCompanyName(entityName) ? '企业' : '个体';
}

export type DeclarationFieldKind = 'amount' | 'count';
export type DeclarationField = {
  key: string;
  label: string;
  unit: '万元' | '人';
  /** amount: 万元 with up to 4 decimals (1 yuan); count: whole persons. */
  kind: DeclarationFieldKind;
};

const COMMON_FIELDS: readonly DeclarationField[] = [
  { key: 'sale_amount', label: '营业总收入', unit: '万元', kind: 'amount' },
  { key: 'tax_amount', label: '纳税总额', unit: '万元', kind: 'amount' },
];

const COMPANY_FIELDS: readonly DeclarationField[] = [
  { key: 'total_amount', label: '资产总额', unit: '万元', kind: 'amount' },
  { key: 'total_employee', label: '从业人数', unit: '人', kind: 'count' },
  { key: 'female_employee', label: '其中女性从业人数', unit: '人', kind: 'count' },
  { key: 'insure_employee', label: '参保人数', unit: '人', kind: 'count' },
];

/** The figures to ask for, in display order. */
export function declarationFields(entityName: string): DeclarationField[] {
  return isCompanyName(entityName) ? [...COMMON_FIELDS, ...COMPANY_FIELDS] : [...COMMON_FIELDS];
}

const SHOW_SUFFIX = '_show';

export const DISCLOSURE_OPTIONS = [
  { value: 'true', label: '公示' },
  { value: 'false', label: '不公示' },
] as const;

/** A blank form: every figure '' and every disclosure flag 'false'. */
export function emptyDeclaration(entityName: string): Record<string, string> {
  const record: Record<string, string> = {};
  for (const field of declarationFields(entityName)) {
    record[field.key] = '';
    record[field.key + SHOW_SUFFIX] = 'false';
  }
  return record;
}

/** What the zero report always files as 0 (docs/product/orders-and-statuses.md: a zero report). */
const ZEROED_FIGURES = ['sale_amount', 'tax_amount'] as const;
/** The one figure a zero report cannot assume for a company: someone runs it (at least 1). */
const HEADCOUNT_KEY = 'total_employee';

/** Whether the zero report's confirmation asks for the headcount: companies only (sole traders have none to give). */
export function zeroReportAsksHeadcount(entityName: string): boolean {
  return isCompanyName(entityName);
}

/**
 * The one-step zero report (一键零申报, docs/decisions/032-texts-per-service.md): turnover and tax become
 * '0'; a company's headcount is the figure its confirmation asked for; every other figure left
 * blank becomes '0' (assets, women, insured staff), and a figure already typed is kept. Checked with
 * validateDeclaration, so the answer is either the complete declaration to file or the reason it is
 * not (a headcount below 1, or typed figures that disagree with it).
 */
export function zeroDeclaration(input: {
  entityName: string;
  current: Record<string, string>;
  /** The confirmation's headcount; companies only. */
  headcount?: string;
}): ReturnType<typeof validateDeclaration> {
  const filled: Record<string, string> = { ...input.current };
  for (const field of declarationFields(input.entityName)) {
    if ((filled[field.key] ?? '').trim() === '') filled[field.key] = '0';
  }
  for (const key of ZEROED_FIGURES) filled[key] = '0';
  if (zeroReportAsksHeadcount(input.entityName)) filled[HEADCOUNT_KEY] = (input.headcount ?? '').trim();
  return validateDeclaration(filled, input.entityName);
}

/**
 * 万元 with at most 4 decimals (so the smallest step is one yuan) and at most 9 integer digits
 * (under 10 万亿元, above any real company's figures): a typo of extra digits is caught.
 */
const AMOUNT_PATTERN = /^\d{1,9}(?:\.\d{1,4})?$/;
/** Whole persons, at most 7 digits (China's largest employers have about 1.5 million staff). */
const COUNT_PATTERN = /^\d{1,7}$/;

export type DeclarationError =
  | 'DECLARATION_INCOMPLETE'
  | 'DECLARATION_NOT_NUMBER'
  | 'DECLARATION_EMPLOYEES_MIN'
  | StaffFiguresError
  | 'DECLARATION_FIELD_UNKNOWN';

/**
 * Checks a submitted entity_extra for the entity, in this order:
 * 1. a key that is neither a figure of this entity nor its `_show` flag → DECLARATION_FIELD_UNKNOWN,
 *    and so is a `_show` value other than 'true' or 'false' (the form only offers those two, so
 *    any other value did not come from it);
 * 2. a figure missing or blank after trimming, or a blank flag → DECLARATION_INCOMPLETE
 *    (a missing flag takes its default 'false');
 * 3. a figure that is not a plain non-negative number (amounts) or whole number (counts)
 *    → DECLARATION_NOT_NUMBER;
 * 4. a company with fewer than 1 employee → DECLARATION_EMPLOYEES_MIN (female and insured may be 0);
 * 5. a company with more women, or more insured staff, than staff → DECLARATION_FEMALE_OVER_TOTAL,
 *    DECLARATION_INSURED_OVER_TOTAL (staff-figures.ts).
 * The value returned has every key of the entity, trimmed.
 */
export function validateDeclaration(
  extra: Record<string, string>,
  entityName: string,
): { ok: true; value: Record<string, string> } | { ok: false; error: DeclarationError } {
  const fields = declarationFields(entityName);
  const allowed = new Set(fields.flatMap((field) => [field.key, field.key + SHOW_SUFFIX]));
  for (const key of Object.keys(extra)) {
    if (!allowed.has(key)) return { ok: false, error: 'DECLARATION_FIELD_UNKNOWN' };
  }

  const value: Record<string, string> = {};
  let showInvalid = false;
  let incomplete = false;
  for (const field of fields) {
    const figure = (extra[field.key] ?? '').trim();
    const showKey = field.key + SHOW_SUFFIX;
    const show = Object.hasOwn(extra, showKey) ? extra[showKey]!.trim() : 'false';
    if (figure === '' || show === '') incomplete = true;
    if (show !== '' && show !== 'true' && show !== 'false') showInvalid = true;
    value[field.key] = figure;
    value[showKey] = show;
  }
  if (showInvalid) return { ok: false, error: 'DECLARATION_FIELD_UNKNOWN' };
  if (incomplete) return { ok: false, error: 'DECLARATION_INCOMPLETE' };

  for (const field of fields) {
    const pattern = field.kind === 'amount' ? AMOUNT_PATTERN : COUNT_PATTERN;
    if (!pattern.test(value[field.key]!)) return { ok: false, error: 'DECLARATION_NOT_NUMBER' };
  }
  if (isCompanyName(entityName) && Number(value.total_employee) < 1) {
    return { ok: false, error: 'DECLARATION_EMPLOYEES_MIN' };
  }
  if (isCompanyName(entityName)) {
    const error = staffFiguresError({ total: Number(value.total_employee), female: Number(value.female_employee), insured: Number(value.insure_employee) });
    if (error) return { ok: false, error };
  }
  return { ok: true, value };
}
