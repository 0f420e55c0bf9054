import { describe, expect, it } from 'vitest';
import {
  DISCLOSURE_OPTIONS,
  declarationFields,
  emptyDeclaration,
  entityKindLabel,
  isCompanyName,
  validateDeclaration,
  declarationProblemText,
  declarationPending,
  zeroDeclaration,
  zeroReportAsksHeadcount,
} from './annual-declaration.ts';

const COMPANY = '北京字节跳动科技有限公司';
const SOLE_TRADER = '朝阳区老王便利店';

function filledCompany(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    sale_amount: '120.5',
    sale_amount_show: 'true',
    tax_amount: '3.2',
    tax_amount_show: 'false',
    total_amount: '500',
    total_amount_show: 'false',
    total_employee: '12',
    total_employee_show: 'true',
    female_employee: '0',
    female_employee_show: 'false',
    insure_employee: '0',
    insure_employee_show: 'false',
    ...overrides,
  };
}

describe('entity kind', () => {
  it('treats a name containing 公司 as a company', () => {
    expect(isCompanyName(COMPANY)).toBe(true);
    expect(isCompanyName('某某分公司')).toBe(true);
    expect(isCompanyName(SOLE_TRADER)).toBe(false);
    expect(entityKindLabel(COMPANY)).toBe('企业');
    expect(entityKindLabel(SOLE_TRADER)).toBe('个体');
  });
});

describe('declarationFields', () => {
  it('asks a company for six figures in order', () => {
    expect(declarationFields(COMPANY).map((f) => [f.key, f.unit])).toEqual([
      ['sale_amount', '万元'],
      ['tax_amount', '万元'],
      ['total_amount', '万元'],
      ['total_employee', '人'],
      ['female_employee', '人'],
      ['insure_employee', '人'],
    ]);
  });
  it('asks a sole trader for turnover and tax only', () => {
    expect(declarationFields(SOLE_TRADER).map((f) => f.key)).toEqual(['sale_amount', 'tax_amount']);
  });
  it('labels the figures in Chinese', () => {
    expect(declarationFields(COMPANY).map((f) => f.label)).toEqual([
      '营业总收入',
      '纳税总额',
      '资产总额',
      '从业人数',
      '其中女性从业人数',
      '参保人数',
    ]);
  });
});

describe('emptyDeclaration and zeroDeclaration', () => {
  it('starts blank and undisclosed', () => {
    expect(emptyDeclaration(SOLE_TRADER)).toEqual({
      sale_amount: '',
      sale_amount_show: 'false',
      tax_amount: '',
      tax_amount_show: 'false',
    });
    expect(Object.keys(emptyDeclaration(COMPANY))).toHaveLength(12);
  });
  it('asks a company, and only a company, for its headcount', () => {
    expect(zeroReportAsksHeadcount(COMPANY)).toBe(true);
    expect(zeroReportAsksHeadcount(SOLE_TRADER)).toBe(false);
  });
  it('files a blank company form complete in one step: zeros and the confirmed headcount', () => {
    const current: Record<string, string> = { ...emptyDeclaration(COMPANY), sale_amount_show: 'true' };
    const zero = zeroDeclaration({ entityName: COMPANY, current, headcount: ' 3 ' });
    expect(zero).toEqual({
      ok: true,
      value: { ...current, sale_amount: '0', tax_amount: '0', total_amount: '0', total_employee: '3', female_employee: '0', insure_employee: '0' },
    });
    expect(current.sale_amount).toBe('');
  });
  it('keeps figures already typed, except turnover and tax, which a zero report files as 0', () => {
    const current = { ...emptyDeclaration(COMPANY), sale_amount: '12', tax_amount: '1', total_amount: '50', female_employee: '2', insure_employee: '4', total_employee: '9' };
    const zero = zeroDeclaration({ entityName: COMPANY, current, headcount: '5' });
    expect(zero.ok && zero.value).toMatchObject({ sale_amount: '0', tax_amount: '0', total_amount: '50', total_employee: '5', female_employee: '2', insure_employee: '4' });
  });
  it('refuses a headcount below 1 or not a number, and typed figures above the headcount, with the rules\' own reasons', () => {
    const blank = emptyDeclaration(COMPANY);
    expect(zeroDeclaration({ entityName: COMPANY, current: blank, headcount: '0' })).toEqual({ ok: false, error: 'DECLARATION_EMPLOYEES_MIN', field: 'total_employee' });
    expect(zeroDeclaration({ entityName: COMPANY, current: blank, headcount: '' })).toEqual({ ok: false, error: 'DECLARATION_INCOMPLETE', field: 'total_employee' });
    expect(zeroDeclaration({ entityName: COMPANY, current: blank })).toEqual({ ok: false, error: 'DECLARATION_INCOMPLETE', field: 'total_employee' });
    expect(zeroDeclaration({ entityName: COMPANY, current: blank, headcount: '2.5' })).toEqual({ ok: false, error: 'DECLARATION_NOT_NUMBER', field: 'total_employee' });
    expect(zeroDeclaration({ entityName: COMPANY, current: { ...blank, insure_employee: '12' }, headcount: '5' })).toEqual({ ok: false, error: 'DECLARATION_INSURED_OVER_TOTAL', field: 'insure_employee' });
  });
  it('gives a sole trader a complete zero report without asking anything', () => {
    expect(zeroDeclaration({ entityName: SOLE_TRADER, current: emptyDeclaration(SOLE_TRADER), headcount: 'ignored' })).toEqual({
      ok: true,
      value: { sale_amount: '0', sale_amount_show: 'false', tax_amount: '0', tax_amount_show: 'false' },
    });
  });
  it('offers the two disclosure choices', () => {
    expect(DISCLOSURE_OPTIONS).toEqual([
      { value: 'true', label: '公示' },
      { value: 'false', label: '不公示' },
    ]);
  });
});

describe('validateDeclaration', () => {
  it('accepts a complete company report and trims it', () => {
    const result = validateDeclaration(filledCompany({ sale_amount: ' 120.5 ', total_employee_show: ' true' }), COMPANY);
    expect(result).toEqual({ ok: true, value: filledCompany() });
  });

  it('fills a missing disclosure flag with false', () => {
    const { sale_amount_show: _omitted, ...rest } = filledCompany();
    expect(validateDeclaration(rest, COMPANY)).toEqual({ ok: true, value: filledCompany({ sale_amount_show: 'false' }) });
  });

  it.each([
    [{ sale_amount: '' }],
    [{ tax_amount: '   ' }],
    [{ insure_employee: '' }],
    [{ total_amount_show: '' }],
  ])('reports %j as incomplete, naming the figure', (overrides) => {
    const field = Object.keys(overrides)[0]!.replace(/_show$/, '');
    expect(validateDeclaration(filledCompany(overrides), COMPANY)).toEqual({ ok: false, error: 'DECLARATION_INCOMPLETE', field });
  });

  it('reports a missing figure as incomplete', () => {
    const { tax_amount: _omitted, ...rest } = filledCompany();
    expect(validateDeclaration(rest, COMPANY)).toEqual({ ok: false, error: 'DECLARATION_INCOMPLETE', field: 'tax_amount' });
  });

  it.each([
    [{ sale_amount: 'abc' }],
    [{ sale_amount: '-1' }],
    [{ sale_amount: '1.23456' }],
    [{ sale_amount: '1e5' }],
    [{ sale_amount: '1,000' }],
    [{ sale_amount: '1.' }],
    [{ tax_amount: '.5' }],
    [{ total_amount: '1234567890' }],
    [{ total_employee: '1.5' }],
    [{ female_employee: '-0' }],
    [{ insure_employee: '12345678' }],
    [{ total_employee: '１２' }],
  ])('reports %j as not a number, naming the figure', (overrides) => {
    const field = Object.keys(overrides)[0]!;
    expect(validateDeclaration(filledCompany(overrides), COMPANY)).toEqual({ ok: false, error: 'DECLARATION_NOT_NUMBER', field });
  });

  it.each([[{ sale_amount: '0' }], [{ sale_amount: '0.0001' }], [{ sale_amount: '999999999.9999' }], [{ total_employee: '9999999', insure_employee: '9999999' }]])(
    'accepts the boundary %j',
    (overrides) => {
      expect(validateDeclaration(filledCompany(overrides), COMPANY).ok).toBe(true);
    },
  );

  it('requires at least one employee for a company', () => {
    expect(validateDeclaration(filledCompany({ total_employee: '0' }), COMPANY)).toEqual({
      ok: false,
      error: 'DECLARATION_EMPLOYEES_MIN',
      field: 'total_employee',
    });
    expect(validateDeclaration(filledCompany({ total_employee: '1' }), COMPANY).ok).toBe(true);
  });

  it('refuses impossible staff figures after the number checks, with their own catalog codes', () => {
    expect(validateDeclaration(filledCompany({ total_employee: '5', insure_employee: '12' }), COMPANY)).toEqual({ ok: false, error: 'DECLARATION_INSURED_OVER_TOTAL', field: 'insure_employee' });
    expect(validateDeclaration(filledCompany({ total_employee: '5', female_employee: '6' }), COMPANY)).toEqual({ ok: false, error: 'DECLARATION_FEMALE_OVER_TOTAL', field: 'female_employee' });
    // Counted as numbers, not compared as text ('12' < '5' as strings).
    expect(validateDeclaration(filledCompany({ total_employee: '12', female_employee: '5', insure_employee: '012' }), COMPANY).ok).toBe(true);
    // A blank figure is still incomplete first, and no staff at all is still the minimum.
    expect(validateDeclaration(filledCompany({ total_employee: '0', female_employee: '1' }), COMPANY)).toEqual({ ok: false, error: 'DECLARATION_EMPLOYEES_MIN', field: 'total_employee' });
  });

  it('rejects unknown keys, including company figures on a sole trader', () => {
    expect(validateDeclaration(filledCompany({ bonus: '1' }), COMPANY)).toEqual({ ok: false, error: 'DECLARATION_FIELD_UNKNOWN' });
    expect(validateDeclaration(filledCompany(), SOLE_TRADER)).toEqual({ ok: false, error: 'DECLARATION_FIELD_UNKNOWN' });
  });

  it('rejects a disclosure flag other than true or false', () => {
    expect(validateDeclaration(filledCompany({ tax_amount_show: 'yes' }), COMPANY)).toEqual({
      ok: false,
      error: 'DECLARATION_FIELD_UNKNOWN',
    });
  });
});

describe('declarationProblemText', () => {
  it('names the figure and its rule, where the catalog said only 请填写数字', () => {
    const notNumber = validateDeclaration(filledCompany({ sale_amount: '1.23456' }), COMPANY);
    expect(notNumber.ok).toBe(false);
    if (notNumber.ok) return;
    const text = declarationProblemText(notNumber, COMPANY)!;
    expect(text).toContain('营业总收入');
    expect(text).toContain('最多4位小数');
    expect(declarationProblemText({ error: 'DECLARATION_NOT_NUMBER', field: 'total_employee' }, COMPANY)).toMatch(/^从业人数.*整数/);
    expect(declarationProblemText({ error: 'DECLARATION_INCOMPLETE', field: 'tax_amount' }, COMPANY)).toMatch(/^请填写纳税总额/);
    expect(declarationProblemText({ error: 'DECLARATION_EMPLOYEES_MIN', field: 'total_employee' }, COMPANY)).toContain('至少为1人');
    expect(declarationProblemText({ error: 'DECLARATION_INSURED_OVER_TOTAL', field: 'insure_employee' }, COMPANY)).toBe('参保人数不能多于从业人数');
    expect(declarationProblemText({ error: 'DECLARATION_FEMALE_OVER_TOTAL', field: 'female_employee' }, COMPANY)).toBe('女性从业人数不能多于从业人数');
  });

  it('gives nothing for a problem of no figure of this entity (the caller shows the catalog message)', () => {
    expect(declarationProblemText({ error: 'DECLARATION_FIELD_UNKNOWN' }, COMPANY)).toBeUndefined();
    expect(declarationProblemText({ error: 'DECLARATION_NOT_NUMBER', field: 'total_employee' }, SOLE_TRADER)).toBeUndefined();
  });
});

describe('declarationPending', () => {
  const paid = { goods_type: 'license_year', status: '2', process_status: '1', entity_name: COMPANY };
  it('is true for a paid annual report awaiting handling without complete figures', () => {
    expect(declarationPending({ ...paid, entity_extra: null })).toBe(true);
    expect(declarationPending({ ...paid, entity_extra: { sale_amount: '1' } })).toBe(true);
    expect(declarationPending({ ...paid, entity_extra: filledCompany() })).toBe(false);
  });
  it('is false when the form cannot be filed: unpaid, another service, or handling started', () => {
    expect(declarationPending({ ...paid, status: '1', entity_extra: null })).toBe(false);
    expect(declarationPending({ ...paid, goods_type: 'credit_repair', entity_extra: null })).toBe(false);
    expect(declarationPending({ ...paid, process_status: '3', entity_extra: null })).toBe(false);
  });
});
