import { CITIES, PROVINCES } from './regions.ts';

/**
 * How company-name search ranks what it found (docs/product/company-search.md), and the rank
 * order of names that the directory numbers its rows in (shorter first), so that search can take
 * "the first N matches by id".
 */

/** What ranking reads of a candidate row. */
export interface RankedCompany {
  id: number;
  /** the name as normalizeKeyword gives it */
  name_norm: string;
  /** 登记状态 (存续, 注销…) */
  status: string;
}

/** Registration states of a company that no longer trades: ranked after live ones. */
const DEAD_STATUSES = new Set(['注销', '吊销', '撤销', '迁出']);

/** Province / municipality / city names without suffix, for "match right after a leading region". */
const REGION_WORDS = new Set<string>([
  ...PROVINCES.flatMap((p) => [p.name, p.short]),
  ...CITIES.flatMap((c) => (c.short ? [c.name, c.short] : [c.name])),
]);
/** A leading region spelled with its suffixes: 浙江省杭州市西湖区, 杭州市, 西湖区, 大理白族自治州… */
const SUFFIXED_REGION = /^(?:[\p{Script=Han}]{1,8}?(?:省|自治区|市|自治州|州|地区|盟|区|县|旗)){1,3}$/u;

/** Whether the part of a name before the keyword is a region (深圳市, 北京海淀, 浙江省杭州市西湖区…). */
export function isLeadingRegion(prefix: string): boolean {
  if (prefix.length < 2 || prefix.length > 16) return false;
  if (REGION_WORDS.has(prefix) || SUFFIXED_REGION.test(prefix)) return true;
  // 北京海淀… / 广东深圳…: a known region word followed by a suffixed one
  for (let i = 2; i <= 8 && i < prefix.length; i++) {
    if (REGION_WORDS.has(prefix.slice(0, i)) && (REGION_WORDS.has(prefix.slice(i)) || SUFFIXED_REGION.test(prefix.slice(i)))) return true;
  }
  return false;
}

/** Length in code points, as `for…of` counts them (a surrogate pair once, a lone surrogate once). */
export function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i + 1 < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** Code point order for UTF-16 strings (what SQLite BINARY and PostgreSQL byte order give for UTF-8). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (astral code points) sort above U+E000–U+FFFF in code point order.
    if (x >= 0xd800) x += x < 0xe000 ? 0x2000 : -0x800;
    if (y >= 0xd800) y += y < 0xe000 ? 0x2000 : -0x800;
    return x - y;
  }
  return a.length - b.length;
}

/**
 * Candidates ranked: exact name, then prefix, then a match right after a leading region
 * (深圳市 + 腾讯…: the trade name), then anything else; within a tier live entities before
 * 注销/吊销, then shorter names, then id. Duplicates (a row found by both indexes) and rows that
 * do not actually contain the keyword are removed.
 */
export function rankCompanies<T extends RankedCompany>(keyword: string, rows: readonly T[]): T[] {
  const seen = new Set<number>();
  const scored: Array<{ row: T; tier: number; dead: number; len: number }> = [];
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    const at = row.name_norm.indexOf(keyword);
    if (at < 0) continue;
    const tier = row.name_norm === keyword ? 0 : at === 0 ? 1 : isLeadingRegion(row.name_norm.slice(0, at)) ? 2 : 3;
    scored.push({ row, tier, dead: DEAD_STATUSES.has(row.status) ? 1 : 0, len: codePointLength(row.name_norm) });
  }
  scored.sort((a, b) => a.tier - b.tier || a.dead - b.dead || a.len - b.len || a.row.id - b.row.id);
  return scored.map((s) => s.row);
}
