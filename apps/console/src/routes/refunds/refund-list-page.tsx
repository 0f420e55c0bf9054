import { Button, Input, Modal, Popconfirm, Segmented, Space, Table, Tag } from 'antd';
import type { ConsoleRefundRequest } from '@kuaibao/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDecideRefund, useRefundRequests } from '../../hooks/api/refunds.ts';
import { dateTime, yuan } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { PageHeader } from '../../ui/page-header.tsx';

const STATUS: Record<string, { label: string; color: string; background: string }> = {
  PENDING: { label: '待审批', color: '#8a4600', background: '#fff3e3' },
  PROCESSING: { label: '退款处理中', color: '#0b4a8f', background: '#e8f1fc' },
  SUCCEEDED: { label: '退款成功', color: '#0a6b4f', background: '#e3f7f0' },
  REJECTED: { label: '已驳回', color: '#434343', background: '#f5f5f5' },
  FAILED: { label: '退款失败', color: '#a8071a', background: '#fff1f0' },
};

export function RefundListPage() {
  const [status, setStatus] = useState<string>('PENDING');
  const [page, setPage] = useState(1);
  const refunds = useRefundRequests({ page, page_size: 20, ...(status === 'ALL' ? {} : { status }) });
  const decide = useDecideRefund();
  const canApprove = useCan('refunds.approve');
  const [rejecting, setRejecting] = useState<ConsoleRefundRequest | undefined>();
  const [note, setNote] = useState('');

  return (
    <>
      <PageHeader title="退款审批" subtitle="专员申请、管理员审批后原路全额退款" />
      <Segmented
        aria-label="退款状态"
        style={{ marginBottom: 12 }}
        value={status}
        onChange={(value) => {
          setStatus(String(value));
          setPage(1);
        }}
        options={[{ label: '待审批', value: 'PENDING' }, { label: '处理中', value: 'PROCESSING' }, { label: '已成功', value: 'SUCCEEDED' }, { label: '失败', value: 'FAILED' }, { label: '已驳回', value: 'REJECTED' }, { label: '全部', value: 'ALL' }]}
      />
      <Table<ConsoleRefundRequest>
        rowKey="id"
        loading={refunds.isPending || refunds.isPlaceholderData}
        dataSource={refunds.data?.items ?? []}
        locale={{ emptyText: '没有退款申请' }}
        pagination={{ current: page, pageSize: 20, total: refunds.data?.total ?? 0, onChange: setPage, showTotal: (t) => `共 ${t} 条` }}
        columns={[
          { title: '申请时间', dataIndex: 'created_at', width: 170, render: (v: string) => dateTime(v) },
          { title: '订单', dataIndex: 'out_trade_no', render: (v: string, row) => <Link to={`/orders/${row.order_id}`} className="mono">{v}</Link> },
          { title: '企业', dataIndex: 'entity_name' },
          { title: '金额', dataIndex: 'total_fee', align: 'right', render: (v: number) => yuan(v) },
          { title: '原因', dataIndex: 'reason' },
          { title: '申请人', dataIndex: 'requested_by_name', width: 96 },
          { title: '状态', dataIndex: 'status', width: 110, render: (v: string, row) => <Tag style={{ color: STATUS[v]?.color, background: STATUS[v]?.background, borderColor: 'transparent' }} title={row.result_message || row.decision_note}>{STATUS[v]?.label ?? v}</Tag> },
          {
            title: '操作',
            key: 'actions',
            width: 170,
            render: (_v: unknown, row) =>
              row.status === 'PENDING' && canApprove ? (
                <Space>
                  <Popconfirm title={`确认退款 ${yuan(row.total_fee)}？`} okText="确认退款" cancelText="取消" onConfirm={() => decide.mutate({ id: row.id, decision: 'approve', note: '' }, { onSuccess: (r) => notifySuccess(r.result_message || '已批准') })}>
                    <Button size="small" type="primary" danger>
                      批准
                    </Button>
                  </Popconfirm>
                  <Button size="small" onClick={() => setRejecting(row)}>
                    驳回
                  </Button>
                </Space>
              ) : (
                <span className="muted">{row.decided_by_name ? `${row.decided_by_name} ${dateTime(row.decided_at)}` : '—'}</span>
              ),
          },
        ]}
      />
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
