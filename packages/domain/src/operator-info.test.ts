import { describe, expect, it } from 'vitest';
import { ICP_FILING_SITE, isDemoValue, isPlaceholderContact, operatorFooter, policeFilingUrl, usableContact } from './operator-info.ts';

describe('the operator footer', () => {
  it('links the public-security filing number to its query on the filing site', () => {
    expect(policeFilingUrl('京公网安备11010502030143号')).toBe('https://beian.mps.gov.cn/#/query/webSearch?code=11010502030143');
    expect(policeFilingUrl('备案中')).toBe('https://beian.mps.gov.cn/');
    expect(ICP_FILING_SITE).toBe('https://beian.miit.gov.cn/');
  });

  it('trims the fields and leaves missing ones empty', () => {
    expect(operatorFooter({ operator_name: ' 某某企业服务有限公司 ', operator_credit_code: '91310000MA1FL0000X ', icp_filing: '京ICP备12345678号-1' })).toEqual({
      operatorName: '某某企业服务有限公司',
      creditCode: '91310000MA1FL0000X',
      icpFiling: '京ICP备12345678号-1',
      policeFiling: '',
    });
    expect(operatorFooter(null)).toEqual({ operatorName: '', creditCode: '', icpFiling: '', policeFiling: '' });
  });
});

describe('placeholder contacts', () => {
  it.each([
    ['', true],
    ['https://kf.example.com/kuaibao/weixin', true],
    ['https://example.org/x', true],
    ['http://kf.test/abc', true],
    ['https://localhost/kf', true],
    ['400-000-0000', true],
    ['13800000000', true],
    ['123', true],
    ['https://work.weixin.qq.com/kfid/kfc123', false],
    ['weixin-id-abc', false],
    ['400-123-4567', false],
    ['010-8888-8888', false],
    ['13812345678', false],
    ['400-123-4567（演示）', true],
  ])('%s → %s', (value, placeholder) => {
    expect(isPlaceholderContact(value)).toBe(placeholder);
  });

  it('knows a value that says it is a demonstration', () => {
    expect(isDemoValue('示例代办服务有限公司（演示）')).toBe(true);
    expect(isDemoValue('京ICP备00000000号-1(演示)')).toBe(true);
    // A real name may hold the word; only the mark in brackets counts.
    expect(isDemoValue('上海演示文化传媒有限公司')).toBe(false);
    expect(isDemoValue(undefined)).toBe(false);
  });

  it('blanks only the placeholder half of the contact', () => {
    expect(usableContact({ service_weixin: 'https://kf.example.com/x', service_phone: '400-123-4567' })).toEqual({ address: '', phone: '400-123-4567' });
  });
});
