import { describe, expect, it } from 'vitest';
import { PAGE_ERRORS, pageErrorMessage } from './page-errors.ts';

describe('the codes of the pages after the home route', () => {
  it('word the declaration, report, authorisation, agreement, ID-number consent, invoice and pay-page login refusals', () => {
    expect(pageErrorMessage('DECLARATION_EMPLOYEES_MIN')).toBe('从业人数至少为1人');
    expect(pageErrorMessage('REPORT_REASON_EMPTY')).toBe('请填写举报原因');
    expect(pageErrorMessage('AUTHORIZATION_NAME_MISMATCH')).toBe('签署姓名与法定代表人姓名不一致');
    expect(pageErrorMessage('AGREEMENT_OUTDATED')).toBe('服务协议已更新，请阅读新版本并重新确认');
    expect(pageErrorMessage('WECHAT_LOGIN_EXPIRED')).toBe('微信登录已过期，请重新登录后再支付');
    expect(pageErrorMessage('INVOICE_ORDER_NOT_PAID')).toBe('订单未支付，不能申请发票');
    expect(pageErrorMessage('ID_NUMBER_CONSENT_REQUIRED')).toBe('请阅读并单独同意处理法定代表人身份证号码');
    expect(Object.keys(PAGE_ERRORS).every((key) => /^(DECLARATION_|REPORT_|AUTHORIZATION_|AGREEMENT_|ID_NUMBER_CONSENT_|COMPANY_|CREDIT_RECORD_|INVOICE_|REMINDER_|WECHAT_LOGIN_EXPIRED$)/.test(key))).toBe(true);
  });
});
