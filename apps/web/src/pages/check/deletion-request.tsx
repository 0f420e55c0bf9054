import { DELETION_CODE_LENGTH, maskPhone, type DeletionConfirmResponse } from '@kuaibao/domain';
import { useState, type FormEvent } from 'react';
import { track } from '../../api/index.ts';
import { confirmDeletion, requestDeletionCode } from '../../api/order-endpoints.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/modal.tsx';
import { toast } from '../../ui/toast.tsx';
import styles from './deletion-request.module.css';
import { sendCodeLabel, useResendCountdown } from './use-resend-countdown.ts';

type Step = { kind: 'closed' } | { kind: 'asking'; sent: boolean } | { kind: 'done'; result: DeletionConfirmResponse };

/**
 * The visitor's own deletion request (docs/decisions/037-visitor-deletion-request.md): a one-time
 * code to the phone they looked their orders up with, typed here and nowhere else; closed orders
 * lose their personal data at once, orders still being handled when they close.
 */
export function DeletionRequest({ phone, onDone }: { phone: string; onDone: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const countdown = useResendCountdown();
  const sent = step.kind === 'asking' && step.sent;

  const sendCode = async () => {
    if (busy || countdown.left > 0) return;
    setBusy(true);
    track('checkDetail.deletion.code', '', 'click');
    try {
      await requestDeletionCode(phone);
      setStep({ kind: 'asking', sent: true });
      countdown.start();
      toast.info(`验证码已发送至 ${maskPhone(phone)}`);
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (code.length !== DELETION_CODE_LENGTH) {
      toast.warn(`请输入${DELETION_CODE_LENGTH}位验证码`);
      return;
    }
    setBusy(true);
    try {
      const result = await confirmDeletion(phone, code);
      track('checkDetail.deletion.done', `${result.purged}/${result.waiting}`);
      setStep({ kind: 'done', result });
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className={styles.entry} onClick={() => setStep({ kind: 'asking', sent: false })} data-testid="deletion-open">
        申请删除我的个人信息
      </button>
      <Dialog
        open={step.kind !== 'closed'}
        onClose={step.kind === 'done' ? onDone : () => setStep({ kind: 'closed' })}
        title="删除个人信息"
        size="sm"
        testId="deletion-dialog"
      >
        {step.kind === 'done' ? (
          <div className={styles.body}>
            <p data-testid="deletion-result">
              {step.result.purged > 0 && `已删除 ${step.result.purged} 笔订单中的身份证号、手机号和法定代表人姓名。`}
              {step.result.waiting > 0 && `${step.result.waiting} 笔订单正在办理，办结后将自动删除。`}
            </p>
            <Button block onClick={onDone} data-testid="deletion-finish">
              我知道了
            </Button>
          </div>
        ) : (
          <form className={styles.body} onSubmit={(event) => void confirm(event)} noValidate>
            <p>将删除手机号 {maskPhone(phone)} 名下所有订单中的身份证号、手机号和法定代表人姓名。已办结的订单立即删除，正在办理的订单办结后删除。</p>
            <p className={styles.kept}>订单号、企业名称、金额和支付记录依法保留，用于记账和售后。删除后将无法再凭手机号查询这些订单。</p>
            <div className={styles.codeRow}>
              <input
                className={styles.code}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={DELETION_CODE_LENGTH}
                placeholder="短信验证码"
                aria-label="短信验证码"
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
                data-testid="deletion-code"
              />
              <Button type="button" variant="secondary" disabled={busy || countdown.left > 0} onClick={() => void sendCode()} data-testid="deletion-send">
                {sendCodeLabel(sent, countdown.left)}
              </Button>
            </div>
            <Button type="submit" block disabled={busy || !sent} data-testid="deletion-confirm">
              确认删除
            </Button>
          </form>
        )}
      </Dialog>
    </>
  );
}
