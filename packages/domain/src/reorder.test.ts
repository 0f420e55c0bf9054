import { describe, expect, it } from 'vitest';
import { ReorderCompanySchema } from './contracts/reorder.ts';
import { reorderButtonText, reorderCandidates, reorderFilingYear, reorderSeasonStart, type ReorderSourceOrder } from './reorder.ts';

const order = (overrides: Partial<ReorderSourceOrder>): ReorderSourceOrder => ({
  goods_type: 'license_year',
  goods_id: 1,
  status: '2',
  create_time: '2026-03-10T02:00:00.000Z',
  entity_name: '北京字节跳动科技有限公司',
  entity_id: '91110105MA00000001',
  entity_legal: '张一鸣',
  entity_phone: '13700000711',
  ...overrides,
});

// Spring 2027 in Shanghai: the season of the 2026 report.
const NOW = new Date('2027-02-01T04:00:00.000Z');

describe('reorder', () => {
  it('is for the year before the Shanghai calendar year, from its first moment in Shanghai', () => {
    expect(reorderFilingYear(NOW)).toBe(2026);
    expect(reorderFilingYear(new Date('2026-12-31T16:00:00.000Z'))).toBe(2026); // already 1 January 2027 in Shanghai
    expect(reorderFilingYear(new Date('2026-12-31T15:59:59.000Z'))).toBe(2025);
    expect(reorderSeasonStart(NOW)).toBe('2026-12-31T16:00:00.000Z');
    expect(reorderButtonText(2026)).toBe('为该企业办理 2026 年度年报');
  });

  it("offers last season's paid annual report with the form's fields only, never an ID number", () => {
    const withIdno = { ...order({}), entity_idno: '110101199003070000' } as ReorderSourceOrder;
    const offers = reorderCandidates([withIdno], NOW);
    expect(offers).toEqual([{ goods_id: 1, entity_name: '北京字节跳动科技有限公司', entity_id: '91110105MA00000001', entity_legal: '张一鸣', entity_phone: '13700000711' }]);
    expect(JSON.stringify(offers)).not.toContain('idno');
    expect(ReorderCompanySchema.safeParse({ ...offers[0], entity_idno: '' }).success).toBe(false);
  });

  it("offers nothing for a company already ordered this season, refunded last, or not an annual report", () => {
    expect(reorderCandidates([order({}), order({ create_time: '2027-01-05T02:00:00.000Z' })], NOW)).toEqual([]);
    expect(reorderCandidates([order({}), order({ create_time: '2026-12-31T16:00:00.000Z', status: '1' })], NOW)).toEqual([]);
    expect(reorderCandidates([order({ create_time: '2025-03-10T02:00:00.000Z' }), order({ status: '4' })], NOW)).toEqual([]);
    expect(reorderCandidates([order({ goods_type: 'license_destory' }), order({ goods_type: 'credit_repair', entity_id: 'x' })], NOW)).toEqual([]);
    expect(reorderCandidates([order({ entity_id: '' })], NOW)).toEqual([]);
  });

  it('keeps each company once, its newest order, newest company first, at most the limit', () => {
    const offers = reorderCandidates(
      [
        order({ create_time: '2025-03-10T02:00:00.000Z', entity_phone: '13700000001' }),
        order({ entity_id: 'B', entity_name: '乙', create_time: '2026-05-01T02:00:00.000Z' }),
        order({ entity_phone: '13700000002' }),
        order({ entity_id: 'C', entity_name: '丙', create_time: '2026-01-01T02:00:00.000Z' }),
      ],
      NOW,
      2,
    );
    expect(offers.map((offer) => [offer.entity_id, offer.entity_phone])).toEqual([
      ['B', '13700000711'],
      ['91110105MA00000001', '13700000002'],
    ]);
  });
});
