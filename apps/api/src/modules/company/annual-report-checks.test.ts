import { describe, expect, it } from 'vitest';
import { NOT_PUBLISHED_VALID_DAYS, answerRow, firstPublishDate, storedLookup } from './annual-report-checks.ts';

const DAY = 24 * 3600_000;
const answeredAt = '2026-11-01T00:00:00.000Z';
const row = { creditCode: '91150600MAY593XU66', year: 2025, source: 'qichacha', answeredAt };

describe('stored annual-report answers', () => {
  it('keeps "published" for good', () => {
    const published = { ...row, published: true, publishDate: '2026-03-15' };
    expect(storedLookup(published, new Date(Date.parse(answeredAt) + 400 * DAY))).toEqual({
      kind: 'found',
      reports: [{ year: 2025, publishDate: '2026-03-15', remarks: '', hasDetailInfo: false }],
    });
  });

  it('keeps "not published" for NOT_PUBLISHED_VALID_DAYS only', () => {
    const none = { ...row, published: false, publishDate: '' };
    expect(storedLookup(none, new Date(Date.parse(answeredAt) + NOT_PUBLISHED_VALID_DAYS * DAY - 1))).toEqual({ kind: 'none' });
    expect(storedLookup(none, new Date(Date.parse(answeredAt) + NOT_PUBLISHED_VALID_DAYS * DAY))).toBeUndefined();
    // An answer from the future (a clock set back) is not trusted.
    expect(storedLookup(none, new Date(Date.parse(answeredAt) - DAY))).toBeUndefined();
    expect(storedLookup(undefined, new Date())).toBeUndefined();
  });

  it('stores the first valid publish date of the year', () => {
    const found = {
      kind: 'found' as const,
      reports: [
        { year: 2025, publishDate: '2026-05-02', remarks: '更正', hasDetailInfo: true },
        { year: 2025, publishDate: '2026-03-15', remarks: '', hasDetailInfo: true },
        { year: 2025, publishDate: '15/03/2026', remarks: '', hasDetailInfo: true },
      ],
    };
    expect(firstPublishDate(found)).toBe('2026-03-15');
    expect(firstPublishDate({ kind: 'found', reports: [{ year: 2025, publishDate: '', remarks: '', hasDetailInfo: false }] })).toBe('');
    expect(answerRow(row.creditCode, 2025, found, 'qichacha', answeredAt)).toEqual({ ...row, published: true, publishDate: '2026-03-15' });
    expect(answerRow(row.creditCode, 2025, { kind: 'none' }, 'qichacha', answeredAt)).toEqual({ ...row, published: false, publishDate: '' });
  });
});
