import type { ConsoleReconciliationRun } from '@kuaibao/domain';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '../../test/mount.ts';
import { RunCard } from './reconciliation-page.tsx';

/** The day's summary keeps each figure with its unit (it once read "差异 4↵笔" at 1280 px). */

const RUN: ConsoleReconciliationRun = {
  id: 1,
  provider: 'wechatpay',
  bill_date: '2026-11-26',
  status: 'DONE',
  theirs: { payment_count: 12, payment_fen: 238800, refund_count: 1, refund_fen: 99900 },
  ours: { payment_count: 11, payment_fen: 218900, refund_count: 1, refund_fen: 99900 },
  matched_count: 10,
  difference_count: 4,
  error: '',
  triggered_by: 'system',
  started_at: '2026-11-27T01:00:00.000Z',
  finished_at: '2026-11-27T01:00:05.000Z',
  differences: [],
};

const { mount } = mountPerTest();

describe('RunCard', () => {
  it('holds every count with 笔 and every amount with ¥ in an unbreakable figure', () => {
    const container = mount(<MemoryRouter><RunCard run={RUN} onRerun={() => undefined} rerunning={false} /></MemoryRouter>);
    const figures = [...container.querySelectorAll('.figure')].map((figure) => figure.textContent);
    expect(figures).toEqual(expect.arrayContaining(['一致 10 笔', '差异 4 笔', '收款 12 笔 ¥2388.00', '退款 1 笔 ¥999.00', '收款 11 笔 ¥2189.00']));
    // Every 笔 in the summary sits inside a figure, beside its number.
    const summary = container.querySelector('[data-testid="reconciliation-wechatpay-summary"]')!;
    const loose = [...summary.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && /笔/.test(node.textContent ?? ''));
    expect(loose).toEqual([]);
  });
});
