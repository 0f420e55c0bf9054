import { Button, Input, Modal, Segmented, Select, Table, Tag, Typography } from 'antd';
import { isReportType, REPORT_TYPES, type ConsoleFeedback, type ConsoleFeedbackView, type FeedbackStatus } from '@kuaibao/domain';
import { useState } from 'react';
import { useFeedback, useFeedbackCounts, useUpdateFeedback } from '../../hooks/api/feedback.ts';
import { dateTime, dateTimeToMinute } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { DateRangeFilter, useListParams } from '../../ui/list-tools.tsx';
import { EllipsisText } from '../../ui/ellipsis.tsx';
import { ComplaintAssignee, ComplaintSla, ComplaintSubject } from './complaint-parts.tsx';

// Not the contract's CONSOLE_FEEDBACK_VIEWS: importing a value from the contracts brings zod into this
// chunk, and zod probes for eval, which the console's policy reports (decision 015).
const VIEWS = ['near_breach', 'overdue', 'mine', 'unassigned'] as const satisfies readonly ConsoleFeedbackView[];
const isView = (value: string | null | undefined): value is ConsoleFeedbackView => (VIEWS as readonly string[]).includes(value ?? '');

/** A tab's name with its count, as the order list's views show theirs. */
const withCount = (label: string, count: number | undefined) => (count ? `${label} ${count}` : label);

/** The complaint inbox: platform reports visitors send from the report screen. */
export function FeedbackPage() {
  // Status, day range and page in the address: a filtered list can be bookmarked (decision 038).
  const params = useListParams();
  // A view (即将超时, 已超时, 我负责的, 待分配: open complaints, decision 056) or a status.
  const viewParam = params.get('view');
  const view = isView(viewParam) ? viewParam : undefined;
  const status = view ? 'open' : ((params.get('status') ?? 'open') as FeedbackStatus | 'all');
  const page = Number(params.get('page')) || 1;
  const from = params.get('from');
  const to = params.get('to');
  // 举报, 售后 or 退款 (packages/domain/src/report.ts); an unknown type in the address means all.
  const typeParam = params.get('type');
  const type = typeParam && isReportType(typeParam) ? typeParam : undefined;
  const feedback = useFeedback({ page, page_size: 20, from, to, ...(view ? { view } : status === 'all' ? {} : { status }), ...(type ? { type } : {}) });
  const counts = useFeedbackCounts();
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
        value={view ?? status}
        onChange={(value) => (isView(String(value)) ? params.update({ view: String(value), status: undefined }) : params.update({ status: String(value), view: undefined }))}
        options={[
          { label: withCount('待处理', counts.data?.open), value: 'open' },
          { label: withCount('即将超时', counts.data?.near_breach), value: 'near_breach' },
          { label: withCount('已超时', counts.data?.overdue), value: 'overdue' },
          { label: withCount('我负责的', counts.data?.mine), value: 'mine' },
          { label: withCount('待分配', counts.data?.unassigned), value: 'unassigned' },
          { label: '已处理', value: 'handled' },
          { label: '全部', value: 'all' },
        ]}
        data-testid="feedback-views"
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
        rowClassName={(row) => (row.sla.state === 'breached' ? 'row-overdue' : row.sla.state === 'near_breach' ? 'row-near-breach' : '')}
        // One line per cell: the complaint's text gets the room (it was ~3 characters wide with its header
        // running down), cut with …, whole in the tooltip and in 处理; 操作 stays on the right (decision 063).
        className="nowrap-table"
        tableLayout="fixed"
        scroll={{ x: 1180 }}
        data-testid="feedback-table"
        columns={[
          { title: '时间', dataIndex: 'created_at', width: 150, render: (v: string) => <span title={dateTime(v)}>{dateTimeToMinute(v)}</span> },
          { title: '类型', dataIndex: 'type', width: 64 },
          { title: '内容', dataIndex: 'content', ellipsis: { showTitle: false }, render: (v: string) => <EllipsisText text={v} /> },
          { title: '联系方式', dataIndex: 'contact', width: 120, ellipsis: { showTitle: false }, render: (v: string) => (v ? <EllipsisText text={v} /> : <span className="muted">未留</span>) },
          // The order the visitor picked and proved theirs, else the company they named (decision 056).
          { title: '涉及订单/公司', key: 'subject', width: 180, ellipsis: { showTitle: false }, render: (_v: unknown, row) => <ComplaintSubject complaint={row} /> },
          { title: '处理时限', key: 'sla', width: 110, render: (_v: unknown, row) => <ComplaintSla complaint={row} /> },
          { title: '负责人', key: 'assignee', width: 120, render: (_v: unknown, row) => <ComplaintAssignee complaint={row} /> },
          {
            title: '状态',
            dataIndex: 'status',
            width: 140,
            // The reply under the status, cut to two lines (the whole of it on hover and in 修改).
            render: (v: string, row) =>
              v === 'handled' ? (
                <div>
                  <Tag style={{ color: '#0a6b4f', background: '#e3f7f0', borderColor: 'transparent' }}>已处理</Tag>
                  <div className="muted" style={{ fontSize: 12 }}>
                    <EllipsisText text={`${row.handled_by_name} · ${dateTime(row.handled_at)}`} />
                  </div>
                  {row.reply ? (
                    <Typography.Paragraph style={{ margin: 0, fontSize: 12, whiteSpace: 'normal' }} ellipsis={{ rows: 2, tooltip: row.reply }} data-testid="feedback-reply">
                      {row.reply}
                    </Typography.Paragraph>
                  ) : null}
                </div>
              ) : (
                <Tag style={{ color: '#a8071a', background: '#fff1f0', borderColor: 'transparent' }}>待处理</Tag>
              ),
          },
          { title: '操作', key: 'a', width: 76, fixed: 'right', render: (_v: unknown, row) => <Button size="small" onClick={() => open(row)}>{row.status === 'open' ? '处理' : '修改'}</Button> },
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
