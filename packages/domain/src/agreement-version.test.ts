import { describe, expect, it } from 'vitest';
import { AGREEMENT_MAX_CHARS, nextAgreementVersion, normalizeAgreementText } from './agreement-version.ts';

describe('nextAgreementVersion', () => {
  it('names a version after its day, and numbers later ones of the same day', () => {
    expect(nextAgreementVersion('2026-11-27', ['2025-07-01'])).toBe('2026-11-27');
    expect(nextAgreementVersion('2026-11-27', ['2025-07-01', '2026-11-27'])).toBe('2026-11-27.2');
    expect(nextAgreementVersion('2026-11-27', ['2026-11-27', '2026-11-27.2'])).toBe('2026-11-27.3');
  });
});

describe('normalizeAgreementText', () => {
  it('trims, normalises line ends and refuses empty or over-long texts', () => {
    expect(normalizeAgreementText('  第一条\r\n第二条\r ')).toBe('第一条\n第二条');
    expect(normalizeAgreementText('   ')).toBeNull();
    expect(normalizeAgreementText('字'.repeat(AGREEMENT_MAX_CHARS))).not.toBeNull();
    expect(normalizeAgreementText('字'.repeat(AGREEMENT_MAX_CHARS + 1))).toBeNull();
  });
});
