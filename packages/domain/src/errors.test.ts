import { describe, expect, it } from 'vitest';
import { errorDetail, errorMessage, takenByOtherText, toastText, STAFF_ERRORS, VISITOR_ERRORS } from './errors.ts';

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

describe('the detail of a refusal', () => {
  it('is what follows the first comma, if anything', () => {
    expect(errorDetail('该订单已由其他人员接单,钱专员')).toBe('钱专员');
    expect(errorDetail('请求参数有误,a: b, c')).toBe('a: b, c');
    expect(errorDetail('该订单已由其他人员接单')).toBeUndefined();
    expect(errorDetail('该订单已由其他人员接单, ')).toBeUndefined();
  });

  it('names the colleague who has the order when the server said who', () => {
    expect(takenByOtherText('钱专员')).toBe('该订单已由 钱专员 接单');
    expect(takenByOtherText(undefined)).toBe(STAFF_ERRORS.CONSOLE_ORDER_TAKEN_BY_OTHER.message);
  });
});
