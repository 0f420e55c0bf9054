import { Button, Input, Modal, Segmented, Space, Table, Tag } from 'antd';
import { CONSOLE_TIME_SORTS, type ConsoleRefundRequest, type ConsoleTimeSort } from '@kuaibao/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDecideRefund, useRefundRequests } from '../../hooks/api/refunds.ts';
import { dateTime, yuan } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { ExportButtons } from '../../ui/export-buttons.tsx';
import { ApproveRefundDialog } from './approve-refund-dialog.tsx';
import { EllipsisText } from '../../ui/ellipsis.tsx';

import { DateRangeFilter, ListToolbar, sortOrderOf, sortValueOf, useListParams, useListPrefs, visibleColumns } from '../../ui/list-tools.tsx';

const STATUS: Record<string, { label: string; color: string; background: string }> = {
  PENDING: { label: '待审批', color: '#8a4600', background: '#fff3e3' },
  PROCESSING: { label: '退款处理中', color: '#0b4a8f', background: '#e8f1fc' },
  SUCCEEDED: { label: '退款成功', color: '#0a6b4f', background: '#e3f7f0' },
  REJECTED: { label: '已驳回', color: '#434343', background: '#f5f5f5' },
  FAILED: { label: '退款失败', color: '#a8071a', background: '#fff1f0' },
};

const REFUND_COLUMNS = [
  { key: 'created_at', title: '申请时间' },
  { key: 'out_trade_no', title: '订单' },
  { key: 'entity_name', title: '企业' },
  { key: 'total_fee', title: '金额' },
  { key: 'amount_fen', title: '退款金额' },
  { key: 'reason', title: '原因' },
  { key: 'requested_by_name', title: '申请人' },
  { key: 'status', title: '状态' },
  { key: 'actions', title: '操作' },
];

export function RefundListPage() {
  const params = useListParams();
  const [prefs, setPrefs] = useListPrefs('refunds');
  const status = params.get('status') ?? 'PENDING';
  const page = Number(params.get('page')) || 1;
  const sort = (CONSOLE_TIME_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as ConsoleTimeSort) : undefined;
  const from = params.get('from');
  const to = params.get('to');
  const refunds = useRefundRequests({ page, page_size: 20, from, to, sort, ...(status === 'ALL' ? {} : { status }) });
  const decide = useDecideRefund();
  const canApprove = useCan('refunds.approve');
  const [rejecting, setRejecting] = useState<ConsoleRefundRequest | undefined>();
  const [approving, setApproving] = useState<ConsoleRefundRequest | undefined>();
  const [note, setNote] = useState('');

  return (
    <>
      <PageHeader title="退款审批" subtitle="专员申请、管理员审批后原路退款（全额或部分）" />
      <Segmented
        aria-label="退款状态"
        style={{ marginBottom: 12 }}
        value={status}
        onChange={(value) => params.update({ status: String(value) })}
        options={[{ label: '待审批', value: 'PENDING' }, { label: '处理中', value: 'PROCESSING' }, { label: '已成功', value: 'SUCCEEDED' }, { label: '失败', value: 'FAILED' }, { label: '已驳回', value: 'REJECTED' }, { label: '全部', value: 'ALL' }]}
      />
      <div className="filter-bar" role="search" aria-label="筛选退款">
        <DateRangeFilter label="申请日期" from={from} to={to} onChange={(range) => params.update(range)} />
      </div>
      <ListToolbar list="refunds" columns={REFUND_COLUMNS} prefs={prefs} setPrefs={setPrefs} onRefresh={() => void refunds.refetch()} refreshing={refunds.isFetching} extra={<ExportButtons list="refunds" />} />
      <Table<ConsoleRefundRequest>
        rowKey="id"
        size={prefs.density}
        className="nowrap-table"
        scroll={{ x: 'max-content' }}
        data-testid="refund-table"
        onChange={(_p, _f, sorter, extra) => {
          if (extra.action === 'sort') params.update({ sort: sortValueOf(sorter) });
        }}
        loading={refunds.isPending || refunds.isPlaceholderData}
        dataSource={refunds.data?.items ?? []}
        locale={{ emptyText: '没有退款申请' }}
        pagination={{ current: page, pageSize: 20, total: refunds.data?.total ?? 0, onChange: (p) => params.update({ page: String(p) }), showTotal: (t) => `共 ${t} 条` }}
        columns={visibleColumns([
          { title: '申请时间', key: 'created_at', dataIndex: 'created_at', width: 170, sorter: true, sortOrder: sortOrderOf(sort, 'created_at'), render: (v: string) => dateTime(v) },
          { title: '订单', key: 'out_trade_no', dataIndex: 'out_trade_no', width: 180, render: (v: string, row) => <Link to={`/orders/${row.order_id}`} className="mono">{v}</Link> },
          // Long names and reasons are cut to one line, whole in the tooltip: 批准 / 驳回 stay on screen at 1280 px.
          { title: '企业', key: 'entity_name', dataIndex: 'entity_name', width: 220, ellipsis: { showTitle: false }, render: (v: string) => <EllipsisText text={v} /> },
          { title: '金额', key: 'total_fee', dataIndex: 'total_fee', width: 110, align: 'right', render: (v: number) => yuan(v) },
          // What was approved (a partial refund with its reason); before approval, nothing yet.
          {
            title: '退款金额',
            key: 'amount_fen',
            dataIndex: 'amount_fen',
            width: 130,
            align: 'right',
            render: (v: number | null, row) => (v === null ? '—' : <span title={row.partial_reason || undefined} data-testid="refund-amount-cell">{v < row.total_fee ? `${yuan(v)}（部分）` : yuan(v)}</span>),
          },
          { title: '原因', key: 'reason', dataIndex: 'reason', width: 240, ellipsis: { showTitle: false }, render: (v: string) => <EllipsisText text={v} /> },
          { title: '申请人', key: 'requested_by_name', dataIndex: 'requested_by_name', width: 100, ellipsis: { showTitle: false }, render: (v: string) => <EllipsisText text={v} /> },
          { title: '状态', key: 'status', dataIndex: 'status', width: 110, render: (v: string, row) => <Tag style={{ color: STATUS[v]?.color, background: STATUS[v]?.background, borderColor: 'transparent' }} title={row.result_message || row.decision_note}>{STATUS[v]?.label ?? v}</Tag> },
          {
            title: '操作',
            key: 'actions',
            width: 170,
            fixed: 'right',
            render: (_v: unknown, row) =>
              row.status === 'PENDING' && canApprove ? (
                <Space>
                  <Button size="small" type="primary" danger onClick={() => setApproving(row)}>
                    批准
                  </Button>
                  <Button size="small" onClick={() => setRejecting(row)}>
                    驳回
                  </Button>
                </Space>
              ) : (
                <span className="muted">{row.decided_by_name ? <EllipsisText text={`${row.decided_by_name} ${dateTime(row.decided_at)}`} /> : '—'}</span>
              ),
          },
        ], prefs.hidden)}
      />
      <ApproveRefundDialog request={approving} paidFen={approving?.total_fee ?? 0} refundedFen={approving?.refunded_fen ?? 0} onClose={() => setApproving(undefined)} />
      <Modal
        open={rejecting !== undefined}
        title="驳回退款申请"
        okText="驳回"
        cancelText="取消"
        okButtonProps={{ disabled: note.trim() === '' }}
        confirmLoading={decide.isPending}
        onOk={() => rejecting && decide.mutate({ id: rejecting.id, decision: 'reject', note: note.trim() }, { onSuccess: () => { setRejecting(undefined); setNote(''); } })}
        onCancel={() => setRejecting(undefined)}
        destroyOnHidden
      >
        <label htmlFor="refund-reject-note" className="muted">
          驳回原因（必填）
        </label>
        <Input.TextArea id="refund-reject-note" rows={3} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </Modal>
    </>
  );
}
