import { describe, expect, it } from 'vitest';
import {
  KEYWORD_MAX_LENGTH,
  bigramQuery,
  bigramTokens,
  bigramsOf,
  colorName,
  encodeGram,
  normalizeKeyword,
} from './keyword.ts';

describe('normalizeKeyword', () => {
  it.each([
    ['字节 跳动', '字节跳动'],
    [' 字节\u3000跳动\t\n', '字节跳动'],
    ['字\u00A0节\u200B跳动', '字节跳动'],
    ['ａｂｃ１２３', 'ABC123'],
    ['abc', 'ABC'],
    ['巴巴(中国)', '巴巴（中国）'],
    ['巴巴（中国）', '巴巴（中国）'],
    ['A&B', 'A&B'],
    ['', ''],
  ])('%j → %j', (raw, normalized) => {
    expect(normalizeKeyword(raw)).toBe(normalized);
  });

  it('is idempotent', () => {
    for (const raw of ['阿里巴巴(中国)网络技术有限公司', 'ＴＣＬ科技　集团', 'ß straße', '㈱東京', 'é́ x']) {
      const once = normalizeKeyword(raw);
      expect(normalizeKeyword(once)).toBe(once);
    }
  });

  it('caps keywords at 50 characters', () => {
    expect(KEYWORD_MAX_LENGTH).toBe(50);
  });
});

describe('bigramsOf', () => {
  it('lists distinct bigrams in order of first appearance', () => {
    expect(bigramsOf('北京北京')).toEqual(['北京', '京北']);
    expect(bigramsOf('字节跳动')).toEqual(['字节', '节跳', '跳动']);
  });
  it('gives nothing for fewer than 2 characters', () => {
    expect(bigramsOf('北')).toEqual([]);
    expect(bigramsOf('')).toEqual([]);
  });
  it('counts code points, not UTF-16 units', () => {
    expect(bigramsOf('𠀀')).toEqual([]);
    expect(bigramsOf('𠀀𠀁A')).toEqual(['𠀀𠀁', '𠀁A']);
  });
});

describe('encodeGram and bigramTokens', () => {
  it('writes each code point as six hex digits', () => {
    expect(encodeGram('字节')).toBe('005b57008282');
    expect(encodeGram('A&')).toBe('000041000026');
    expect(encodeGram('𠀀A')).toBe('020000000041');
  });

  it('keeps every bigram in position order, repeats included', () => {
    expect(bigramTokens('字节跳动')).toBe('005b57008282 008282008df3 008df30052a8');
    expect(bigramTokens('北京北京').split(' ')).toHaveLength(3);
    expect(bigramTokens('北')).toBe('');
  });

  it('never emits a character the ascii tokenizer treats as a separator', () => {
    expect(bigramTokens(normalizeKeyword('A&B "公司" (中国) -_.*:^'))).toMatch(/^[0-9a-f]{12}( [0-9a-f]{12})*$/);
  });
});

describe('bigramQuery', () => {
  it('builds a quoted phrase of the keyword bigrams', () => {
    expect(bigramQuery('字节跳动')).toBe('"005b57008282 008282008df3 008df30052a8"');
    expect(bigramQuery('字节')).toBe('"005b57008282"');
  });
  it('is empty for fewer than 2 characters', () => {
    expect(bigramQuery('字')).toBe('');
    expect(bigramQuery('')).toBe('');
  });
  it('cannot be escaped by quotes in the keyword', () => {
    expect(bigramQuery(normalizeKeyword('a" OR "b'))).toMatch(/^"[0-9a-f ]+"$/);
  });
});

/**
 * A model of FTS5 with tokenize='ascii': tokens are runs of ASCII letters and digits and of
 * non-ASCII characters, ASCII case folded; a phrase matches when its tokens appear consecutively.
 */
function asciiTokens(text: string): string[] {
  return (text.match(/[0-9A-Za-z\u0080-\u{10FFFF}]+/gu) ?? []).map((token) => token.toLowerCase());
}
function phraseMatches(column: string, query: string): boolean {
  const doc = asciiTokens(column);
  const phrase = asciiTokens(query.slice(1, -1));
  for (let i = 0; i + phrase.length <= doc.length; i++) {
    if (phrase.every((token, k) => doc[i + k] === token)) return true;
  }
  return false;
}

describe('bigram phrase search', () => {
  it('finds a keyword whose bigrams repeat in the name', () => {
    // with distinct bigrams the column would be 京北 北京 京公 公司 and 北京→京公 would not be adjacent
    expect(phraseMatches(bigramTokens('京北京公司'), bigramQuery('北京公'))).toBe(true);
    expect(phraseMatches(bigramTokens('北京北方公司'), bigramQuery('北京北京'))).toBe(false);
  });

  it('matches exactly the names that contain the keyword (randomised, deterministic)', () => {
    const alphabet = ['北', '京', '字', '节', 'A', 'b', '&', '(', '）', '"', ' ', '𠀀', '-'];
    let seed = 12345;
    const next = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const randomText = (max: number): string =>
      Array.from({ length: next(max + 1) }, () => alphabet[next(alphabet.length)]!).join('');
    let compared = 0;
    let found = 0;
    for (let round = 0; round < 3000; round++) {
      const name = normalizeKeyword(randomText(10));
      const keyword = normalizeKeyword(next(2) === 0 ? Array.from(name).slice(next(6), next(6) + 2 + next(4)).join('') : randomText(4));
      if (Array.from(keyword).length < 2) continue;
      compared++;
      if (name.includes(keyword)) found++;
      expect([name, keyword, phraseMatches(bigramTokens(name), bigramQuery(keyword))]).toEqual([name, keyword, name.includes(keyword)]);
    }
    expect(compared).toBeGreaterThan(1000);
    expect(found).toBeGreaterThan(300);
  });
});

describe('colorName', () => {
  it.each([
    // the five measured outputs of docs/product/company-search.md#what-matches
    ['北京字节跳动科技有限公司', '字节跳动', '北京<em>字节跳动</em>科技有限公司'],
    ['阿里巴巴（中国）有限公司', '巴巴(中国)', '阿里<em>巴巴（中国）</em>有限公司'],
    [`A&B<科技>公司"x'`, 'b<科', 'A&amp;<em>B&lt;科</em>技&gt;公司&quot;x&#39;'],
    ['Tom&Jerry科技有限公司', 'amp', 'Tom&amp;Jerry科技有限公司'],
    ['<script>alert(1)</script>有限公司', '有限', '&lt;script&gt;alert(1)&lt;/script&gt;<em>有限</em>公司'],
  ])('%s with %j', (name, keyword, html) => {
    expect(colorName(name, keyword)).toBe(html);
  });

  it('normalises a keyword with spaces the way search does', () => {
    expect(colorName('北京字节跳动科技有限公司', '字节 跳动')).toBe('北京<em>字节跳动</em>科技有限公司');
    expect(colorName('北京字节跳动科技有限公司', '　字节跳动　')).toBe('北京<em>字节跳动</em>科技有限公司');
  });

  it('highlights the original characters of a name that differs only by folding', () => {
    expect(colorName('阿里巴巴(中国)有限公司', '巴巴（中国）')).toBe('阿里<em>巴巴(中国)</em>有限公司');
    expect(colorName('ｔｃｌ科技', 'TCL')).toBe('<em>ｔｃｌ</em>科技');
    expect(colorName('tcl科技', 'ＴＣＬ')).toBe('<em>tcl</em>科技');
  });

  it('spans whitespace inside the name, as search ignores it', () => {
    expect(colorName('字节 跳动科技', '字节跳动')).toBe('<em>字节 跳动</em>科技');
  });

  it('wraps every occurrence', () => {
    expect(colorName('北京北京公司', '北京')).toBe('<em>北京</em><em>北京</em>公司');
    expect(colorName('a&a&a', 'A')).toBe('<em>a</em>&amp;<em>a</em>&amp;<em>a</em>');
  });

  it('highlights a whole character whose folded form contains the keyword', () => {
    // ㈱ folds to （株）
    expect(colorName('㈱东方', '株')).toBe('<em>㈱</em>东方');
    expect(colorName('‼‼', '!')).toBe('<em>‼</em><em>‼</em>');
  });

  it('only escapes when the keyword is empty or blank', () => {
    expect(colorName('A&B有限公司', '')).toBe('A&amp;B有限公司');
    expect(colorName('A&B有限公司', ' \u3000')).toBe('A&amp;B有限公司');
  });

  it('escapes when there is no match', () => {
    expect(colorName('<b>', '公司')).toBe('&lt;b&gt;');
  });
});
