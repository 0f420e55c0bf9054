import { DELETION_CODE_LENGTH, maskPhone } from '@kuaibao/domain';
import { useState, type FormEvent } from 'react';
import { track } from '../../api/index.ts';
import { requestLookupCode, verifyLookupCode } from '../../api/order-endpoints.ts';
import { rememberPhoneToken } from '../../own-orders.ts';
import { Button } from '../../ui/button.tsx';
import { toast } from '../../ui/toast.tsx';
import styles from './deletion-request.module.css';
import { sendCodeLabel, useResendCountdown } from './use-resend-countdown.ts';

/**
 * The phone lookup's masked view asks for an SMS code before showing an order whole
 * (docs/decisions/049-phone-lookup-masked-until-proven.md). A verified phone is remembered on this
 * device for 30 days (the server's signed token), then `onVerified` looks the orders up again.
 */
export function PhoneVerify({ phone, onVerified, source, texts }: { phone: string; onVerified: () => void; source: string; texts?: { title: string; intro: string; confirm: string } }) {
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const countdown = useResendCountdown();

  const sendCode = async () => {
    if (busy || countdown.left > 0) return;
    setBusy(true);
    track(`${source}.verify.code`, '', 'click');
    try {
      await requestLookupCode(phone);
      setSent(true);
      countdown.start();
      toast.info(`验证码已发送至 ${maskPhone(phone)}`);
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (code.length !== DELETION_CODE_LENGTH) {
      toast.warn(`请输入${DELETION_CODE_LENGTH}位验证码`);
      return;
    }
    setBusy(true);
    try {
      const answer = await verifyLookupCode(phone, code);
      rememberPhoneToken(phone, answer.phone_token, answer.expires_at);
      track(`${source}.verify.done`, '');
      onVerified();
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.body} onSubmit={(event) => void verify(event)} noValidate aria-labelledby="phone-verify-title" data-testid="phone-verify">
      <h3 id="phone-verify-title" className={styles.title}>
        {texts?.title ?? '验证手机号，查看完整信息'}
      </h3>
      <p>{texts?.intro ?? `为保护您的信息，仅凭手机号只显示部分内容。获取发送到 ${maskPhone(phone)} 的短信验证码并填写，即可查看订单编号、金额和回执；本设备将记住 30 天。`}</p>
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
          data-testid="verify-code"
        />
        <Button type="button" variant="secondary" disabled={busy || countdown.left > 0} onClick={() => void sendCode()} data-testid="verify-send">
          {sendCodeLabel(sent, countdown.left)}
        </Button>
      </div>
      <Button type="submit" block disabled={busy || !sent} data-testid="verify-confirm">
        {texts?.confirm ?? '查看完整信息'}
      </Button>
    </form>
  );
}
