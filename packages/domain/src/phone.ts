/**
 * Mainland mobile numbers (docs/product/validation.md, with docs/product/validation.md#readings-we-chose's reading of the two disputed ranges:
 * 16x takes 2, 5, 6, 7 and 19x takes every third digit but 4, so 197 — China Mobile since
 * 2019 — is valid).
 */

export const PHONE_MAX_LENGTH = 11;

/**
 * The input filter: full-width digits folded, every non-digit (spaces, dashes) dropped, cut to
 * 11. A leading "+86" country code is dropped first, so a number pasted from the contacts app
 * ("+86 138 1234 5678") is not truncated into a wrong one.
 */
export function filterPhoneInput(raw: string): { value: string; exceeded: boolean } {
  const digits = raw
    .normalize('NFKC')
    .trim()
    .replace(/^\+\s*86/, '')
    .replace(/\D/g, '');
  return { value: digits.slice(0, PHONE_MAX_LENGTH), exceeded: digits.length > PHONE_MAX_LENGTH };
}

const MOBILE_PATTERN = /^1(?:3\d|4[014-9]|5[0-35-9]|6[2567]|7[0-8]|8\d|9[0-35-9])\d{8}$/;

/** 11 digits in an assigned mobile range: 13x; 14[014-9]; 15 but 154; 16[2567]; 17[0-8]; 18x; 19 but 194. */
export function isValidMobilePhone(value: string): boolean {
  return MOBILE_PATTERN.test(value);
}

/** 13812345678 → 138****5678; other lengths keep only their first and last digit. */
export function maskPhone(value: string): string {
  if (value.length === PHONE_MAX_LENGTH) return `${value.slice(0, 3)}****${value.slice(-4)}`;
  if (value.length <= 2) return '*'.repeat(value.length);
  return value.charAt(0) + '*'.repeat(value.length - 2) + value.charAt(value.length - 1);
}
