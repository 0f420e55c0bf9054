/**
 * Mainland mobile numbers (docs/product/validation.md, with docs/product/validation.md#readings-we-chose's reading of the two disputed ranges:
 * 16x takes 2, 5, 6, 7 and 19x takes every third digit but 4, so 197 — China Mobile since
 * 2019 — is valid).
 */

export const PHONE_MAX_LENGTH = 11;

/**
 * A mainland mobile number starts with 1, so a leading 86 (written +86, 0086 or bare 86) can only be
 * the country code: the one rule by which the form, the lookup and the server read a number.
 */
const COUNTRY_CODE = /^(?:\+|00)?86/;

/**
 * The number as written, without its country code and separators: full-width characters folded,
 * "+86 138-1234-5678", "0086 13812345678" and "8613812345678" all read 13812345678. Not cut to 11:
 * the server refuses a number that is too long rather than shorten it into someone else's.
 */
export function normalizePhone(raw: string): string {
  const compact = raw.normalize('NFKC').replace(/[^\d+]/g, '');
  return compact.replace(COUNTRY_CODE, '').replace(/\D/g, '');
}

/**
 * The input filter: normalizePhone, cut to 11. A country code being typed ("+", "8", "86", "008")
 * is kept until the number after it starts, so typing "+86 138…" key by key ends as 138…, never 86138….
 */
export function filterPhoneInput(raw: string): { value: string; exceeded: boolean } {
  const typed = raw.normalize('NFKC').replace(/[^\d+]/g, '');
  // Only a country code so far: shown as typed (without the "+"), dropped once the number follows.
  if (/^(?:\+|00?)?(?:86?)?$/.test(typed)) return { value: typed.replace(/\D/g, ''), exceeded: false };
  const digits = normalizePhone(raw);
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
