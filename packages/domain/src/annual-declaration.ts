/**
 * The annual-report figures a visitor fills in after paying for license_year (docs/product/data.md
 * entity_extra, docs/product/orders-and-statuses.md#annual-report-fill-in, docs/product/validation.md#annual-declaration). Every figure has a
 * companion `<key>_show` flag, 'true' to disclose it publicly and 'false' (the default) not to.
 */

import { isDeclarationEditable } from './lifecycle/order-guards.ts';
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
 * The outcome of a check: the trimmed declaration, or the first problem and, when it belongs to one
 * figure, that figure's key (the form says it under that field, declarationProblemText).
 */
export type DeclarationCheck = { ok: true; value: Record<string, string> } | { ok: false; error: DeclarationError; field?: string };

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
): DeclarationCheck {
  const fields = declarationFields(entityName);
  const allowed = new Set(fields.flatMap((field) => [field.key, field.key + SHOW_SUFFIX]));
  for (const key of Object.keys(extra)) {
    if (!allowed.has(key)) return { ok: false, error: 'DECLARATION_FIELD_UNKNOWN' };
  }

  const value: Record<string, string> = {};
  let showInvalid = false;
  let incomplete: string | undefined;
  for (const field of fields) {
    const figure = (extra[field.key] ?? '').trim();
    const showKey = field.key + SHOW_SUFFIX;
    const show = Object.hasOwn(extra, showKey) ? extra[showKey]!.trim() : 'false';
    if ((figure === '' || show === '') && incomplete === undefined) incomplete = field.key;
    if (show !== '' && show !== 'true' && show !== 'false') showInvalid = true;
    value[field.key] = figure;
    value[showKey] = show;
  }
  if (showInvalid) return { ok: false, error: 'DECLARATION_FIELD_UNKNOWN' };
  if (incomplete !== undefined) return { ok: false, error: 'DECLARATION_INCOMPLETE', field: incomplete };

  for (const field of fields) {
    const pattern = field.kind === 'amount' ? AMOUNT_PATTERN : COUNT_PATTERN;
    if (!pattern.test(value[field.key]!)) return { ok: false, error: 'DECLARATION_NOT_NUMBER', field: field.key };
  }
  if (isCompanyName(entityName) && Number(value.total_employee) < 1) {
    return { ok: false, error: 'DECLARATION_EMPLOYEES_MIN', field: HEADCOUNT_KEY };
  }
  if (isCompanyName(entityName)) {
    const error = staffFiguresError({ total: Number(value.total_employee), female: Number(value.female_employee), insured: Number(value.insure_employee) });
    if (error) return { ok: false, error, field: error === 'DECLARATION_FEMALE_OVER_TOTAL' ? 'female_employee' : 'insure_employee' };
  }
  return { ok: true, value };
}

/** The rule a figure's value must follow, in the words the form shows under it. */
export function declarationFieldRule(field: DeclarationField): string {
  return field.kind === 'amount' ? '填写不小于0的数字，单位万元，最多4位小数（没有请填0）' : '填写整数，单位人（没有请填0）';
}

/**
 * What the form says under the figure a problem belongs to: the figure's name and the rule it broke
 * (the catalog's short message alone, 请填写数字, named neither). Undefined when the problem belongs
 * to no figure of this entity (the caller shows the catalog message).
 */
export function declarationProblemText(problem: { error: DeclarationError; field?: string | undefined }, entityName: string): string | undefined {
  const field = declarationFields(entityName).find((candidate) => candidate.key === problem.field);
  if (!field) return undefined;
  switch (problem.error) {
    case 'DECLARATION_INCOMPLETE':
      return `请填写${field.label}：${declarationFieldRule(field)}`;
    case 'DECLARATION_NOT_NUMBER':
      return `${field.label}格式不正确：${declarationFieldRule(field)}`;
    case 'DECLARATION_EMPLOYEES_MIN':
      return `${field.label}至少为1人：公司至少有1名从业人员（含法定代表人）`;
    case 'DECLARATION_FEMALE_OVER_TOTAL':
    case 'DECLARATION_INSURED_OVER_TOTAL':
      // 其中女性从业人数 reads as 女性从业人数 on its own, as in the catalog.
      return `${field.label.replace(/^其中/, '')}不能多于从业人数`;
    default:
      return undefined;
  }
}

/**
 * An annual report paid for, still open to its declaration (isDeclarationEditable), whose figures
 * are not all there: the visitor has still to fill them in (待填写年报信息). What the server tells
 * the visitor app in place of guessing from the figures (`declaration_pending` of an order record).
 */
export function declarationPending(order: {
  goods_type: string;
  status: string;
  process_status: string;
  entity_name: string;
  entity_extra: Record<string, string> | null;
}): boolean {
  return isDeclarationEditable(order) && !validateDeclaration(order.entity_extra ?? {}, order.entity_name).ok;
}
