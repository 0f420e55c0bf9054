/**
 * Agreement versions (docs/decisions/034-versioned-agreements.md): a version is named after the
 * Beijing day it takes effect, `YYYY-MM-DD`; a second version the same day is `YYYY-MM-DD.2`, and so on.
 */
export function nextAgreementVersion(day: string, taken: readonly string[]): string {
  if (!taken.includes(day)) return day;
  let n = 2;
  while (taken.includes(`${day}.${n}`)) n += 1;
  return `${day}.${n}`;
}

/** The longest agreement text the console may publish (characters). */
export const AGREEMENT_MAX_CHARS = 20_000;

/** What the console must send: some text, within the limit, line ends normalised. */
export function normalizeAgreementText(text: string): string | null {
  const normalized = text.replace(/\r\n?/g, '\n').trim();
  if (normalized === '' || Array.from(normalized).length > AGREEMENT_MAX_CHARS) return null;
  return normalized;
}
