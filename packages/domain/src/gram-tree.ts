/**
 * Extension grams: how company search stays fast when a keyword's bigrams are all common
 * (docs/decisions/027-extension-grams.md, docs/product/company-search.md).
 *
 * The bigram index answers "the first 50 names by id that contain the keyword" by walking one
 * bigram's postings (or two intersected) and verifying each name. When every bigram of the keyword
 * is common and its matches sit far down the id order (ids go shortest name first), that walk
 * verifies thousands of names that lack the keyword: 器械有限责 walked 3,676 postings of 器械 (the
 * short 医疗器械有限公司 names) before its 50th match among 5 million names.
 *
 * The gram tree fixes that with a second kind of posting. A gram held by more than a threshold of
 * names is "split" (an internal node of the tree; the tree is prefix-closed). At every position of
 * a name where the bigram is split, the name is also indexed under the shortest extension of that
 * bigram that is not split, its "extension gram" (a leaf), or, when the rest of the name is split
 * all the way to its end, under that rest plus END_OF_NAME (a terminal leaf). Every position then
 * has exactly one leaf, so the index grows by one posting per common position, and:
 * - a keyword that contains a leaf walks that leaf: at most about `splitDf` names hold it;
 * - a keyword that is itself split (common, like 器械有限责) is a prefix of its leaves, and every
 *   posting of those leaves holds the keyword: the first 50 come from a merge of a few lists.
 *
 * The tree must be the one every indexed name was tokenised with: the writers look up the stored
 * tree, and it is only built when the whole directory is (re)indexed.
 */

/** Ends a terminal leaf: no name holds it (normalised names have no C0 controls), and it sorts before every character. */
export const END_OF_NAME = '\u0001';

/** Grams held by more names than this are split when a tree is built. */
export const DEFAULT_SPLIT_DF = 400;

/** A keyword's leaves are merged only when there are at most this many (else one gram is walked). */
export const MAX_MERGED_LEAVES = 32;

/** A gram whose postings are walked one by one when no cheaper plan exists: at most this many verifications. */
export const WALK_ONE_MAX_DF = 1000;

/** The code points of a string (names and keywords may hold astral characters). */
function codePoints(s: string): string[] {
  return Array.from(s);
}

/** Transition keys: (node, code point) as one number (node ids stay far below 2^53 / 0x110000). */
const FANOUT = 0x110000;

/**
 * The split grams as a trie over code points, for tokenising millions of names without building a
 * string per probe. Node 0 is the root; nodes of depth 1 are single characters; a node of depth
 * 2 or more exists only for a split gram.
 */
export class GramTree {
  private readonly next = new Map<number, number>();
  private nodes = 1;
  readonly grams: readonly string[];
  /** how many positions of the directory held each split gram when the tree was built (0 when unknown) */
  readonly counts: readonly number[];

  /** `splitGrams`: each split gram, alone or with its count */
  constructor(splitGrams: Iterable<string | readonly [string, number]>) {
    const grams: string[] = [];
    const counts: number[] = [];
    for (const entry of splitGrams) {
      const [gram, count] = typeof entry === 'string' ? [entry, 0] : entry;
      let node = 0;
      for (const ch of gram) node = this.child(node, ch.codePointAt(0)!, true);
      grams.push(gram);
      counts.push(count);
    }
    this.grams = grams;
    this.counts = counts;
  }

  get size(): number {
    return this.grams.length;
  }

  private child(node: number, codePoint: number, create = false): number {
    const key = node * FANOUT + codePoint;
    let found = this.next.get(key);
    if (found === undefined && create) this.next.set(key, (found = this.nodes++));
    return found ?? -1;
  }

  /** Whether `gram` (2+ characters) is split. */
  has(gram: string): boolean {
    let node = 0;
    for (const ch of gram) {
      node = this.child(node, ch.codePointAt(0)!);
      if (node < 0) return false;
    }
    return node > 0 && codePoints(gram).length >= 2;
  }

  /**
   * The extension grams of a normalised name (distinct, in order of position): for each position
   * whose bigram is split, the shortest longer prefix of the rest that is not split, or the rest
   * plus END_OF_NAME when all of it is split.
   */
  extensionGrams(name: string): string[] {
    const out = new Set<string>();
    if (this.grams.length === 0) return [];
    const cps = codePoints(name).map((ch) => ch.codePointAt(0)!);
    for (let p = 0; p + 1 < cps.length; p++) {
      let node = this.child(0, cps[p]!);
      if (node < 0) continue;
      node = this.child(node, cps[p + 1]!);
      if (node < 0) continue;
      let end = p + 2;
      for (;;) {
        if (end === cps.length) {
          out.add(String.fromCodePoint(...cps.slice(p)) + END_OF_NAME);
          break;
        }
        node = this.child(node, cps[end++]!);
        if (node < 0) {
          out.add(String.fromCodePoint(...cps.slice(p, end)));
          break;
        }
      }
    }
    return [...out];
  }
}

/**
 * Builds the tree of split grams from the names of a whole directory: every gram (2+ characters)
 * found at more than `splitDf` positions whose one-shorter prefix is split. Counts positions, not
 * names (a name repeating a gram counts twice; it only moves the threshold). Level by level, only
 * the positions still inside the tree are extended, keyed by (node, next code point), so no
 * string is built per position. 5,000,000 names: about 36,000 split grams.
 */
export function buildGramTree(names: readonly string[], splitDf: number = DEFAULT_SPLIT_DF): GramTree {
  // Every name's characters end to end as dense ids (a directory uses a few thousand distinct
  // characters), so that a (node, character) key stays a small integer, which V8's maps hash fast.
  let total = 0;
  for (const n of names) total += n.length;
  const chars = new Int32Array(total);
  const charOfId: number[] = [];
  const idOfChar = new Map<number, number>();
  const nameEnd: number[] = [];
  let at = 0;
  for (const n of names) {
    for (const ch of n) {
      const cp = ch.codePointAt(0)!;
      let id = idOfChar.get(cp);
      if (id === undefined) {
        idOfChar.set(cp, (id = charOfId.length));
        charOfId.push(cp);
      }
      chars[at++] = id;
    }
    nameEnd.push(at);
  }
  const fanout = Math.max(1, charOfId.length);
  const split: Array<[string, number]> = [];
  const gramOfNode: string[] = [];
  /** counts of (node, next character) at the open positions; keys node * fanout + character */
  const countNext = (count: number, keyOf: (k: number) => number) => {
    const df = new Map<number, number>();
    for (let k = 0; k < count; k++) {
      const key = keyOf(k);
      if (key >= 0) df.set(key, (df.get(key) ?? 0) + 1);
    }
    const nodeOf = new Map<number, number>();
    for (const [key, n] of df) {
      if (n <= splitDf) continue;
      const gram = gramOfKey(key);
      nodeOf.set(key, gramOfNode.length);
      gramOfNode.push(gram);
      split.push([gram, n]);
    }
    return nodeOf;
  };
  let level = 2;
  /** the gram a key names: at level 2 the key is (first character, second character) */
  const gramOfKey = (key: number) =>
    (level === 2 ? String.fromCodePoint(charOfId[Math.floor(key / fanout)]!) : gramOfNode[Math.floor(key / fanout)]!) +
    String.fromCodePoint(charOfId[key % fanout]!);

  // level 2: every position of every name but its last
  const starts: number[] = [];
  let from = 0;
  for (const end of nameEnd) {
    for (let p = from; p + 1 < end; p++) starts.push(p);
    from = end;
  }
  let count = starts.length;
  let start = Int32Array.from(starts);
  starts.length = 0;
  let stop = new Int32Array(count);
  {
    let k = 0;
    from = 0;
    for (const end of nameEnd) {
      for (let p = from; p + 1 < end; p++) stop[k++] = end;
      from = end;
    }
  }
  let node = new Int32Array(count);
  let nodeOf = countNext(count, (k) => chars[start[k]!]! * fanout + chars[start[k]! + 1]!);
  /** keeps the open positions whose next gram is split, on that gram's node; returns how many */
  const keep = (keyOf: (k: number) => number): number => {
    let kept = 0;
    for (let k = 0; k < count; k++) {
      const key = keyOf(k);
      const id = key < 0 ? undefined : nodeOf.get(key);
      if (id === undefined) continue;
      start[kept] = start[k]!;
      stop[kept] = stop[k]!;
      node[kept++] = id;
    }
    if (kept < start.length / 4) {
      start = start.slice(0, kept);
      stop = stop.slice(0, kept);
      node = node.slice(0, kept);
    }
    return kept;
  };
  count = keep((k) => chars[start[k]!]! * fanout + chars[start[k]! + 1]!);
  for (level = 3; count > 0; level++) {
    const length = level;
    const keyOf = (k: number) => {
      const last = start[k]! + length - 1;
      return last >= stop[k]! ? -1 : node[k]! * fanout + chars[last]!;
    };
    nodeOf = countNext(count, keyOf);
    count = keep(keyOf);
  }
  return new GramTree(split);
}

/** How the contains-candidates of a keyword of 3 or more characters are found. */
export type ContainsPlan =
  /** a gram of the keyword that no name holds: there are none */
  | { kind: 'none' }
  /** walk this gram's postings in id order and verify each name */
  | { kind: 'walk'; gram: string }
  /** walk the postings held by both grams, verify each */
  | { kind: 'both'; grams: [string, string] }
  /** merge the first postings of each of the keyword's leaves (`leaves` of the facts): each holds the keyword */
  | { kind: 'leaves' }
  /** read every posting of every gram that starts with the keyword (the keyword is split but rare enough), sort them */
  | { kind: 'prefix' };

export interface GramFacts {
  /** which of `keywordGrams(keyword)` are split (internal nodes of the stored tree) */
  split: ReadonlySet<string>;
  /** for a split keyword, the positions that held it when the tree was built (0 or absent when unknown) */
  keywordCount?: number;
  /** names holding each gram of the index that the keyword asks about (absent = none) */
  df: ReadonlyMap<string, number>;
  /** the number of leaves that start with the keyword, when it is split (at most MAX_MERGED_LEAVES + 1 are counted) */
  leaves: number;
}

/** Reading every posting under a split keyword is chosen up to this many postings. */
export const PREFIX_READ_MAX = 3000;

/** The keyword's grams a plan may ask about: every substring of 2 or more characters (at most ~1,300 for a 50-character keyword). */
export function keywordGrams(keyword: string): string[] {
  const chars = codePoints(keyword);
  const out = new Set<string>();
  for (let p = 0; p + 1 < chars.length; p++) {
    let g = chars[p]!;
    for (let e = p + 1; e < chars.length; e++) {
      g += chars[e]!;
      out.add(g);
    }
  }
  return [...out];
}

/** Postings expected to be read before the first matches are found (FTS_CANDIDATES of the repository). */
const FIRST_MATCHES = 50;
/** What a merge costs per leaf (a seek), in postings read. */
const SEEK_COST = 10;
/**
 * How much worse than even a bigram's matches are spread: they gather where names are long (业（ is
 * in 118,795 names and 企业（ in 104,046, but the short 商业（…） names come first: 20 ms at 5M), so a
 * walk estimated from the share alone is only chosen when it is far cheaper than an exact plan.
 */
const UNEVEN = 4;

/**
 * The cheapest way to the first contains-matches of a keyword of 3+ characters, from the stored
 * tree and frequencies (docs/decisions/027-extension-grams.md), by the postings each plan is
 * expected to read:
 * - from each position of the keyword, its walkable gram: the bigram when it is not split, else
 *   the shortest extension in the keyword that is not split (a leaf); at most its frequency; a
 *   walkable gram no name holds means no match at all;
 * - for a split keyword: the merge of its leaves (when there are at most MAX_MERGED_LEAVES: the
 *   first matches plus a seek per leaf), every posting of its leaves (as many as the keyword's
 *   count), or its rarest bigram walked alone (the first matches divided by the share of that
 *   bigram's names that hold the keyword);
 * - when nothing else is known, the two rarest bigrams intersected (the only plan without a tree).
 */
export function planContainsSearch(keyword: string, facts: GramFacts): ContainsPlan {
  const chars = codePoints(keyword);
  const dfOf = (g: string) => facts.df.get(g) ?? 0;
  let best: { plan: ContainsPlan; cost: number } | null = null;
  const consider = (plan: ContainsPlan, cost: number) => {
    if (!best || cost < best.cost) best = { plan, cost };
  };
  for (let p = 0; p + 1 < chars.length; p++) {
    let gram = chars[p]! + chars[p + 1]!;
    let end = p + 2;
    while (facts.split.has(gram) && end < chars.length) gram += chars[end++]!;
    if (facts.split.has(gram)) continue; // the rest of the keyword is split: nothing to walk from here
    const df = dfOf(gram);
    // With a tree, every name holding the keyword holds each walkable gram; without one, a bigram's absence says the same.
    if (df === 0) return { kind: 'none' };
    consider({ kind: 'walk', gram }, df);
  }
  const bigrams = [...new Set(chars.slice(1).map((c, i) => chars[i]! + c))].sort((a, b) => dfOf(a) - dfOf(b) || (a < b ? -1 : 1));
  if (facts.split.has(keyword)) {
    if (facts.leaves === 0) return { kind: 'none' };
    if (facts.leaves <= MAX_MERGED_LEAVES) consider({ kind: 'leaves' }, FIRST_MATCHES + SEEK_COST * facts.leaves);
    const count = facts.keywordCount ?? 0;
    if (count > 0) {
      if (count <= PREFIX_READ_MAX) consider({ kind: 'prefix' }, count);
      const rarest = bigrams[0]!;
      if (dfOf(rarest) > 0) consider({ kind: 'walk', gram: rarest }, (UNEVEN * FIRST_MATCHES * dfOf(rarest)) / count);
    }
  }
  const chosen = best as { plan: ContainsPlan; cost: number } | null;
  // A prefix read only reads the index (its own bound applies); a walk fetches every name it reads.
  if (chosen && (chosen.cost <= WALK_ONE_MAX_DF || chosen.plan.kind === 'prefix')) return chosen.plan;
  // Nothing known to be cheap (or the tree is stale): intersect the two rarest bigrams.
  if (bigrams.length < 2) return { kind: 'walk', gram: bigrams[0]! };
  return { kind: 'both', grams: [bigrams[0]!, bigrams[1]!] };
}
