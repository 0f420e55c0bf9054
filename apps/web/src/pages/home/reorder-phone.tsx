import { isValidMobilePhone, maskPhone } from '@kuaibao/domain';
import { useState } from 'react';
import { PhoneField } from '../check/phone-field.tsx';
import { PhoneVerify } from '../check/phone-verify.tsx';
import styles from './reorder-offer.module.css';

/**
 * The reorder's way in on another device (docs/decisions/066-reorder-in-two-taps.md): the phone the
 * order was placed with, then the lookup's SMS code (decision 049); the token it answers is kept on
 * this device like /checkDetail's, and the offer is asked again with it.
 */
export default function ReorderPhone({ onVerified, nothingFound }: { onVerified: () => void; nothingFound: boolean }) {
  const [phone, setPhone] = useState('');
  const ready = isValidMobilePhone(phone);
  return (
    <div className={styles.offer} data-testid="reorder-phone">
      <PhoneField value={phone} onChange={setPhone} label="下单时填写的手机号码" testId="reorder-phone-input" />
      {ready && (
        <PhoneVerify
          key={phone}
          phone={phone}
          source="reorder"
          onVerified={onVerified}
          texts={{
            title: '验证手机号，一键续办',
            intro: `获取发送到 ${maskPhone(phone)} 的短信验证码并填写，即可带出上一年度办理过的企业和联系人；本设备将记住 30 天。`,
            confirm: '验证并带出企业',
          }}
        />
      )}
      {nothingFound && (
        <p className={styles.hint} role="status" data-testid="reorder-none">
          没有找到可续办的企业：仅上一年度已付款、本年度尚未办理的年报可一键续办。
        </p>
      )}
    </div>
  );
}
