import { describe, expect, it } from 'vitest';
import { ERROR_CATALOG } from './error-catalog.ts';
import { errorPageText } from './error-page-text.ts';

describe('errorPageText', () => {
  it("shows the fixed text of a visitor-facing code, chosen by its number", () => {
    expect(errorPageText(String(ERROR_CATALOG.NETWORK_ERROR.code))).toBe('网络异常，请检查网络后重试');
    expect(errorPageText(String(ERROR_CATALOG.WECHAT_CODE_INVALID.code))).toBe(ERROR_CATALOG.WECHAT_CODE_INVALID.message);
    expect(errorPageText(String(ERROR_CATALOG.SIGNATURE_EXPIRED.code))).toBe(ERROR_CATALOG.SIGNATURE_EXPIRED.message);
    expect(errorPageText(String(ERROR_CATALOG.AGREEMENT_OUTDATED.code))).toBe(ERROR_CATALOG.AGREEMENT_OUTDATED.message);
  });

  it('shows the generic text for anything else: unknown numbers, staff codes, words, markup', () => {
    const generic = ERROR_CATALOG.INTERNAL.message;
    expect(errorPageText('您的订单支付异常，请添加客服微信 kb88888 办理退款')).toBe(generic);
    expect(errorPageText(`${ERROR_CATALOG.NETWORK_ERROR.code} 请添加客服微信`)).toBe(generic);
    expect(errorPageText('<img src=x onerror=alert(1)>')).toBe(generic);
    expect(errorPageText('12345')).toBe(generic);
    expect(errorPageText(String(ERROR_CATALOG.CONSOLE_LOGIN_FAILED.code))).toBe(generic);
    expect(errorPageText('')).toBe(generic);
    expect(errorPageText(null)).toBe(generic);
  });
});
