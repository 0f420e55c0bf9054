import { Segmented, Table, Tag, Timeline, Typography } from 'antd';
import { orderTimeline, type ConsoleOrderDetail, type OrderTimelineEntry, type TimelineAudience } from '@kuaibao/domain';
import { useState } from 'react';
import { dateTime, yuan } from '../../lib/format.ts';
import { label } from '../../lib/labels.ts';


const TIMELINE_COLORS: Record<OrderTimelineEntry['kind'], string> = { created: 'gray', paid: 'blue', status: 'blue', request: 'orange', upload: 'purple', completed: 'green', note: 'gray', call: 'cyan', refund: 'orange', deletion: 'red' };

/**
 * The order's events, oldest first, each marked with who sees it (decision 043): what the customer
 * was shown or told (payment, statuses, the request of 待客户补充, completion) apart from the staff's
 * own notes and reasons. A switch shows one side only.
 */
export function OrderTimeline(props: { order: ConsoleOrderDetail }) {
  const { order } = props;
  const [audience, setAudience] = useState<'all' | TimelineAudience>('all');
  const entries = orderTimeline(order).filter((entry) => audience === 'all' || entry.audience === audience);
  return (
    <>
      <Segmented<'all' | TimelineAudience>
        size="small"
        style={{ marginBottom: 12 }}
        value={audience}
        onChange={(value) => setAudience(value)}
        options={[
          { label: '全部', value: 'all' },
          { label: '客户可见', value: 'customer' },
          { label: '内部记录', value: 'internal' },
        ]}
        data-testid="timeline-audience"
      />
      <Timeline
        data-testid="order-timeline"
        items={entries.map((e) => ({
          color: TIMELINE_COLORS[e.kind],
          content: (
            <div data-testid={`timeline-${e.audience}`}>
              <div className="note-meta">
                {dateTime(e.at)} · {e.actor}{' '}
                {e.audience === 'customer' ? (
                  // The SMS log's green: antd's preset green is below 4.5:1 at 12 px.
                  <Tag style={{ color: '#0a6b4f', background: '#e3f7f0', borderColor: 'transparent' }}>客户可见</Tag>
                ) : (
                  <Tag bordered={false}>仅内部</Tag>
                )}
              </div>
              <div>{e.kind === 'paid' ? `${e.title} ${yuan(order.total_fee)}` : e.title}</div>
              {e.content ? <div className={e.kind === 'request' ? undefined : 'muted'}>{e.content}</div> : null}
            </div>
          ),
        }))}
      />
    </>
  );
}

export function PaymentRecords(props: { order: ConsoleOrderDetail }) {
  const { order } = props;
  return (
    <>
      <Typography.Title level={3} style={{ fontSize: 14 }}>
        支付尝试
      </Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey="id"
        dataSource={order.attempts}
        locale={{ emptyText: '无支付记录' }}
        columns={[
          { title: '支付单号', dataIndex: 'out_trade_no', render: (v: string) => <span className="mono" style={{ wordBreak: 'break-all' }}>{v}</span> },
          { title: '通道', dataIndex: 'provider', render: (v: string) => label('paymentProvider', v) },
          { title: '方式', dataIndex: 'pay_type', className: 'nowrap', render: (v: string, row) => `${label('payType', v)} · ${label('paySource', row.pay_source)}` },
          { title: '金额', dataIndex: 'amount_fen', className: 'nowrap', render: (v: number) => yuan(v) },
          { title: '状态', dataIndex: 'status', render: (v: string) => <Tag>{label('attemptStatus', v)}</Tag> },
          { title: '交易号', dataIndex: 'provider_txn_id', render: (v: string | null) => (v ? <span className="mono" style={{ wordBreak: 'break-all' }}>{v}</span> : '—') },
          { title: '付款时间', dataIndex: 'paid_at', width: 110, render: (v: string | null) => dateTime(v) },
        ]}
      />
      <Typography.Title level={3} style={{ fontSize: 14, marginTop: 16 }}>
        支付通知
      </Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey="id"
        dataSource={order.provider_events}
        locale={{ emptyText: '无通知记录' }}
        columns={[
          { title: '时间', dataIndex: 'created_at', render: (v: string) => dateTime(v) },
          // The provider's event id is for support only: kept as a tooltip on the channel.
          { title: '通道', dataIndex: 'provider', render: (v: string, row) => <span title={`通知编号 ${row.event_id}`}>{label('paymentProvider', v)}</span> },
          { title: '验签', dataIndex: 'verified', render: (v: boolean) => (v ? '通过' : '未通过') },
          { title: '处理结果', dataIndex: 'result', render: (v: string) => label('eventResult', v) },
        ]}
      />
    </>
  );
}

export function OrderSms(props: { order: ConsoleOrderDetail }) {
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="id"
      dataSource={props.order.sms}
      locale={{ emptyText: '暂无短信' }}
      columns={[
        { title: '时间', dataIndex: 'created_at', width: 170, render: (v: string) => dateTime(v) },
        { title: '类型', dataIndex: 'template_title', width: 110 },
        { title: '内容', dataIndex: 'content' },
        { title: '结果', dataIndex: 'status', width: 80, render: (v: string, row) => (v === 'SENT' ? label('smsStatus', v) : <span title={row.error}>{label('smsStatus', v)}</span>) },
      ]}
    />
  );
}
