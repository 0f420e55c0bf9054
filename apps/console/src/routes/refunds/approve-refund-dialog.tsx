import { Alert, InputNumber, Input, Modal, Radio, Space, Typography } from 'antd';
import { PARTIAL_REFUND_REASON_MAX, decideRefundAmount, yuanStringToFen, type ConsoleRefundRequest } from '@kuaibao/domain';
import { useState } from 'react';
import { useDecideRefund } from '../../hooks/api/refunds.ts';
import { yuan } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';

/** Why the dialog's 确认退款 is off, in the words of the catalog's refusals (partial-refund.ts). */
const REFUSAL_HINT = {
  AMOUNT_INVALID: '请填写退款金额（元，最多两位小数）',
  AMOUNT_NOT_POSITIVE: '退款金额须大于 0',
  AMOUNT_EXCEEDS_REFUNDABLE: '退款金额不能超过可退金额',
  REASON_REQUIRED: '部分退款须填写原因（客户可见）',
  REASON_TOO_LONG: `部分退款原因最多 ${PARTIAL_REFUND_REASON_MAX} 个字`,
} as const;

/**
 * Approving a refund (decision 057): 全额, or 部分退款 with an amount in yuan (2 decimals; fen on the
 * wire) and a reason the customer reads in the SMS and on the order page. The same rules as the
 * server (decideRefundAmount) keep 确认退款 off until the input is acceptable.
 */
export function ApproveRefundDialog(props: { request: ConsoleRefundRequest | undefined; paidFen: number; refundedFen: number; onClose: () => void }) {
  const { request, paidFen, refundedFen, onClose } = props;
  const decide = useDecideRefund();
  const [mode, setMode] = useState<'full' | 'partial'>('full');
  const [amountText, setAmountText] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const refundableFen = Math.max(0, paidFen - refundedFen);
  const amountFen = mode === 'full' ? refundableFen : amountText === null || amountText === '' ? Number.NaN : (yuanStringToFen(amountText) ?? Number.NaN);
  const decision = decideRefundAmount({ amountFen, partialReason: reason, paidFen, refundedFen });
  const close = () => {
    setMode('full');
    setAmountText(null);
    setReason('');
    onClose();
  };

  return (
    <Modal
      open={request !== undefined}
      title={mode === 'full' ? `确认全额退款 ${yuan(refundableFen)}？` : `确认部分退款${decision.ok ? ` ${yuan(decision.amountFen)}` : ''}？`}
      okText="确认退款"
      cancelText="取消"
      okButtonProps={{ danger: true, disabled: !decision.ok }}
      confirmLoading={decide.isPending}
      onOk={() => {
        if (!request || !decision.ok) return;
        decide.mutate(
          { id: request.id, decision: 'approve', note: '', ...(decision.partial ? { amount_fen: decision.amountFen, partial_reason: decision.partialReason } : {}) },
          {
            onSuccess: (r) => {
              notifySuccess(r.result_message || '已批准');
              close();
            },
          },
        );
      }}
      onCancel={close}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          实付 {yuan(paidFen)}
          {refundedFen > 0 ? `，已退 ${yuan(refundedFen)}` : ''}，款项将原路退回客户，操作不可撤销。
        </Typography.Text>
        <Radio.Group
          aria-label="退款方式"
          value={mode}
          onChange={(e) => setMode(e.target.value as 'full' | 'partial')}
          options={[
            { value: 'full', label: '全额' },
            { value: 'partial', label: '部分退款' },
          ]}
        />
        {mode === 'partial' ? (
          <>
            <label htmlFor="refund-amount" className="muted">
              退款金额（元，最多 {yuan(refundableFen)}）
            </label>
            <InputNumber<string>
              id="refund-amount"
              data-testid="refund-amount"
              stringMode
              precision={2}
              min="0.01"
              step="1"
              prefix="¥"
              style={{ width: 200 }}
              value={amountText}
              onChange={(value) => setAmountText(value)}
            />
            <label htmlFor="refund-partial-reason" className="muted">
              部分退款原因（必填，客户可在短信和订单页看到）
            </label>
            <Input.TextArea id="refund-partial-reason" data-testid="refund-partial-reason" style={{ marginBottom: 16 }} rows={2} maxLength={PARTIAL_REFUND_REASON_MAX} showCount value={reason} onChange={(e) => setReason(e.target.value)} />
            {!decision.ok && (amountText !== null || reason !== '') ? <Alert type="warning" showIcon title={REFUSAL_HINT[decision.refusal]} data-testid="refund-amount-hint" /> : null}
          </>
        ) : null}
      </Space>
    </Modal>
  );
}
