import { Alert, Button, Descriptions, Drawer, Input, Modal, Popconfirm, Segmented, Space, Table, Tag, Timeline, Typography } from 'antd';
import {
  WECHAT_COMPLAINT_PROBLEM_NAMES,
  WECHAT_COMPLAINT_STATE_NAMES,
  WECHAT_NEGOTIATION_TYPE_NAMES,
  isRefundRequestLaunched,
  type ConsoleWechatComplaint,
  type ConsoleWechatComplaintDetail,
  type ConsoleWechatComplaintRefundProgress,
  type WechatComplaintState,
} from '@kuaibao/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useWechatComplaint, useWechatComplaintAction, useWechatComplaints } from '../../hooks/api/wechat-complaints.ts';
import { dateTime, yuan } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { QueryState } from '../../ui/query-state.tsx';
import { EllipsisText } from '../../ui/ellipsis.tsx';

const STATE_COLORS: Record<WechatComplaintState, { color: string; background: string }> = {
  PENDING: { color: '#a8071a', background: '#fff1f0' },
  PROCESSING: { color: '#874d00', background: '#fff7e6' },
  PROCESSED: { color: '#0a6b4f', background: '#e3f7f0' },
};

const REFUND_REQUEST_NAMES: Record<string, string> = { PENDING: '待管理员审批', PROCESSING: '退款处理中', SUCCEEDED: '已退款', FAILED: '退款失败', REJECTED: '已驳回' };

function StateTag(props: { state: WechatComplaintState }) {
  return <Tag style={{ ...STATE_COLORS[props.state], borderColor: 'transparent' }}>{WECHAT_COMPLAINT_STATE_NAMES[props.state]}</Tag>;
}

const REPLY_MAX = 200;

/** What WeChat was told about a 申请退款 complaint's refund, and the admin's way to fix or decide it. */
function RefundProgress(props: { complaint: ConsoleWechatComplaintDetail }) {
  const c = props.complaint;
  const canDecide = useCan('refunds.approve');
  const progress = useWechatComplaintAction();
  const [rejectOpen, setRejectOpen] = useState(false);
  const [reason, setReason] = useState('');
  const send = (body: ConsoleWechatComplaintRefundProgress, done: string) =>
    progress.mutate(
      { id: c.id, action: 'refund-progress', body },
      {
        onSuccess: (detail) => {
          if (detail.refund_progress_state === 'FAILED') notifyError(new Error(`上报微信支付失败：${detail.refund_progress_error ?? ''}`));
          else notifySuccess(done);
          setRejectOpen(false);
          setReason('');
        },
      },
    );
  const decision = c.refund_progress === 'REJECT' ? `拒绝退款（${c.refund_progress_reason ?? ''}）` : '同意退款';
  const launched = isRefundRequestLaunched(c.refund_request_status);
  const retry =
    c.refund_progress === 'REJECT' ? { action: 'REJECT' as const, reason: c.refund_progress_reason ?? '' } : { action: 'APPROVE' as const };
  return (
    <div data-testid="wechat-complaint-refund-progress" style={{ marginBottom: 12 }}>
      {c.refund_progress_state === 'REPORTED' ? (
        <Alert type="success" showIcon title={`已向微信支付上报退款审批结果：${decision}`} description={c.refund_progress_at ? dateTime(c.refund_progress_at) : undefined} />
      ) : c.refund_progress_state === 'FAILED' ? (
        <Alert
          type="error"
          showIcon
          title={`上报微信支付失败（${decision}）`}
          description={`${c.refund_progress_error ?? ''} 退款本身不受影响。`}
          action={
            canDecide ? (
              <Button size="small" loading={progress.isPending} onClick={() => send(retry, '已重新上报微信支付')}>
                重新上报
              </Button>
            ) : null
          }
        />
      ) : (
        <Alert
          type="warning"
          showIcon
          title="客户申请退款，需向微信支付上报退款审批结果"
          description="退款申请经管理员在“退款审批”中通过后，会自动上报“同意退款”；不能退款时由管理员拒绝并说明原因。"
          action={
            !canDecide || c.state === 'PROCESSED' ? null : launched ? (
              // Launched without a report (an approval from before this existed): send it by hand.
              <Button size="small" loading={progress.isPending} onClick={() => send({ action: 'APPROVE' }, '已向微信支付上报同意退款')}>
                上报同意退款
              </Button>
            ) : (
              <Button size="small" danger onClick={() => setRejectOpen(true)}>
                拒绝退款
              </Button>
            )
          }
        />
      )}
      <Modal
        open={rejectOpen}
        title="拒绝客户的退款申请"
        okText="拒绝退款并上报微信支付"
        cancelText="取消"
        okButtonProps={{ danger: true, disabled: reason.trim() === '', loading: progress.isPending }}
        onCancel={() => setRejectOpen(false)}
        onOk={() => send({ action: 'REJECT', reason: reason.trim() }, '已向微信支付上报拒绝退款')}
      >
        <p>微信支付会把原因展示给客户，并将投诉单转为处理完成。{c.refund_request_status === 'PENDING' ? '此投诉待审批的退款申请会一并驳回。' : ''}</p>
        <label htmlFor="wechat-complaint-reject-reason" style={{ display: 'block', marginBottom: 6 }}>
          拒绝原因
        </label>
        <Input.TextArea id="wechat-complaint-reject-reason" rows={2} maxLength={200} showCount value={reason} onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </div>
  );
}

function ComplaintDrawer(props: { id: number | undefined; onClose: () => void }) {
  const complaint = useWechatComplaint(props.id);
  const action = useWechatComplaintAction();
  const [reply, setReply] = useState('');
  const [refundOpen, setRefundOpen] = useState(false);
  const [reason, setReason] = useState('');

  return (
    <Drawer open={props.id !== undefined} onClose={props.onClose} size={680} title="微信支付投诉" destroyOnHidden data-testid="wechat-complaint-drawer">
      <QueryState query={complaint}>
        {(c) => {
          const closed = c.state === 'PROCESSED';
          return (
            <>
              <Descriptions size="small" column={2} bordered styles={{ label: { whiteSpace: 'nowrap' } }}>
                <Descriptions.Item label="投诉单号">
                  <span className="mono">{c.complaint_id}</span>
                </Descriptions.Item>
                <Descriptions.Item label="状态">
                  <StateTag state={c.state} />
                </Descriptions.Item>
                <Descriptions.Item label="投诉时间">{dateTime(c.complaint_time)}</Descriptions.Item>
                <Descriptions.Item label="问题类型">{c.problem_type ? (WECHAT_COMPLAINT_PROBLEM_NAMES[c.problem_type] ?? c.problem_type) : '—'}</Descriptions.Item>
                <Descriptions.Item label="订单">{c.order_id && c.order_no ? <Link to={`/orders/${c.order_id}`} className="mono">{c.order_no}</Link> : '未关联本站订单'}</Descriptions.Item>
                <Descriptions.Item label="支付金额">{yuan(c.amount_fen)}</Descriptions.Item>
                <Descriptions.Item label="申请退款">{c.apply_refund_fen === null ? '—' : yuan(c.apply_refund_fen)}</Descriptions.Item>
                <Descriptions.Item label="该用户投诉次数">{c.user_complaint_times}</Descriptions.Item>
                <Descriptions.Item label="投诉内容" span={2}>
                  {c.detail || '—'}
                </Descriptions.Item>
              </Descriptions>

              <Typography.Title level={2} style={{ fontSize: 16, margin: '20px 0 12px' }}>
                协商记录
              </Typography.Title>
              <Timeline
                data-testid="wechat-complaint-history"
                items={c.history.map((h) => ({
                  key: h.log_id,
                  children: (
                    <div>
                      <Typography.Text strong>{WECHAT_NEGOTIATION_TYPE_NAMES[h.type] ?? h.type}</Typography.Text>
                      <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                        {h.operator} · {dateTime(h.at)}
                      </Typography.Text>
                      {h.details ? <div>{h.details}</div> : null}
                    </div>
                  ),
                }))}
              />

              {c.refund_request_id !== null ? (
                <Alert
                  type="info"
                  showIcon
                  style={{ marginBottom: 12 }}
                  title={`已从此投诉申请退款：${REFUND_REQUEST_NAMES[c.refund_request_status ?? ''] ?? c.refund_request_status ?? '—'}`}
                  action={<Link to="/refunds">退款审批</Link>}
                  data-testid="wechat-complaint-refund"
                />
              ) : null}

              {c.problem_type === 'REFUND' ? <RefundProgress complaint={c} /> : null}

              {closed ? (
                <Alert type="success" showIcon title="已反馈处理完成，微信会请客户评价本次处理" />
              ) : (
                <>
                  <label htmlFor="wechat-complaint-reply" style={{ display: 'block', marginBottom: 6 }}>
                    回复客户（客户在微信支付里看到）
                  </label>
                  <Input.TextArea id="wechat-complaint-reply" rows={3} maxLength={REPLY_MAX} showCount value={reply} onChange={(e) => setReply(e.target.value)} />
                  <Space style={{ marginTop: 12 }} wrap>
                    <Button
                      type="primary"
                      disabled={reply.trim() === ''}
                      loading={action.isPending && action.variables?.action === 'reply'}
                      onClick={() =>
                        action.mutate(
                          { id: c.id, action: 'reply', content: reply.trim() },
                          {
                            onSuccess: () => {
                              setReply('');
                              notifySuccess('已回复客户');
                            },
                          },
                        )
                      }
                    >
                      回复客户
                    </Button>
                    <Button disabled={c.order_id === null || c.refund_request_id !== null} onClick={() => setRefundOpen(true)}>
                      申请退款
                    </Button>
                    <Popconfirm
                      title="确认已与客户协商处理完毕？"
                      description="提交后微信会请客户评价，投诉单不能再回复"
                      okText="确认处理完成"
                      cancelText="取消"
                      onConfirm={() => action.mutate({ id: c.id, action: 'complete' }, { onSuccess: () => notifySuccess('已反馈处理完成') })}
                    >
                      <Button loading={action.isPending && action.variables?.action === 'complete'}>标记处理完成</Button>
                    </Popconfirm>
                  </Space>
                </>
              )}

              <Modal
                open={refundOpen}
                title="从投诉申请退款"
                okText="提交退款申请"
                cancelText="取消"
                okButtonProps={{ disabled: reason.trim() === '', loading: action.isPending && action.variables?.action === 'refund-request' }}
                onCancel={() => setRefundOpen(false)}
                onOk={() =>
                  action.mutate(
                    { id: c.id, action: 'refund-request', reason: reason.trim() },
                    {
                      onSuccess: () => {
                        setRefundOpen(false);
                        setReason('');
                        notifySuccess('退款申请已提交，等待管理员审批');
                      },
                    },
                  )
                }
              >
                <p>
                  订单 {c.order_no} 全额退款 {yuan(c.amount_fen)}，经管理员在“退款审批”中同意后原路退回。
                </p>
                <label htmlFor="wechat-complaint-refund-reason" style={{ display: 'block', marginBottom: 6 }}>
                  退款原因
                </label>
                <Input.TextArea id="wechat-complaint-refund-reason" rows={2} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
              </Modal>
            </>
          );
        }}
      </QueryState>
    </Drawer>
  );
}

/** Complaints customers filed inside WeChat Pay about our payments (消费者投诉2.0, decision 040). */
export function WechatComplaintsPanel() {
  const [state, setState] = useState<WechatComplaintState | 'all'>('PENDING');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | undefined>();
  const list = useWechatComplaints({ page, page_size: 20, ...(state === 'all' ? {} : { state }) });
  // While a complaint's drawer is open the list holds still: a reply moves the complaint out of
  // 待处理, and it must not vanish from behind the drawer the clerk is working in. Its
  // row follows the drawer's record; the list refreshes when the drawer closes.
  const [held, setHeld] = useState<{ items: ConsoleWechatComplaint[]; total: number } | undefined>();
  const opened = useWechatComplaint(openId);
  const rows = held
    ? held.items.map((row) => (row.id === openId && opened.data ? { ...row, state: opened.data.state, incoming_user_response: opened.data.incoming_user_response } : row))
    : (list.data?.items ?? []);
  const openComplaint = (id: number) => {
    setHeld({ items: list.data?.items ?? [], total: list.data?.total ?? 0 });
    setOpenId(id);
  };
  const closeComplaint = () => {
    setOpenId(undefined);
    setHeld(undefined);
  };

  return (
    <>
      <Segmented
        aria-label="微信支付投诉状态"
        style={{ marginBottom: 12 }}
        value={state}
        onChange={(value) => {
          setState(value as WechatComplaintState | 'all');
          setPage(1);
        }}
        options={[
          { value: 'PENDING', label: '待处理' },
          { value: 'PROCESSING', label: '处理中' },
          { value: 'PROCESSED', label: '已处理完成' },
          { value: 'all', label: '全部' },
        ]}
      />
      <Table<ConsoleWechatComplaint>
        rowKey="id"
        loading={held ? false : list.isPending || list.isPlaceholderData}
        dataSource={rows}
        rowClassName={(row) => (row.id === openId ? 'row-open' : '')}
        data-testid="wechat-complaints-table"
        // 操作 stays on the right at 1280 px; the complaint's text takes what is left, cut with … (decision 063).
        className="nowrap-table"
        scroll={{ x: 1000 }}
        locale={{ emptyText: '暂无微信支付投诉' }}
        pagination={{ current: page, pageSize: 20, total: held?.total ?? list.data?.total ?? 0, onChange: setPage, showTotal: (t) => `共 ${t} 条` }}
        columns={[
          { title: '投诉时间', dataIndex: 'complaint_time', width: 160, render: (v: string) => dateTime(v) },
          { title: '订单', dataIndex: 'order_no', width: 200, render: (v: string | null, row) => (v && row.order_id ? <Link to={`/orders/${row.order_id}`} className="mono">{v}</Link> : '—') },
          { title: '问题', dataIndex: 'problem_type', width: 110, render: (v: string | null) => (v ? (WECHAT_COMPLAINT_PROBLEM_NAMES[v] ?? v) : '—') },
          { title: '投诉内容', dataIndex: 'detail', ellipsis: { showTitle: false }, render: (v: string) => <EllipsisText text={v} /> },
          { title: '金额', dataIndex: 'amount_fen', width: 100, align: 'right', render: (v: number | null) => yuan(v) },
          { title: '状态', dataIndex: 'state', width: 110, render: (v: WechatComplaintState, row) => (
            <Space size={4}>
              <StateTag state={v} />
              {row.incoming_user_response ? <Tag>客户新留言</Tag> : null}
            </Space>
          ) },
          {
            title: '操作',
            key: 'actions',
            width: 90,
            fixed: 'right',
            render: (_: unknown, row) => (
              <Button size="small" onClick={() => openComplaint(row.id)} aria-label={`查看投诉 ${row.complaint_id}`}>
                处理
              </Button>
            ),
          },
        ]}
      />
      <ComplaintDrawer id={openId} onClose={closeComplaint} />
    </>
  );
}
