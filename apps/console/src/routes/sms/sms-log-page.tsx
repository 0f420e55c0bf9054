import { Input, Table, Tag } from 'antd';
import type { ConsoleSmsLogEntry } from '@kuaibao/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSmsLog } from '../../hooks/api/sms.ts';
import { dateTime } from '../../lib/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';

/** What was sent to whom: every attempt, with the text as sent (docs/product/overview.md#promises SMS notices). */
export function SmsLogPage() {
  const [q, setQ] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const log = useSmsLog({ page, page_size: 20, q });
  return (
    <>
      <PageHeader title="短信记录" subtitle="支付成功、办理完成、退款成功时发给法定代表人手机的通知；每条都带第三方代办声明" />
      <div className="filter-bar" role="search" aria-label="筛选短信">
        <Input.Search
          allowClear
          aria-label="按手机号或订单号查找"
          placeholder="手机号或订单号"
          style={{ width: 280 }}
          onSearch={(value) => {
            setQ(value.trim() || undefined);
            setPage(1);
          }}
        />
      </div>
      <Table<ConsoleSmsLogEntry>
        rowKey="id"
        loading={log.isPending || log.isPlaceholderData}
        dataSource={log.data?.items ?? []}
        data-testid="sms-table"
        locale={{ emptyText: '暂无短信记录' }}
        pagination={{ current: page, pageSize: 20, total: log.data?.total ?? 0, onChange: setPage, showTotal: (t) => `共 ${t} 条` }}
        columns={[
          { title: '时间', dataIndex: 'created_at', width: 170, render: (v: string) => dateTime(v) },
          { title: '手机号', dataIndex: 'phone', width: 120, className: 'mono' },
          { title: '订单', dataIndex: 'out_trade_no', width: 200, render: (v: string, row) => (row.order_id ? <Link to={`/orders/${row.order_id}`} className="mono">{v}</Link> : '—') },
          { title: '类型', dataIndex: 'template_title', width: 110 },
          { title: '内容', dataIndex: 'content' },
          { title: '通道', dataIndex: 'provider', width: 80 },
          {
            title: '结果',
            dataIndex: 'status',
            width: 90,
            render: (v: string, row) =>
              v === 'SENT' ? (
                <Tag style={{ color: '#0a6b4f', background: '#e3f7f0', borderColor: 'transparent' }}>已发送</Tag>
              ) : (
                <Tag style={{ color: '#a8071a', background: '#fff1f0', borderColor: 'transparent' }} title={row.error}>
                  失败
                </Tag>
              ),
          },
        ]}
      />
    </>
  );
}
