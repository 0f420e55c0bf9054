import { CITIES, isValidCreditCode, PROVINCES } from '@kuaibao/domain';
import { describe, expect, it } from 'vitest';
import { FIXED_COMPANIES, generateCompanies } from './synthetic-companies.ts';

const ORG_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** GB 11714: the organisation code embedded in positions 9–17 carries its own check character. */
function orgCodeValid(code: string): boolean {
  const weights = [3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += ORG_CHARS.indexOf(code.charAt(8 + i)) * weights[i]!;
  const c = 11 - (sum % 11);
  return code.charAt(16) === (c === 10 ? 'X' : c === 11 ? '0' : String(c));
}

describe('synthetic company generator', () => {
  const rows = generateCompanies(30_000);
  const divisions = new Set([
    ...PROVINCES.map((p) => p.code),
    ...CITIES.flatMap((c) => [c.code, ...c.districts.map((d) => d.code)]),
  ]);

  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateCompanies(2000)).toEqual(rows.slice(0, 2000));
    expect(generateCompanies(2000, { seed: 7 }).slice(FIXED_COMPANIES.length)).not.toEqual(rows.slice(FIXED_COMPANIES.length, 2000));
  });

  it('starts with the fixed entries, which carry valid codes', () => {
    expect(rows.slice(0, FIXED_COMPANIES.length)).toEqual(FIXED_COMPANIES);
    for (const f of FIXED_COMPANIES) expect(isValidCreditCode(f.credit_code)).toBe(true);
  });

  it('yields unique names and codes, every code valid (mod 31 and the embedded organisation code)', () => {
    expect(rows).toHaveLength(30_000);
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.credit_code)).size).toBe(rows.length);
    for (const r of rows.slice(FIXED_COMPANIES.length)) {
      expect(isValidCreditCode(r.credit_code)).toBe(true);
      expect(orgCodeValid(r.credit_code)).toBe(true);
      expect(divisions.has(r.credit_code.slice(2, 8))).toBe(true);
      expect(Array.from(r.oper_name).length).toBeGreaterThanOrEqual(2);
      expect(Array.from(r.oper_name).length).toBeLessThanOrEqual(4);
    }
  });

  it('uses the prefix of the entity type: 92 individual businesses, 93 cooperatives, 91 companies', () => {
    const generated = rows.slice(FIXED_COMPANIES.length);
    const coops = generated.filter((r) => r.name.endsWith('专业合作社'));
    const companies = generated.filter((r) => /(公司|合伙企业（有限合伙）)$/.test(r.name));
    const individuals = generated.filter((r) => !coops.includes(r) && !companies.includes(r));
    for (const r of coops) expect(r.credit_code.slice(0, 2)).toBe('93');
    for (const r of companies) expect(r.credit_code.slice(0, 2)).toBe('91');
    for (const r of individuals) expect(r.credit_code.slice(0, 2)).toBe('92');
    // roughly the research mix: ~20% individual businesses, ~6% cooperatives
    expect(individuals.length / generated.length).toBeGreaterThan(0.15);
    expect(coops.length / generated.length).toBeGreaterThan(0.03);
    expect(generated.some((r) => r.name.endsWith('分公司'))).toBe(true);
    expect(generated.some((r) => r.name.endsWith('股份有限公司'))).toBe(true);
    expect(generated.some((r) => r.name.endsWith('有限责任公司'))).toBe(true);
  });

  it('registers a name-leading city with that city’s division code', () => {
    for (const city of CITIES.filter((c) => !c.province.municipality)) {
      for (const r of rows.filter((x) => x.name.startsWith(city.name) && x.credit_code.startsWith('91') && !x.name.endsWith('分公司'))) {
        const division = r.credit_code.slice(2, 8);
        expect(division === city.code || city.districts.some((d) => d.code === division)).toBe(true);
      }
    }
  });
});
