import { Table, Tag, Timeline, Typography } from 'antd';
import { PROCESS_STATUS_NAMES, isCompletionVisible, type ConsoleOrderDetail, type ProcessStatus } from '@kuaibao/domain';
import { dateTime, yuan } from '../../lib/format.ts';
import { label } from '../../lib/labels.ts';


/** Created, paid, every handling change and refund decision, oldest first. */
export function OrderTimeline(props: { order: ConsoleOrderDetail }) {
  const { order } = props;
  const entries: Array<{ at: string; title: string; content?: string; color?: string }> = [{ at: order.create_time, title: '客户下单', color: 'gray' }];
  if (order.pay_time) entries.push({ at: order.pay_time, title: `付款成功 ${yuan(order.total_fee)}`, color: 'blue' });
  for (const h of order.history) {
    const from = h.from_process_status ? PROCESS_STATUS_NAMES[h.from_process_status as ProcessStatus] ?? h.from_process_status : '';
    entries.push({ at: h.created_at, title: `${h.staff_name}：${from ? `${from} → ` : ''}${h.process_status_name}`, ...(h.note ? { content: h.note } : {}), color: isCompletionVisible(h.to_process_status) ? 'green' : 'blue' });
  }
  for (const r of order.refund_requests) {
    entries.push({ at: r.created_at, title: `${r.requested_by_name} 申请退款`, content: r.reason, color: 'orange' });
    if (r.decided_at) entries.push({ at: r.decided_at, title: `${r.decided_by_name} ${r.status === 'REJECTED' ? '驳回退款' : '批准退款'}：${label('refundStatus', r.status)}`, ...(r.decision_note || r.result_message ? { content: [r.decision_note, r.result_message].filter(Boolean).join('；') } : {}), color: r.status === 'REJECTED' ? 'gray' : 'orange' });
  }
  entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return (
    <Timeline
      data-testid="order-timeline"
      items={entries.map((e) => ({
        color: e.color ?? 'blue',
        content: (
          <div>
            <div className="note-meta">{dateTime(e.at)}</div>
            <div>{e.title}</div>
            {e.content ? <div className="muted">{e.content}</div> : null}
          </div>
        ),
      }))}
    />
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
