/**
 * Company-name search keys (docs/product/company-search.md#sqlite, docs/product/company-search.md#what-matches). The keyword and the indexed copy of
 * every company name go through the same normalizeKeyword, so "contains" on the normalised
 * strings is the search's definition of a match; the bigram index and colorName both follow it.
 */

export const KEYWORD_MAX_LENGTH = 50;

/** Whitespace (NFKC already turns U+3000 and U+00A0 into spaces) plus the invisible zero-width characters. */
const INVISIBLE_OR_SPACE = /[\s\u200B-\u200D\u2060]/gu;

/**
 * NFKC (full-width ＡＢＣ１２３ → ABC123), all whitespace removed, letters upper-cased, and ASCII
 * parentheses turned back into the registry's full-width （ ） (which NFKC made ASCII).
 */
export function normalizeKeyword(raw: string): string {
  return raw.normalize('NFKC').replace(INVISIBLE_OR_SPACE, '').toUpperCase().replace(/\(/g, '（').replace(/\)/g, '）');
}

/** Every 2-code-point window of the string, repeats included, in order. */
function bigramSequence(normalized: string): string[] {
  const chars = Array.from(normalized);
  const grams: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) grams.push(chars[i]! + chars[i + 1]!);
  return grams;
}

/**
 * Distinct 2-character substrings (by code point) in order of first appearance: what a set-based
 * index (a PostgreSQL text[] GIN, a grams table) stores for a name, or probes for a keyword.
 */
export function bigramsOf(normalized: string): string[] {
  return [...new Set(bigramSequence(normalized))];
}

/**
 * One gram (a bigram, or an extension gram of gram-tree.ts) as an FTS5 `ascii`-tokenizer token
 * made of [0-9a-f] only: each code point as six lower-case hex digits (U+10FFFF fits), so 字节 →
 * "005b57008282". The ascii tokenizer splits on ASCII punctuation and would break names such as
 * "A&B" or "(中国)" into other tokens; a fixed width makes the encoding unambiguous (and keeps
 * prefixes: the tokens that start with a gram's token are the grams that start with it), and no
 * character of a name can reach the query syntax.
 */
export function encodeGram(gram: string): string {
  let encoded = '';
  for (const ch of gram) encoded += encodeCodePoint(ch.codePointAt(0)!);
  return encoded;
}

/** Names use about a thousand distinct characters; caching their encoding makes tokenising about 4× faster (200k names: 1.67 s → 0.37 s). */
const CODE_POINT_TOKENS = new Map<number, string>();

function encodeCodePoint(codePoint: number): string {
  let token = CODE_POINT_TOKENS.get(codePoint);
  if (token === undefined) {
    token = codePoint.toString(16).padStart(6, '0');
    if (CODE_POINT_TOKENS.size < 100_000) CODE_POINT_TOKENS.set(codePoint, token);
  }
  return token;
}

/**
 * The text of the bigram column for a normalised name: every bigram in position order, repeats
 * included, space-separated and encoded. Unlike bigramsOf this keeps positions, because the FTS5
 * phrase query matches consecutive tokens: with distinct bigrams, "京北京公司" would store
 * 京北 北京 京公 公司 and the keyword 北京公 (北京 京公) would no longer sit side by side.
 */
export function bigramTokens(normalized: string): string {
  return bigramSequence(normalized).map(encodeGram).join(' ');
}

/**
 * The FTS5 MATCH expression for a normalised keyword: the phrase of its consecutive bigrams,
 * `"tok1 tok2 …"`, which matches exactly the names containing the keyword. Empty when the
 * keyword has fewer than 2 characters (the bigram index cannot answer those).
 */
export function bigramQuery(normalizedKeyword: string): string {
  const tokens = bigramSequence(normalizedKeyword).map(encodeGram);
  return tokens.length === 0 ? '' : `"${tokens.join(' ')}"`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/** A base character with its combining marks: the unit NFKC composes, so it is folded as one. */
const FOLD_UNIT = /[^\p{M}]\p{M}*|\p{M}+/gu;

/**
 * The company name as HTML with each occurrence of the keyword wrapped in <em>. The match runs
 * on the name folded by normalizeKeyword unit by unit, with a map from folded positions back to
 * the original, so it finds exactly what the search finds (字节 跳动 → 字节跳动, 巴巴(中国) →
 * 巴巴（中国）) while the original text is what gets shown. Each piece is escaped on its own
 * and never searched after escaping, so the keyword "amp" cannot match inside "&amp;".
 * A match that covers part of one unit (㈱ folds to （株）) highlights the whole unit.
 */
export function colorName(name: string, keyword: string): string {
  const needle = normalizeKeyword(keyword);
  if (needle === '') return escapeHtml(name);

  const units = name.match(FOLD_UNIT) ?? [];
  const unitStart: number[] = [];
  const unitOfFolded: number[] = [];
  let folded = '';
  let offset = 0;
  units.forEach((unit, index) => {
    unitStart.push(offset);
    offset += unit.length;
    const foldedUnit = normalizeKeyword(unit);
    folded += foldedUnit;
    for (let i = 0; i < foldedUnit.length; i++) unitOfFolded.push(index);
  });
  unitStart.push(offset);

  let html = '';
  let shownUpTo = 0;
  for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) {
    const from = Math.max(unitStart[unitOfFolded[at]!]!, shownUpTo);
    const to = unitStart[unitOfFolded[at + needle.length - 1]! + 1]!;
    if (to <= from) continue;
    html += `${escapeHtml(name.slice(shownUpTo, from))}<em>${escapeHtml(name.slice(from, to))}</em>`;
    shownUpTo = to;
  }
  return html + escapeHtml(name.slice(shownUpTo));
}
