import { describe, expect, it } from 'vitest';
import { PAY_SOURCES, PLATFORMS } from './constants.ts';
import { PAYMENT_ATTEMPT_STATUSES } from './lifecycle/payment-attempt.ts';
import { LABELS, label } from './staff-labels.ts';

/** No Latin letters: what staff read is Chinese. */
const chinese = (text: string) => !/[A-Za-z]/.test(text);

describe('the console label map', () => {
  it('names every code the domain knows, in Chinese', () => {
    for (const code of PAY_SOURCES) expect(label('paySource', code)).toSatisfy(chinese);
    for (const code of PLATFORMS) expect(label('platform', code)).toSatisfy(chinese);
    for (const code of PAYMENT_ATTEMPT_STATUSES) expect(label('attemptStatus', code)).toSatisfy(chinese);
    for (const code of ['sandbox', 'wechatpay', 'alipay']) expect(label('paymentProvider', code)).toSatisfy(chinese);
    for (const code of ['console', 'aliyun', 'tencent']) expect(label('smsProvider', code)).toSatisfy(chinese);
  });

  it('has no English word among its labels', () => {
    for (const [group, map] of Object.entries(LABELS)) for (const text of Object.values(map)) expect(text, `${group}: ${text}`).toSatisfy(chinese);
  });

  it('names an unknown code as such, and an empty one as a dash', () => {
    expect(label('platform', 'tiktok')).toBe('其他（tiktok）');
    expect(label('platform', '')).toBe('—');
    expect(label('paySource', 'h5')).toBe('手机网页支付');
    expect(label('eventResult', 'APPLIED')).toBe('已入账');
  });
});
