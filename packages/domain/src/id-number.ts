/**
 * Resident identity numbers (公民身份号码, GB 11643-1999) of the legal representative.
 * The checksum alone accepts one random string in eleven; the birth date and province checks
 * catch most typos the checksum lets through (docs/product/validation.md#readings-we-chose). None of this proves the number
 * belongs to the named person.
 */
import { shanghaiDate } from './countdown.ts';

export const ID_NUMBER_MAX_LENGTH = 18;

/**
 * The input filter (docs/product/validation.md): full-width characters folded (a phone keyboard may give "１" or
 * "ｘ"), uppercased, only digits and X kept, cut to 18. `exceeded` tells the caller to show
 * the "超出长度" toast.
 */
export function filterIdNumberInput(raw: string): { value: string; exceeded: boolean } {
  const kept = raw.normalize('NFKC').toUpperCase().replace(/[^0-9X]/g, '');
  return { value: kept.slice(0, ID_NUMBER_MAX_LENGTH), exceeded: kept.length > ID_NUMBER_MAX_LENGTH };
}

/**
 * First two digits of the address code: the provinces of GB/T 2260, 71 (Taiwan) and the
 * residence-permit codes 81, 82, 83 (Hong Kong, Macau, Taiwan residents).
 */
const PROVINCE_CODES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64,
  65, 71, 81, 82, 83,
]);

const CHECKSUM_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECKSUM_CHARS = '10X98765432';
const OLDEST_BIRTH_YEAR = 1800;

/** The check character of the first 17 digits (ISO 7064 MOD 11-2). */
export function idNumberCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17.charAt(i)) * CHECKSUM_WEIGHTS[i]!;
  return CHECKSUM_CHARS.charAt(sum % 11);
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= monthDays;
}

function hasKnownProvince(value: string): boolean {
  return PROVINCE_CODES.has(Number(value.slice(0, 2)));
}

/**
 * 15 digits (the pre-1999 form: 6 address digits, YYMMDD of a 19YY birth date, 3 sequence
 * digits, no check character) or 18 characters with a valid check character, a real birth date
 * between 1800 and today, and a known province. `today` is read as a Shanghai calendar date, so
 * someone born today is accepted whatever the server's time zone. The value must already be
 * filtered (upper-case X, no spaces): see filterIdNumberInput.
 */
export function isValidIdNumber(value: string, today: Date = new Date()): boolean {
  if (/^\d{15}$/.test(value)) {
    const year = 1900 + Number(value.slice(6, 8));
    return hasKnownProvince(value) && isRealDate(year, Number(value.slice(8, 10)), Number(value.slice(10, 12)));
  }
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  if (idNumberCheckChar(value) !== value.charAt(17)) return false;
  if (!hasKnownProvince(value)) return false;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  if (year < OLDEST_BIRTH_YEAR || !isRealDate(year, month, day)) return false;
  const now = shanghaiDate(today);
  const birth = year * 10000 + month * 100 + day;
  return birth <= now.year * 10000 + now.month * 100 + now.day;
}

/**
 * For display in lookups and receipts: 18 characters keep the first 3 and the last 4
 * (110***********002X); other lengths keep the first and the last character. Two characters
 * or fewer are masked entirely, since keeping both ends would reveal everything.
 */
export function maskIdNumber(value: string): string {
  const chars = Array.from(value);
  if (chars.length <= 2) return '*'.repeat(chars.length);
  const [head, tail] = chars.length === ID_NUMBER_MAX_LENGTH ? [3, 4] : [1, 1];
  return chars.slice(0, head).join('') + '*'.repeat(chars.length - head - tail) + chars.slice(-tail).join('');
}
