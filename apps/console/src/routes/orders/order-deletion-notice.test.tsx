import { ConfigProvider } from 'antd';
import type { ConsoleOrderDetail } from '@kuaibao/domain';
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '../../test/mount.ts';
import { OrderDeletionNotice } from './order-deletion-notice.tsx';
import { OrderTimeline } from './order-records.tsx';

/** The order page did not show that the customer had asked for their data to be deleted. */

const { mount } = mountPerTest();

const BASE = { create_time: '2026-08-01T01:59:00.000Z', pay_time: '2026-08-01T02:00:00.000Z', total_fee: 19900, history: [], notes: [], calls: [], refund_requests: [] };
const WAITING = { id: 3, confirmed_at: '2026-08-03T04:00:00.000Z', status_name: '已确认，待订单办结后删除', purged_at: null };

describe('an order the customer asked to delete', () => {
  it('says so above the order, in Beijing time, and in the timeline', () => {
    const page = mount(
      <ConfigProvider>
        <OrderDeletionNotice order={{ deletion_requests: [WAITING] }} />
        <OrderTimeline order={{ ...BASE, deletion_requests: [WAITING] } as unknown as ConsoleOrderDetail} />
      </ConfigProvider>,
    );
    const notice = page.querySelector('[data-testid="order-deletion-request"]');
    expect(notice?.getAttribute('role')).toBe('alert');
    expect(notice?.textContent).toContain('客户已于 2026-08-03 12:00:00 申请删除个人信息');
    expect(notice?.textContent).toContain('办结');
    expect(page.querySelector('[data-testid="order-timeline"]')?.textContent).toContain('客户申请删除个人信息');
  });

  it('says when the data went, and nothing for an order without a request', () => {
    const done = mount(<OrderDeletionNotice order={{ deletion_requests: [{ ...WAITING, status_name: '已删除', purged_at: '2026-08-05T01:00:00.000Z' }] }} />);
    expect(done.textContent).toContain('已于 2026-08-05 09:00:00 删除');
    expect(mount(<OrderDeletionNotice order={{ deletion_requests: [] }} />).querySelector('[data-testid="order-deletion-request"]')).toBeNull();
  });
});
