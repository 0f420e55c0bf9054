import { describe, expect, it } from 'vitest';
import { checkImportRow, importFieldOf, mapImportHeader, parseEstablishedDate } from './company-import.ts';

const VALID = { name: '华为技术有限公司', credit_code: '914403001922038216', oper_name: '赵明路' };

describe('importFieldOf / mapImportHeader', () => {
  it.each([
    ['name', 'name'],
    ['企业名称', 'name'],
    ['\uFEFF企业名称', 'name'],
    ['Credit Code', 'credit_code'],
    ['credit_code', 'credit_code'],
    ['统一社会信用代码', 'credit_code'],
    ['oper_name', 'oper_name'],
    ['legal_person', 'oper_name'],
    ['法定代表人', 'oper_name'],
    ['登记状态', 'status'],
    ['所属地区', 'region'],
    ['省份', 'region'],
    ['成立日期', 'established'],
    ['ESTABLISHED', 'established'],
  ])('%s → %s', (header, field) => {
    expect(importFieldOf(header)).toBe(field);
  });

  it('ignores unknown columns and keeps their position', () => {
    expect(mapImportHeader(['序号', '企业名称', '统一社会信用代码', '法定代表人', '注册资本'])).toEqual({
      ok: true,
      columns: [null, 'name', 'credit_code', 'oper_name', null],
    });
  });

  it('names the missing required columns and the doubled ones', () => {
    expect(mapImportHeader(['企业名称', '登记状态'])).toEqual({ ok: false, missing: ['credit_code', 'oper_name'], duplicated: [] });
    expect(mapImportHeader(['name', '企业名称', 'credit_code', '法人'])).toEqual({ ok: false, missing: [], duplicated: ['name'] });
  });
});

describe('parseEstablishedDate', () => {
  it.each([
    ['2019-03-05', '2019-03-05'],
    ['2019/3/5', '2019-03-05'],
    ['2019.03.05', '2019-03-05'],
    ['20190305', '2019-03-05'],
    ['2019年3月5日', '2019-03-05'],
    ['2019-03-05 00:00:00', '2019-03-05'],
    ['2019-03-05T00:00:00+08:00', '2019-03-05'],
    ['２０１９-０３-０５', '2019-03-05'],
    ['2020-02-29', '2020-02-29'],
  ])('%s → %s', (input, iso) => {
    expect(parseEstablishedDate(input)).toBe(iso);
  });

  it.each(['2019-02-29', '2019-13-01', '2019-00-10', '1899-01-01', '昨天', '2019-3', '201903051'])('refuses %s', (input) => {
    expect(parseEstablishedDate(input)).toBeUndefined();
  });
});

describe('checkImportRow', () => {
  it('keeps a valid row, trimmed, with the code upper-cased and optional fields null', () => {
    const check = checkImportRow({ ...VALID, name: '  华为技术有限公司 ', credit_code: ' 914403001922038216 ', status: '' });
    expect(check).toEqual({
      ok: true,
      company: { ...VALID, name_norm: '华为技术有限公司', status: null, region: null, established: null },
    });
    const lower = checkImportRow({ ...VALID, name: '深圳市腾讯计算机系统有限公司', credit_code: '9144030071526726xg' });
    expect(lower.ok && lower.company.credit_code).toBe('9144030071526726XG');
  });

  it('keeps the optional fields, the date as ISO', () => {
    const check = checkImportRow({ ...VALID, status: '存续', region: '广东省深圳市', established: '1987/9/15' });
    expect(check.ok && check.company).toMatchObject({ status: '存续', region: '广东省深圳市', established: '1987-09-15' });
  });

  it.each([
    [{ ...VALID, name: ' ' }, 'missing_name'],
    [{ ...VALID, name: undefined }, 'missing_name'],
    [{ ...VALID, credit_code: '' }, 'missing_credit_code'],
    [{ ...VALID, credit_code: '914403001922038217' }, 'bad_credit_code'],
    [{ ...VALID, credit_code: '91440300192203821' }, 'bad_credit_code'],
    [{ ...VALID, oper_name: null }, 'missing_oper_name'],
    [{ ...VALID, name: '公'.repeat(201) }, 'too_long'],
    [{ ...VALID, established: '2019-02-30' }, 'bad_established'],
    [{ ...VALID, name: { zh: '华为' } }, 'malformed_line'],
  ])('rejects %j as %s', (row, reason) => {
    const check = checkImportRow(row);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.reason).toBe(reason);
  });

  it('reads numbers as text (a JSON credit code or date without quotes)', () => {
    const check = checkImportRow({ ...VALID, established: 20190305 });
    expect(check.ok && check.company.established).toBe('2019-03-05');
  });
});
