import { describe, expect, it } from 'vitest';
import { SEEN_LIMIT, alertText, freshOrders } from './order-alerts.ts';

const order = (id: number, entity_name = `公司${id}`) => ({ id, entity_name });

describe('what the alerts tell', () => {
  it('tells nothing when just turned on, then only the orders not seen before', () => {
    const first = freshOrders(null, [order(3), order(2)]);
    expect(first).toEqual({ fresh: [], seen: [3, 2] });
    const second = freshOrders(first.seen, [order(4), order(3), order(2)]);
    expect(second.fresh.map((o) => o.id)).toEqual([4]);
    // The same list again (a poll, a reload): nothing new.
    expect(freshOrders(second.seen, [order(4), order(3), order(2)]).fresh).toEqual([]);
  });

  it('remembers orders that left the view, so one coming back is not news', () => {
    const taken = freshOrders([4, 3, 2], [order(4)]);
    expect(taken).toEqual({ fresh: [], seen: [4, 3, 2] });
    expect(freshOrders(taken.seen, [order(3), order(4)]).fresh).toEqual([]);
  });

  it(`keeps at most ${SEEN_LIMIT} ids, the newest first`, () => {
    const many = Array.from({ length: SEEN_LIMIT }, (_, i) => i + 1);
    const next = freshOrders(many, [order(10_000)]);
    expect(next.seen).toHaveLength(SEEN_LIMIT);
    expect(next.seen[0]).toBe(10_000);
    expect(next.seen).not.toContain(SEEN_LIMIT);
  });

  it('names one order, or counts several', () => {
    expect(alertText('paid', [order(1, '北京字节跳动科技有限公司')])).toEqual({ title: '新付款订单', body: '北京字节跳动科技有限公司' });
    expect(alertText('paid', [order(1, '甲'), order(2, '乙'), order(3, '丙'), order(4, '丁')])).toEqual({ title: '4 个新付款订单', body: '甲、乙、丙 等 4 单' });
    expect(alertText('near', [order(1, '甲')]).title).toBe('订单即将超过24小时未联系');
  });
});
