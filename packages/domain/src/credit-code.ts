/**
 * Unified social credit codes (统一社会信用代码, GB 32100-2015): 18 characters, the last a
 * mod-31 check character. docs/product/validation.md#readings-we-chose: a company whose code fails is not offered.
 */

/** The 31 code characters; a character's value is its index (I, O, Z, S, V are never used). */
export const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** W_i = 3^(i-1) mod 31 for positions 1–17. */
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

/** Positions 1–2 authority and type, 3–8 the administrative division (digits), 9–18 the rest. */
const CREDIT_CODE_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/**
 * The check character for the first 17 characters. Throws a RangeError when `first17` is not
 * exactly 17 code characters: a silent '' would let a caller compare it and call a broken
 * code valid-looking, whereas bad input here is always a programming error.
 */
export function creditCodeCheckChar(first17: string): string {
  if (first17.length !== 17) throw new RangeError(`expected 17 characters, got ${first17.length}`);
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CODE_CHARS.indexOf(first17.charAt(i));
    if (value < 0) throw new RangeError(`"${first17.charAt(i)}" is not a credit code character`);
    sum += value * WEIGHTS[i]!;
  }
  return CREDIT_CODE_CHARS.charAt((31 - (sum % 31)) % 31);
}

/**
 * Exact form (upper case, no spaces: the registry's own spelling) and a matching check
 * character. Codes in the directory are stored that way; normalise user input before calling.
 */
export function isValidCreditCode(code: string): boolean {
  return CREDIT_CODE_PATTERN.test(code) && creditCodeCheckChar(code.slice(0, 17)) === code.charAt(17);
}
