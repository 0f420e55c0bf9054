import { Button, Input, Modal, Segmented, Select, Table, Tag, Typography } from 'antd';
import { isReportType, REPORT_TYPES, type ConsoleFeedback, type FeedbackStatus } from '@kuaibao/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useFeedback, useUpdateFeedback } from '../../hooks/api/feedback.ts';
import { dateTime } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { DateRangeFilter, useListParams } from '../../ui/list-tools.tsx';

/** The complaint inbox: platform reports visitors send from the report screen. */
export function FeedbackPage() {
  // Status, day range and page in the address: a filtered list can be bookmarked (decision 038).
  const params = useListParams();
  const status = (params.get('status') ?? 'open') as FeedbackStatus | 'all';
  const page = Number(params.get('page')) || 1;
  const from = params.get('from');
  const to = params.get('to');
  // 举报, 售后 or 退款 (packages/domain/src/report.ts); an unknown type in the address means all.
  const typeParam = params.get('type');
  const type = typeParam && isReportType(typeParam) ? typeParam : undefined;
  const feedback = useFeedback({ page, page_size: 20, from, to, ...(status === 'all' ? {} : { status }), ...(type ? { type } : {}) });
  const update = useUpdateFeedback();
  const [editing, setEditing] = useState<ConsoleFeedback | undefined>();
  const [reply, setReply] = useState('');

  const markHandled = () =>
    editing &&
    update.mutate(
      { id: editing.id, status: 'handled', reply: reply.trim() },
      {
        onSuccess: () => {
          notifySuccess('已标记为已处理');
          setEditing(undefined);
        },
      },
    );

  const open = (row: ConsoleFeedback) => {
    setEditing(row);
    setReply(row.reply);
  };

  return (
    <>
      <Segmented
        aria-label="投诉状态"
        style={{ marginBottom: 12 }}
        value={status}
        onChange={(value) => params.update({ status: String(value) })}
        options={[{ label: '待处理', value: 'open' }, { label: '已处理', value: 'handled' }, { label: '全部', value: 'all' }]}
      />
      <div className="filter-bar" role="search" aria-label="筛选投诉">
        <Select
          allowClear
          aria-label="投诉类型"
          placeholder="投诉类型"
          style={{ width: 140 }}
          value={type}
          options={REPORT_TYPES.map((value) => ({ value, label: value }))}
          onChange={(value?: string) => params.update({ type: value })}
          data-testid="feedback-type-filter"
        />
        <DateRangeFilter label="投诉日期" from={from} to={to} onChange={(range) => params.update(range)} />
      </div>
      <Table<ConsoleFeedback>
        rowKey="id"
        loading={feedback.isPending || feedback.isPlaceholderData}
        dataSource={feedback.data?.items ?? []}
        locale={{ emptyText: '没有投诉' }}
        pagination={{ current: page, pageSize: 20, total: feedback.data?.total ?? 0, onChange: (p) => params.update({ page: String(p) }), showTotal: (t) => `共 ${t} 条` }}
        columns={[
          { title: '时间', dataIndex: 'created_at', width: 170, render: (v: string) => dateTime(v) },
          { title: '类型', dataIndex: 'type', width: 100 },
          { title: '内容', dataIndex: 'content', render: (v: string) => <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{v}</Typography.Paragraph> },
          { title: '联系方式', dataIndex: 'contact', width: 140, render: (v: string) => v || <span className="muted">未留</span> },
          // The order the contact names (decision 043).
          { title: '关联订单', dataIndex: 'out_trade_no', width: 200, render: (v: string, row) => (row.order_id ? <Link to={`/orders/${row.order_id}`} className="mono" data-testid="feedback-order-link">{v}</Link> : <span className="muted">—</span>) },
          {
            title: '状态',
            dataIndex: 'status',
            width: 190,
            render: (v: string, row) =>
              v === 'handled' ? (
                <div>
                  <Tag style={{ color: '#0a6b4f', background: '#e3f7f0', borderColor: 'transparent' }}>已处理</Tag>
                  <div className="muted" style={{ fontSize: 12 }}>
                    {row.handled_by_name} · {dateTime(row.handled_at)}
                  </div>
                </div>
              ) : (
                <Tag style={{ color: '#a8071a', background: '#fff1f0', borderColor: 'transparent' }}>待处理</Tag>
              ),
          },
          { title: '处理说明', dataIndex: 'reply', render: (v: string) => v || <span className="muted">—</span> },
          { title: '操作', key: 'a', width: 90, render: (_v: unknown, row) => <Button size="small" onClick={() => open(row)}>{row.status === 'open' ? '处理' : '修改'}</Button> },
        ]}
      />
      <Modal
        open={editing !== undefined}
        title="处理投诉"
        onCancel={() => setEditing(undefined)}
        footer={[
          editing?.status === 'handled' ? (
            <Button key="reopen" onClick={() => editing && update.mutate({ id: editing.id, status: 'open', reply: reply.trim() }, { onSuccess: () => setEditing(undefined) })}>
              重新打开
            </Button>
          ) : null,
          <Button key="cancel" onClick={() => setEditing(undefined)}>
            取消
          </Button>,
          <Button key="ok" type="primary" disabled={reply.trim() === ''} loading={update.isPending} onClick={markHandled}>
            标记为已处理
          </Button>,
        ]}
        destroyOnHidden
      >
        {editing ? (
          <Typography.Paragraph style={{ background: '#f6f8fa', padding: 12, borderRadius: 6, whiteSpace: 'pre-wrap' }}>
            【{editing.type}】{editing.content}
          </Typography.Paragraph>
        ) : null}
        <label htmlFor="feedback-reply" className="muted">
          处理说明（必填）
        </label>
        <Input.TextArea id="feedback-reply" rows={4} maxLength={1000} showCount value={reply} onChange={(e) => setReply(e.target.value)} />
      </Modal>
    </>
  );
}
