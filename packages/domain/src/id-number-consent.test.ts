import { describe, expect, it } from 'vitest';
import { ID_NUMBER_CONSENT_TEXT, ID_NUMBER_CONSENT_TITLE, ID_NUMBER_CONSENT_VERSION } from './id-number-consent.ts';

describe('the ID-number consent', () => {
  it('has a version of its own, short and apart from the agreement’s day-named versions', () => {
    expect(ID_NUMBER_CONSENT_VERSION).toMatch(/^sfz-\d{4}-\d{2}(\.\d+)?$/);
    expect(ID_NUMBER_CONSENT_VERSION.length).toBeLessThanOrEqual(32);
  });

  it('says it is sensitive, why it is needed, how it is kept and that it can be withdrawn', () => {
    const text = ID_NUMBER_CONSENT_TEXT.join('');
    expect(ID_NUMBER_CONSENT_TITLE).toContain('身份证号码');
    for (const needed of ['敏感个人信息', '核验法定代表人身份', '加密存储', '保存期限', '撤回']) expect(text).toContain(needed);
  });
});
