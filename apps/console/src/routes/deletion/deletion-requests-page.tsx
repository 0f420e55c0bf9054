import { Table, Tag } from 'antd';
import type { ConsoleDeletionRequest } from '@kuaibao/domain';
import { useState } from 'react';
import { useDeletionRequests } from '../../hooks/api/deletion.ts';
import { dateTime } from '../../lib/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';

const STATUS_COLORS: Record<string, { color: string; background: string }> = {
  completed: { color: '#0a6b4f', background: '#e3f7f0' },
  waiting: { color: '#874d00', background: '#fff7e6' },
  code_sent: { color: '#3c4a5c', background: '#eef1f5' },
  locked: { color: '#a8071a', background: '#fff1f0' },
};

/**
 * The visitors' own deletion requests (docs/decisions/037-visitor-deletion-request.md): asked from the
 * progress page and confirmed by an SMS code; closed orders are purged at once, open ones when they close.
 */
export function DeletionRequestsPage() {
  const [page, setPage] = useState(1);
  const requests = useDeletionRequests({ page, page_size: 20 });
  return (
    <>
      <PageHeader title="删除申请" subtitle="客户在进度查询页申请删除个人信息：已办结的订单立即删除，办理中的订单办结后自动删除" />
      <Table<ConsoleDeletionRequest>
        rowKey="id"
        loading={requests.isPending || requests.isPlaceholderData}
        dataSource={requests.data?.items ?? []}
        data-testid="deletion-table"
        locale={{ emptyText: '暂无删除申请' }}
        pagination={{ current: page, pageSize: 20, total: requests.data?.total ?? 0, onChange: setPage, showTotal: (t) => `共 ${t} 条` }}
        columns={[
          { title: '申请时间', dataIndex: 'created_at', width: 170, render: (v: string) => dateTime(v) },
          { title: '手机号', dataIndex: 'phone_masked', width: 120, className: 'mono' },
          {
            title: '状态',
            dataIndex: 'status_name',
            width: 200,
            render: (v: string, row) => (
              <Tag style={{ ...(STATUS_COLORS[row.status] ?? {}), borderColor: 'transparent' }} data-testid="deletion-status">
                {v}
              </Tag>
            ),
          },
          {
            title: '涉及订单',
            dataIndex: 'orders',
            render: (orders: ConsoleDeletionRequest['orders']) =>
              orders.length === 0
                ? '—'
                : orders.map((order) => (
                    <div key={order.out_trade_no}>
                      <span className="mono">{order.out_trade_no}</span> {order.purged_at ? <span className="muted">已删除 {dateTime(order.purged_at)}</span> : <span>办理中，办结后删除</span>}
                    </div>
                  )),
          },
          { title: '确认时间', dataIndex: 'confirmed_at', width: 170, render: (v: string | null) => (v ? dateTime(v) : '—') },
          { title: '完成时间', dataIndex: 'completed_at', width: 170, render: (v: string | null) => (v ? dateTime(v) : '—') },
        ]}
      />
    </>
  );
}
