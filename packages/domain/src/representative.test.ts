import { describe, expect, it } from 'vitest';
import { isIndividualBusinessCode, representativeLabel } from './representative.ts';

describe('representativeLabel', () => {
  it('calls a 个体工商户 (credit code 92…) 经营者, not 法定代表人', () => {
    expect(isIndividualBusinessCode('92330106MA2CJ7K44M')).toBe(true);
    expect(representativeLabel('92330106MA2CJ7K44M')).toBe('经营者');
  });

  it('reads a code typed in lower case or with spaces', () => {
    expect(representativeLabel(' 92330106ma2cj7k44m')).toBe('经营者');
  });

  it('keeps 法定代表人 for companies, cooperatives and unknown codes', () => {
    expect(representativeLabel('91110108551385082Q')).toBe('法定代表人');
    expect(representativeLabel('93370783MA3NQ5R86Y')).toBe('法定代表人');
    expect(representativeLabel('')).toBe('法定代表人');
  });
});
