import { describe, expect, it } from 'vitest';
import { DEFAULT_SMS_SIGN_NAME } from './operator-info.ts';
import { footerServicePhone, missingOperatorInfo, OPERATOR_REQUIREMENTS, setupChecklist } from './operator-readiness.ts';

const NAMED = {
  operator_name: '上海某某企业服务有限公司',
  operator_credit_code: '91310115MA1K4ABCDD',
  icp_filing: '沪ICP备12345678号-1',
  service_phone: '021-6123-4567',
  service_weixin: 'https://kf.example.com/kuaibao/weixin',
};

/** The seed's demo operator (apps/api/src/seed/defaults.ts) with the seed's placeholder contacts. */
const DEMO = {
  operator_name: '示例代办服务有限公司（演示）',
  operator_credit_code: '91110000MA00000000（演示）',
  icp_filing: '京ICP备00000000号-1（演示）',
  service_phone: '400-000-0000',
  service_weixin: 'https://kf.example.com/kuaibao/weixin',
};

describe('what the operator still lacks before the site may take money', () => {
  it('lacks everything while nothing is set', () => {
    expect(missingOperatorInfo(null)).toEqual(['operator_name', 'operator_credit_code', 'icp_filing', 'service_contact']);
    expect(missingOperatorInfo({ service_phone: '400-000-0000', service_weixin: 'https://kf.example.com/x' })).toEqual(['operator_name', 'operator_credit_code', 'icp_filing', 'service_contact']);
  });

  it('counts the demo operator, which says it is one, as missing', () => {
    expect(missingOperatorInfo(DEMO)).toEqual(['operator_name', 'operator_credit_code', 'icp_filing', 'service_contact']);
    // A demo phone stays a demo even in the shape of a real one.
    expect(missingOperatorInfo({ ...NAMED, service_phone: '021-6123-4567（演示）' })).toEqual(['service_contact']);
  });

  it('lacks nothing once name, a valid code, an ICP number and one working contact are set', () => {
    expect(missingOperatorInfo(NAMED)).toEqual([]);
    // WeChat alone is a contact too.
    expect(missingOperatorInfo({ ...NAMED, service_phone: '', service_weixin: 'https://work.weixin.qq.com/kfid/kfc1' })).toEqual([]);
    // The code as people type it: spaces and lower case.
    expect(missingOperatorInfo({ ...NAMED, operator_credit_code: '91310115ma1k4abcd d' })).toEqual([]);
  });

  it('refuses a credit code whose check character is wrong and an ICP field that is no ICP number', () => {
    expect(missingOperatorInfo({ ...NAMED, operator_credit_code: '91310115MA1K4ABCDE' })).toEqual(['operator_credit_code']);
    expect(missingOperatorInfo({ ...NAMED, icp_filing: '备案中' })).toEqual(['icp_filing']);
    expect(missingOperatorInfo({ ...NAMED, operator_name: '   ' })).toEqual(['operator_name']);
  });
});

describe("the footer's service phone", () => {
  it('dials a usable phone, shows the demo operator its demo phone undialled, and nothing otherwise', () => {
    expect(footerServicePhone(NAMED)).toEqual({ text: '021-6123-4567', dial: true });
    expect(footerServicePhone(DEMO)).toEqual({ text: '400-000-0000（演示）', dial: false });
    expect(footerServicePhone({ ...DEMO, operator_name: '上海某某企业服务有限公司' })).toEqual({ text: '', dial: false });
  });
});

describe('the first-run checklist', () => {
  const fresh = { config: { service_weixin: 'https://kf.example.com/kuaibao/weixin', service_phone: '400-000-0000' }, smsSignName: DEFAULT_SMS_SIGN_NAME, smsProvider: 'console', paymentProviders: ['sandbox'] };

  it('lists everything as missing on a fresh deployment, the operator first, in the words of the order rule', () => {
    const items = setupChecklist(fresh);
    expect(items.filter((item) => item.done)).toEqual([]);
    expect(items.map((item) => item.key)).toEqual(['operator_name', 'operator_credit_code', 'icp_filing', 'service_contact', 'sms_sign_name', 'payment_providers', 'sms_provider']);
    for (const key of missingOperatorInfo(fresh.config)) expect(items.find((item) => item.key === key)).toMatchObject({ label: OPERATOR_REQUIREMENTS[key], blocksOrders: true });
    expect(items.filter((item) => item.blocksOrders).map((item) => item.key)).toEqual(['operator_name', 'operator_credit_code', 'icp_filing', 'service_contact']);
  });

  it('is done once every item is real', () => {
    const ready = setupChecklist({ config: NAMED, smsSignName: '某某服务', smsProvider: 'aliyun', paymentProviders: ['wechatpay', 'alipay'] });
    expect(ready.every((item) => item.done)).toBe(true);
  });

  it('keeps payments open while the sandbox is still listed beside a real provider', () => {
    const item = setupChecklist({ ...fresh, paymentProviders: ['wechatpay', 'sandbox'] }).find((entry) => entry.key === 'payment_providers');
    expect(item?.done).toBe(false);
  });
});
