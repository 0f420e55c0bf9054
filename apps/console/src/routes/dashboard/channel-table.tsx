import { Card, Table, Typography } from 'antd';
import type { ConsoleDashboardTrends } from '@kuaibao/domain';
import { yuan } from '../../lib/format.ts';

type ChannelRow = ConsoleDashboardTrends['by_channel'][number];

/**
 * Orders and the paid amount per channel over the period: the link's `source` the orders came by
 * (docs/decisions/059-prices-per-customer-kind-and-channel.md); 直接访问 for none.
 */
export function ChannelTable(props: { rows: ChannelRow[] }) {
  return (
    <Card type="inner" title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>渠道</Typography.Title>} style={{ marginTop: 16 }} data-testid="channel-table">
      <Table<ChannelRow>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={props.rows}
        locale={{ emptyText: '本期没有订单' }}
        columns={[
          { title: '渠道', dataIndex: 'name', ellipsis: true, render: (name: string, row) => <span data-testid={`channel-${row.key || 'none'}`}>{name}</span> },
          { title: '下单数', dataIndex: 'orders', width: 110, align: 'right', render: (n: number, row) => <span data-testid={`channel-${row.key || 'none'}-orders`}>{n}</span> },
          { title: '付款订单', dataIndex: 'paid_orders', width: 110, align: 'right', render: (n: number, row) => <span data-testid={`channel-${row.key || 'none'}-paid`}>{n}</span> },
          { title: '付款金额', dataIndex: 'revenue_fen', width: 140, align: 'right', render: (fen: number, row) => <span data-testid={`channel-${row.key || 'none'}-revenue`}>{yuan(fen)}</span> },
        ]}
      />
    </Card>
  );
}
