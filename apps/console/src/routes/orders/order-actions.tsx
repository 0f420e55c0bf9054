import { Alert, Button, Card, Checkbox, Input, Modal, Popconfirm, Select, Space, Typography } from 'antd';
import {
  CALL_NOTE_MAX_CHARS,
  CALL_OUTCOMES,
  CALL_OUTCOME_NAMES,
  CUSTOMER_REQUEST_MAX_CHARS,
  PROCESS_STATUS,
  PROCESS_STATUS_FLOW,
  PROCESS_STATUS_NAMES,
  canHandleOrder,
  canTakeOrder,
  completionChecks,
  screenshotRequiredFor,
  customerRequestRefusal,
  customerRequestSmsPreview,
  isOrderPaid,
  isOrderRefunded,
  isRefundOpen,
  processMoveNeedsNote,
  processMoveRefusal,
  refundedAmountText,
  type CallOutcome,
  type ConsoleOrderDetail,
  type ConsoleSessionStaff,
  type OrderHandler,
  type ProcessStatus,
} from '@kuaibao/domain';
import { useState } from 'react';
import { useAddNote, useChangeProcessStatus, useRecordCall, useRequestRefund, useTakeOrder } from '../../hooks/api/orders.ts';
import { SlaTag } from '../../ui/status-tags.tsx';
import { useDecideRefund } from '../../hooks/api/refunds.ts';
import { useCompletionRules } from '../../hooks/api/config.ts';
import { dateTime, yuan } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { newClientKey } from '../../lib/client-key.ts';
import { ApproveRefundDialog } from '../refunds/approve-refund-dialog.tsx';
import { TemplatePicker } from './template-picker.tsx';

/** What a move is called on its button. */
const MOVE_LABELS: Record<ProcessStatus, string> = {
  [PROCESS_STATUS.pending]: '退回待处理',
  [PROCESS_STATUS.processing]: '开始办理',
  [PROCESS_STATUS.waitingCustomer]: '等待客户补充',
  [PROCESS_STATUS.completed]: '标记已完成',
  [PROCESS_STATUS.ended]: '结束订单',
};

/** The signed-in staff member as the domain's handling rules see them. */
const handlerOf = (staff: ConsoleSessionStaff): OrderHandler => ({ staffId: staff.id, mayReassign: staff.permissions.includes('orders.reassign') });

const heading = (text: string) => (
  <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
    {text}
  </Typography.Title>
);

function HandlerCard(props: { order: ConsoleOrderDetail; staff: ConsoleSessionStaff }) {
  const { order, staff } = props;
  const take = useTakeOrder(order.id);
  const mine = order.admin_id === staff.id;
  const canReassign = staff.permissions.includes('orders.reassign');
  const paid = canTakeOrder(order);
  return (
    <Card title={heading('处理人')} size="small">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <div data-testid="handler-name">{order.admin_name ? `${order.admin_name}${mine ? '（我）' : ''}` : <span className="muted">尚未接单</span>}</div>
        {paid && order.admin_id === null && staff.permissions.includes('orders.handle') ? (
          <Button type="primary" block loading={take.isPending} onClick={() => take.mutate(false, { onSuccess: () => notifySuccess('已接单') })} data-testid="take-order">
            接单
          </Button>
        ) : null}
        {paid && order.admin_id !== null && !mine && canReassign ? (
          <Popconfirm title={`从 ${order.admin_name} 转给自己处理？`} okText="转给我" cancelText="取消" onConfirm={() => take.mutate(true, { onSuccess: () => notifySuccess('已转给自己处理') })}>
            <Button block loading={take.isPending}>
              转给我处理
            </Button>
          </Popconfirm>
        ) : null}
        {!paid ? <Typography.Text className="muted">订单{isOrderRefunded(order.status) ? '已退款' : '未支付'}，无需办理。</Typography.Text> : null}
      </Space>
    </Card>
  );
}

/**
 * The 24-hour promise (decision 044): the clock, the calls made, and recording one (已电话联系) for
 * the order's handler or an admin. Any recorded call stops the clock; the outcome says whether the
 * customer answered.
 */
function CallCard(props: { order: ConsoleOrderDetail; canHandle: boolean }) {
  const { order, canHandle } = props;
  const record = useRecordCall(order.id);
  const [outcome, setOutcome] = useState<CallOutcome | undefined>();
  const [note, setNote] = useState('');
  // One key per call recorded: a double click sends it twice and the server stores the call once.
  const [clientKey, setClientKey] = useState(newClientKey);
  return (
    <Card title={heading('电话联系')} size="small" data-testid="call-card">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <div>
          <SlaTag sla={order.sla} />
          {order.sla.deadline && !order.first_call_time && order.sla.state !== 'none' ? <span className="muted">须在 {dateTime(order.sla.deadline)} 前致电</span> : null}
          {order.first_call_time ? <span className="muted">首次致电 {dateTime(order.first_call_time)}</span> : null}
        </div>
        {order.calls.length > 0 ? (
          <ol className="call-list" data-testid="call-list">
            {[...order.calls].reverse().map((call) => (
              <li key={call.id}>
                <div className="note-meta">
                  {dateTime(call.created_at)} · {call.staff_name}
                </div>
                <div>{CALL_OUTCOME_NAMES[call.outcome]}</div>
                {call.note ? <div className="muted">{call.note}</div> : null}
              </li>
            ))}
          </ol>
        ) : null}
        {canHandle ? (
          <>
            <Select<CallOutcome>
              placeholder="通话结果"
              aria-label="通话结果"
              value={outcome}
              onChange={setOutcome}
              options={CALL_OUTCOMES.map((value) => ({ value, label: CALL_OUTCOME_NAMES[value] }))}
              data-testid="call-outcome"
            />
            <TemplatePicker order={order} kind="call_note" onPick={setNote} testId="call-template" />
            <Input.TextArea aria-label="通话备注" placeholder="备注（选填，仅内部可见）" rows={2} maxLength={CALL_NOTE_MAX_CHARS} value={note} onChange={(e) => setNote(e.target.value)} data-testid="call-note" />
            <Button
              type="primary"
              block
              disabled={!outcome}
              loading={record.isPending}
              data-testid="record-call"
              onClick={() =>
                outcome &&
                record.mutate(
                  { outcome, note: note.trim(), client_key: clientKey },
                  {
                    onSuccess: () => {
                      notifySuccess('已记录通话');
                      setOutcome(undefined);
                      setNote('');
                      setClientKey(newClientKey());
                    },
                  },
                )
              }
            >
              记录通话
            </Button>
          </>
        ) : isOrderPaid(order.status) ? (
          <Typography.Text className="muted">接单后由处理人记录通话。</Typography.Text>
        ) : null}
      </Space>
    </Card>
  );
}

/** The 补充资料 SMS as the customer receives it: the providers carry at most 35 characters of the request. */
function RequestSmsPreview(props: { company: string; request: string }) {
  const preview = customerRequestSmsPreview(props.company, props.request);
  return (
    // Below the textarea's counter (antd draws it under the box), not over it.
    <div className="muted" style={{ marginTop: 24, fontSize: 12 }} data-testid="request-sms-preview">
      短信（{preview.segments} 条计费）：{preview.text}
      {preview.shortened ? <div>短信中只带前 35 个字，全文在客户的办理进度页显示。</div> : null}
    </div>
  );
}

function StatusCard(props: { order: ConsoleOrderDetail; canHandle: boolean }) {
  const { order } = props;
  const change = useChangeProcessStatus(order.id);
  const [target, setTarget] = useState<ProcessStatus | undefined>();
  const [note, setNote] = useState('');
  const moves = PROCESS_STATUS_FLOW.filter((to) => processMoveRefusal({ status: order.status, from: order.process_status, to }) === undefined);
  const refundOpen = order.refund_requests.some((r) => isRefundOpen(r.status));
  const needsNote = target ? processMoveNeedsNote(order.process_status, target) : false;
  // 待客户补充: the note is the request the customer reads (decision 043).
  const asksCustomer = target === PROCESS_STATUS.waitingCustomer;
  // The domain's completion checks, as the server applies them (packages/domain/src/order-completion.ts):
  // a compulsory screenshot stops the move; an annual report completes without the customer's
  // figures only when the clerk says so; a missing screenshot or call is a warning here.
  const rules = useCompletionRules();
  const chosen = Object.fromEntries((rules.data ?? []).map((rule) => [rule.goods_type, rule.screenshot_required]));
  const checks = target ? completionChecks({ ...order, screenshots: order.files.length }, target, { screenshotRequired: screenshotRequiredFor(order.goods_type, chosen) }) : [];
  const lacksDeclaration = checks.includes('DECLARATION_MISSING');
  const screenshotRequired = checks.includes('SCREENSHOT_REQUIRED');
  const [confirmedMissing, setConfirmedMissing] = useState(false);

  const confirm = () => {
    if (!target) return;
    change.mutate(
      { process_status: target, note: note.trim(), confirm_without_declaration: lacksDeclaration && confirmedMissing },
      {
        onSuccess: () => {
          notifySuccess(`已改为“${PROCESS_STATUS_NAMES[target]}”`);
          setTarget(undefined);
          setNote('');
          setConfirmedMissing(false);
        },
      },
    );
  };

  return (
    <Card title={heading('办理进度')} size="small">
      {!isOrderPaid(order.status) ? (
        <Typography.Text className="muted">只有已支付的订单可以办理。</Typography.Text>
      ) : !props.canHandle ? (
        <Typography.Text className="muted">接单后可更新办理进度。</Typography.Text>
      ) : refundOpen ? (
        <Alert type="warning" showIcon title="该订单正在退款，暂不能修改办理进度。" />
      ) : moves.length === 0 ? (
        <Typography.Text className="muted">订单已结束。</Typography.Text>
      ) : (
        <Space wrap>
          {moves.map((to) => (
            <Button key={to} type={to === PROCESS_STATUS.completed ? 'primary' : 'default'} onClick={() => setTarget(to)} data-testid={`move-${to}`}>
              {MOVE_LABELS[to]}
            </Button>
          ))}
        </Space>
      )}
      <Modal
        open={target !== undefined}
        title={target ? `${MOVE_LABELS[target]}：${PROCESS_STATUS_NAMES[order.process_status as ProcessStatus] ?? order.process_status} → ${PROCESS_STATUS_NAMES[target]}` : ''}
        okText="确定"
        cancelText="取消"
        onOk={confirm}
        onCancel={() => {
          setTarget(undefined);
          setConfirmedMissing(false);
        }}
        okButtonProps={{ disabled: screenshotRequired || (needsNote && note.trim() === '') || (asksCustomer && customerRequestRefusal(target, note) !== undefined) || (lacksDeclaration && !confirmedMissing), 'data-testid': 'move-confirm' }}
        confirmLoading={change.isPending}
        destroyOnHidden
      >
        {target === PROCESS_STATUS.completed ? (
          screenshotRequired ? (
            <Alert type="error" showIcon style={{ marginBottom: 12 }} data-testid="screenshot-required" title="该服务须先上传完成截图，才能标记已完成。" />
          ) : (
            <Alert
              type={order.files.length === 0 ? 'warning' : 'info'}
              showIcon
              style={{ marginBottom: 12 }}
              title={order.files.length === 0 ? '还没有上传完成截图，客户的回执中将没有截图。' : `客户将在回执中看到 ${order.files.length} 张完成截图，并收到办理完成短信。`}
            />
          )
        ) : null}
        {checks.includes('NO_CALL') ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} data-testid="no-call-warning" title="还没有记录与客户的通话。" /> : null}
        {lacksDeclaration ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="declaration-missing"
            title="客户尚未填报年报数据"
            description={
              <Checkbox checked={confirmedMissing} onChange={(e) => setConfirmedMissing(e.target.checked)} data-testid="declaration-missing-confirm">
                我已通过其他方式取得客户的年报数据，确认标记为已完成（将记入操作日志）
              </Checkbox>
            }
          />
        ) : null}
        {asksCustomer ? (
          <>
            <Alert type="info" showIcon style={{ marginBottom: 12 }} title="客户将在办理进度页看到这段内容，并收到一条短信提醒。" />
            <label htmlFor="move-note" className="muted">
              请客户补充什么（必填，客户可见）
            </label>
            <TemplatePicker order={order} kind="customer_request" onPick={setNote} testId="request-template" />
            <Input.TextArea id="move-note" rows={3} maxLength={CUSTOMER_REQUEST_MAX_CHARS} showCount value={note} onChange={(e) => setNote(e.target.value)} placeholder="例如：请上传法定代表人身份证正反面照片" data-testid="move-note" />
            {note.trim() ? <RequestSmsPreview company={order.entity_name} request={note} /> : null}
          </>
        ) : (
          <>
            <label htmlFor="move-note" className="muted">
              {needsNote ? '说明（必填，客户看不到）' : '说明（选填，客户看不到）'}
            </label>
            <Input.TextArea id="move-note" rows={3} maxLength={500} showCount value={note} onChange={(e) => setNote(e.target.value)} data-testid="move-note" />
          </>
        )}
      </Modal>
    </Card>
  );
}

function NotesCard(props: { order: ConsoleOrderDetail }) {
  const add = useAddNote(props.order.id);
  const [text, setText] = useState('');
  // One key per note added: a double click stores it once.
  const [clientKey, setClientKey] = useState(newClientKey);
  return (
    <Card title={heading('内部备注')} size="small">
      <label htmlFor="note-input" className="muted">
        仅内部可见
      </label>
      <Input.TextArea id="note-input" rows={2} maxLength={1000} value={text} onChange={(e) => setText(e.target.value)} placeholder="例如：客户下午方便接电话" data-testid="note-input" />
      <Button style={{ marginTop: 8 }} disabled={text.trim() === ''} loading={add.isPending} onClick={() => add.mutate({ content: text.trim(), client_key: clientKey }, { onSuccess: () => { setText(''); setClientKey(newClientKey()); } })} data-testid="note-add">
        添加备注
      </Button>
      <div style={{ marginTop: 16 }}>
        {props.order.notes.map((note) => (
          <div className="note-item" key={note.id}>
            <div>{note.content}</div>
            <div className="note-meta">
              {note.staff_name} · {dateTime(note.created_at)}
            </div>
          </div>
        ))}
      </div>
    </Card>
  );
}

function RefundCard(props: { order: ConsoleOrderDetail; staff: ConsoleSessionStaff }) {
  const { order, staff } = props;
  const request = useRequestRefund(order.id);
  const decide = useDecideRefund();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [rejectNote, setRejectNote] = useState('');
  const [approving, setApproving] = useState(false);
  const pending = order.refund_requests.find((r) => r.status === 'PENDING');
  const processing = order.refund_requests.find((r) => r.status === 'PROCESSING');
  const canApprove = staff.permissions.includes('refunds.approve');

  return (
    <Card title={heading('退款')} size="small">
      {isOrderRefunded(order.status) ? (
        <Typography.Text data-testid="refund-done">
          {refundedAmountText({ paidFen: order.total_fee, refundedFen: order.refunded_fen })}
          {order.refund_reason ? `，原因：${order.refund_reason}` : ''}。
        </Typography.Text>
      ) : null}
      {processing ? <Alert type="info" showIcon title="退款处理中，完成后订单自动变为“已退款”。" /> : null}
      {pending ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon title={`${pending.requested_by_name} 申请退款（实付 ${yuan(order.total_fee)}）`} description={pending.reason} data-testid="refund-pending" />
          {canApprove ? (
            <Space>
              <Button type="primary" danger onClick={() => setApproving(true)} data-testid="refund-approve">
                批准退款
              </Button>
              <Button onClick={() => setRejecting(true)}>驳回</Button>
            </Space>
          ) : (
            <Typography.Text className="muted">等待管理员审批。</Typography.Text>
          )}
        </Space>
      ) : null}
      {isOrderPaid(order.status) && !pending && !processing && staff.permissions.includes('refunds.request') ? (
        <>
          <Typography.Paragraph className="muted" style={{ marginTop: 0 }}>
            办理失败时退款：管理员审批时决定全额或部分退款。
          </Typography.Paragraph>
          <Button danger onClick={() => setAsking(true)} data-testid="refund-request">
            申请退款
          </Button>
        </>
      ) : isOrderPaid(order.status) && !pending && !processing ? (
        <Typography.Text className="muted">暂无退款申请。</Typography.Text>
      ) : null}
      <Modal
        open={asking}
        title={`申请退款（实付 ${yuan(order.total_fee)}）`}
        okText="提交申请"
        cancelText="取消"
        okButtonProps={{ disabled: reason.trim() === '' }}
        confirmLoading={request.isPending}
        onOk={() =>
          request.mutate(reason.trim(), {
            onSuccess: () => {
              notifySuccess('退款申请已提交，等待管理员审批');
              setAsking(false);
              setReason('');
            },
          })
        }
        onCancel={() => setAsking(false)}
        destroyOnHidden
      >
        <label htmlFor="refund-reason" className="muted">
          退款原因（必填）
        </label>
        <Input.TextArea id="refund-reason" rows={3} maxLength={500} showCount value={reason} onChange={(e) => setReason(e.target.value)} />
      </Modal>
      <ApproveRefundDialog request={approving ? pending : undefined} paidFen={order.total_fee} refundedFen={order.refunded_fen} onClose={() => setApproving(false)} />
      <Modal
        open={rejecting}
        title="驳回退款申请"
        okText="驳回"
        cancelText="取消"
        okButtonProps={{ disabled: rejectNote.trim() === '' }}
        confirmLoading={decide.isPending}
        onOk={() =>
          pending &&
          decide.mutate(
            { id: pending.id, decision: 'reject', note: rejectNote.trim() },
            {
              onSuccess: () => {
                setRejecting(false);
                setRejectNote('');
              },
            },
          )
        }
        onCancel={() => setRejecting(false)}
        destroyOnHidden
      >
        <label htmlFor="reject-note" className="muted">
          驳回原因（必填）
        </label>
        <Input.TextArea id="reject-note" rows={3} maxLength={500} value={rejectNote} onChange={(e) => setRejectNote(e.target.value)} />
      </Modal>
    </Card>
  );
}

export function OrderActions(props: { order: ConsoleOrderDetail; staff: ConsoleSessionStaff }) {
  const { order, staff } = props;
  // 财务 reads an order and moves nothing (decision 058): no handling, no notes.
  const mayHandle = staff.permissions.includes('orders.handle');
  const canHandle = mayHandle && canHandleOrder(order, handlerOf(staff));
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <HandlerCard order={order} staff={staff} />
      <CallCard order={order} canHandle={canHandle} />
      <StatusCard order={order} canHandle={canHandle} />
      <RefundCard order={order} staff={staff} />
      {mayHandle ? <NotesCard order={order} /> : null}
    </Space>
  );
}

export function canEditFiles(order: ConsoleOrderDetail, staff: ConsoleSessionStaff): boolean {
  return staff.permissions.includes('orders.handle') && canHandleOrder(order, handlerOf(staff));
}
