import { describe, expect, it } from 'vitest';
import { buildGramTree, END_OF_NAME, GramTree, keywordGrams, MAX_MERGED_LEAVES, planContainsSearch } from './gram-tree.ts';
import type { GramFacts } from './gram-tree.ts';

const NAMES = [
  '甲医疗器械有限公司',
  '乙医疗器械有限公司',
  '丙医疗器械有限公司',
  '丁医疗器械有限责任公司',
  '戊医疗器械有限责任公司',
  '己科技有限公司',
];

describe('buildGramTree', () => {
  it('splits every gram held at more than splitDf positions whose shorter prefix is split, and only those', () => {
    const tree = buildGramTree(NAMES, 2);
    // 器械 (5), 器械有 (5), 器械有限 (5); 器械有限公 (3) and 器械有限责 (2) differ
    for (const g of ['器械', '器械有', '器械有限', '器械有限公', '有限公司', '限公司', '公司', '医疗器械有限']) expect(tree.has(g)).toBe(true);
    for (const g of ['器械有限责', '科技', '甲医', '器']) expect(tree.has(g)).toBe(false);
    // prefix-closed: every split gram's 2+ prefixes are split
    for (const g of tree.grams) for (let n = 2; n < Array.from(g).length; n++) expect(tree.has(Array.from(g).slice(0, n).join(''))).toBe(true);
  });

  it('counts code points, not UTF-16 units', () => {
    const tree = buildGramTree(['𠀀𠀁甲', '𠀀𠀁乙', '𠀀𠀁丙'], 2);
    expect(tree.grams).toEqual(['𠀀𠀁']);
  });

  it('keeps the number of positions of each split gram', () => {
    const tree = buildGramTree(NAMES, 2);
    expect(tree.counts[tree.grams.indexOf('器械有限')]).toBe(5);
    expect(tree.counts[tree.grams.indexOf('公司')]).toBe(6);
  });

  it('splits nothing below the threshold', () => {
    expect(buildGramTree(NAMES, 100).size).toBe(0);
    expect(new GramTree([]).extensionGrams('医疗器械有限公司')).toEqual([]);
  });
});

describe('GramTree.extensionGrams', () => {
  const tree = new GramTree(['器械', '器械有', '器械有限', '有限', '有限公', '有限公司', '公司', '限公', '限公司']);

  it('gives each position with a split bigram its shortest unsplit extension, or the rest and END_OF_NAME', () => {
    expect(tree.extensionGrams('甲医疗器械有限责任公司')).toEqual(['器械有限责', '有限责', '公司' + END_OF_NAME]);
    expect(tree.extensionGrams('甲器械有限公司')).toEqual(['器械有限公', '有限公司' + END_OF_NAME, '限公司' + END_OF_NAME, '公司' + END_OF_NAME]);
    expect(tree.extensionGrams('科技')).toEqual([]);
  });

  it('is exact: a name holds a keyword that is split only through one of its leaves', () => {
    // every occurrence of a split keyword is the start of a leaf that begins with it
    const names = ['甲器械有限公司', '乙医疗器械有限责任公司', '器械有限公司丙', '有限公司'];
    for (const name of names) {
      for (const kw of ['器械有', '有限公司', '限公']) {
        const leaves = tree.extensionGrams(name).filter((g) => g.startsWith(kw));
        expect([name, kw, leaves.length > 0]).toEqual([name, kw, name.includes(kw)]);
      }
    }
  });
});

describe('keywordGrams', () => {
  it('lists every substring of 2 or more characters once', () => {
    expect(keywordGrams('器械有')).toEqual(['器械', '器械有', '械有']);
    expect(keywordGrams('北京北京')).toEqual(['北京', '北京北', '北京北京', '京北', '京北京']);
    expect(keywordGrams('北')).toEqual([]);
  });
});

describe('planContainsSearch', () => {
  const facts = (split: string[], df: Record<string, number>, leaves = 0): GramFacts => ({ split: new Set(split), df: new Map(Object.entries(df)), leaves });

  it('walks the rarest unsplit gram when it is cheap', () => {
    expect(planContainsSearch('祥瑞科技', facts(['科技'], { 祥瑞: 50, 瑞科: 80, 科技有: 10_000 }))).toEqual({ kind: 'walk', gram: '祥瑞' });
  });

  it('walks an extension gram of the keyword when its bigrams are split', () => {
    const f = facts(['器械', '械有', '有限', '器械有'], { 器械有限: 90, 械有限: 5000, 有限: 4_000_000 });
    expect(planContainsSearch('器械有限', f)).toEqual({ kind: 'walk', gram: '器械有限' });
  });

  it('merges the leaves of a split keyword when no walk is cheap', () => {
    const split = ['器械', '器械有', '械有', '械有限', '有限', '有限责', '限责'];
    expect(planContainsSearch('器械有限责', facts([...split, '器械有限', '器械有限责', '械有限责'], { 有限责任: 500_000 }, 2))).toEqual({ kind: 'leaves' });
    expect(planContainsSearch('器械有限责', facts([...split, '器械有限', '器械有限责', '械有限责'], {}, 0))).toEqual({ kind: 'none' });
  });

  it('reads every posting under a split keyword that is rare enough, or walks a bigram most of whose names hold it', () => {
    const split = ['郸市', '郸市盛', '市盛', '）有', '）有限', '有限'];
    // 郸市盛 at 600 positions, under 200 leaves: read them all
    expect(planContainsSearch('郸市盛', { ...facts(split, { 郸市: 23_789, 市盛: 55_580 }, MAX_MERGED_LEAVES + 1), keywordCount: 600 })).toEqual({ kind: 'prefix' });
    // ）有限 at 340,000 positions, and ）有 in 347,510 names: nearly every posting of ）有 is a match
    expect(planContainsSearch('）有限', { ...facts(split, { '）有': 347_510, 有限: 3_843_797 }, MAX_MERGED_LEAVES + 1), keywordCount: 340_000 })).toEqual({
      kind: 'walk',
      gram: '）有',
    });
    // too many postings to read, but a third of 郸市's names hold it: walk 郸市
    expect(planContainsSearch('郸市盛', { ...facts(split, { 郸市: 23_789, 市盛: 55_580 }, MAX_MERGED_LEAVES + 1), keywordCount: 8000 })).toEqual({
      kind: 'walk',
      gram: '郸市',
    });
    // an exact merge of few leaves is preferred to a walk estimated from a share (业（ gathers in short 商业（…） names)
    expect(planContainsSearch('企业（', { ...facts(['企业', '业（', '企业（'], { 企业: 170_272, '业（': 118_795 }, 1), keywordCount: 104_046 })).toEqual({ kind: 'leaves' });
    // a rare share and too many postings: the intersection
    expect(planContainsSearch('郸市盛', { ...facts(split, { 郸市: 230_000, 市盛: 550_000 }, MAX_MERGED_LEAVES + 1), keywordCount: 8000 })).toEqual({
      kind: 'both',
      grams: ['郸市', '市盛'],
    });
  });

  it('says there is no match when a walkable gram is in no name', () => {
    expect(planContainsSearch('龘靐齉', facts([], { 龘靐: 3 }))).toEqual({ kind: 'none' });
  });

  it('intersects the two rarest bigrams when nothing else is cheap (and without a tree)', () => {
    expect(planContainsSearch('有限公司', facts(['有限', '限公', '公司', '有限公', '有限公司', '限公司'], { 有限: 4_000_000, 限公: 3_000_000, 公司: 4_900_000 }, MAX_MERGED_LEAVES + 1))).toEqual({
      kind: 'both',
      grams: ['限公', '有限'],
    });
    expect(planContainsSearch('科技有', facts([], { 科技: 1_000_000, 技有: 900_000 }))).toEqual({ kind: 'both', grams: ['技有', '科技'] });
  });
});
