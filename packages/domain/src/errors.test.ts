import { describe, expect, it } from 'vitest';
import { errorMessage, toastText, VISITOR_ERRORS } from './errors.ts';

describe('the visitor part of the catalog', () => {
  it('gives the web app the message of each of its codes', () => {
    expect(errorMessage('PHONE_INVALID')).toBe('请填写正确的手机号码');
    for (const code of Object.keys(VISITOR_ERRORS) as (keyof typeof VISITOR_ERRORS)[]) expect(errorMessage(code)).toBe(VISITOR_ERRORS[code].message);
  });

  it('toasts the first comma-separated segment of a message', () => {
    expect(toastText('请求参数有误,entity_phone: too long')).toBe('请求参数有误');
    expect(toastText('支付失败')).toBe('支付失败');
  });
});
