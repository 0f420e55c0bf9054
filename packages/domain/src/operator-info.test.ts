import { describe, expect, it } from 'vitest';
import { DEFAULT_SMS_SIGN_NAME, ICP_FILING_SITE, isPlaceholderContact, operatorFooter, policeFilingUrl, setupChecklist, usableContact } from './operator-info.ts';

describe('the operator footer', () => {
  it('links the public-security filing number to its query on the filing site', () => {
    expect(policeFilingUrl('京公网安备11010502030143号')).toBe('https://beian.mps.gov.cn/#/query/webSearch?code=11010502030143');
    expect(policeFilingUrl('备案中')).toBe('https://beian.mps.gov.cn/');
    expect(ICP_FILING_SITE).toBe('https://beian.miit.gov.cn/');
  });

  it('trims the fields and leaves missing ones empty', () => {
    expect(operatorFooter({ operator_name: ' 某某企业服务有限公司 ', icp_filing: '京ICP备12345678号-1' })).toEqual({ operatorName: '某某企业服务有限公司', icpFiling: '京ICP备12345678号-1', policeFiling: '' });
    expect(operatorFooter(null)).toEqual({ operatorName: '', icpFiling: '', policeFiling: '' });
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
  ])('%s → %s', (value, placeholder) => {
    expect(isPlaceholderContact(value)).toBe(placeholder);
  });

  it('blanks only the placeholder half of the contact', () => {
    expect(usableContact({ service_weixin: 'https://kf.example.com/x', service_phone: '400-123-4567' })).toEqual({ address: '', phone: '400-123-4567' });
  });
});

describe('the first-run checklist', () => {
  const fresh = { config: { service_weixin: 'https://kf.example.com/kuaibao/weixin', service_phone: '400-000-0000' }, smsSignName: DEFAULT_SMS_SIGN_NAME, smsProvider: 'console', paymentProviders: ['sandbox'] };

  it('lists everything as missing on a fresh deployment', () => {
    expect(setupChecklist(fresh).filter((item) => item.done)).toEqual([]);
    expect(setupChecklist(fresh).map((item) => item.key)).toEqual(['service_weixin', 'service_phone', 'operator_name', 'icp_filing', 'sms_sign_name', 'payment_providers', 'sms_provider']);
  });

  it('is done once every item is real', () => {
    const ready = setupChecklist({
      config: { service_weixin: 'https://work.weixin.qq.com/kfid/kfc1', service_phone: '400-123-4567', operator_name: '某某企业服务有限公司', icp_filing: '京ICP备12345678号' },
      smsSignName: '某某服务',
      smsProvider: 'aliyun',
      paymentProviders: ['wechatpay', 'alipay'],
    });
    expect(ready.every((item) => item.done)).toBe(true);
  });

  it('keeps payments open while the sandbox is still listed beside a real provider', () => {
    const item = setupChecklist({ ...fresh, paymentProviders: ['wechatpay', 'sandbox'] }).find((entry) => entry.key === 'payment_providers');
    expect(item?.done).toBe(false);
  });
});
