import { describe, expect, it } from 'vitest';
import { SMS_DISCLOSURE, SMS_TEMPLATES, SMS_TEMPLATE_IDS, customerRequestSmsParam, isSmsTemplateId, renderSms, smsParam, smsSegments } from './sms-texts.ts';

const PARAMS = { goods: '营业执照年报代办', amount: '199.00', order_no: 'KB2026030112000001', company: '北京字节跳动科技有限公司', code: '048213', request: '请上传法定代表人身份证照片', detail: '全额退款', link: 'https://kuaibao.example/invoice-file/1/abc', year: '2026', site: 'kuaibao.example' };

describe('SMS texts', () => {
  it('ends every notice with the third-party disclosure and names the free official channel', () => {
    for (const id of SMS_TEMPLATE_IDS) {
      const text = renderSms(id, PARAMS);
      expect(text.endsWith(SMS_DISCLOSURE), id).toBe(true);
      expect(text).toContain('国家企业信用信息公示系统');
      expect(text).toContain('第三方');
      // The one link a notice carries is the customer's own invoice file (docs/decisions/060-invoices.md).
      expect(text.replace(PARAMS.link, '')).not.toMatch(/https?:|www\./);
      expect(text).not.toContain('{');
    }
  });

  it('fills the parameters', () => {
    expect(renderSms('payment_succeeded', PARAMS)).toContain('您已支付营业执照年报代办服务费199.00元（订单号KB2026030112000001），专员将在24小时内致电联系您。');
    expect(renderSms('order_completed', PARAMS)).toMatch(/^北京字节跳动科技有限公司的营业执照年报代办已办理完成/);
    expect(renderSms('refund_succeeded', PARAMS)).toMatch(/^您的订单KB2026030112000001已退款199\.00元（全额退款），款项将原路退回。/);
    // A partial refund (decision 057) says so, with the admin's reason.
    expect(renderSms('refund_succeeded', { ...PARAMS, amount: '50.00', detail: '部分退款，已代缴部分费用' })).toMatch(/^您的订单KB2026030112000001已退款50\.00元（部分退款，已代缴部分费用），款项将原路退回。/);
    // The deletion code says what it is for and that nobody, staff included, may ask for it.
    expect(renderSms('deletion_code', PARAMS)).toMatch(/^验证码048213，用于删除您在本平台留存的个人信息.*请勿告诉任何人，客服不会索要/);
    // 待客户补充 (decision 043): whose order and what to supply; the full request waits on the progress page.
    expect(renderSms('customer_request', PARAMS)).toMatch(/^北京字节跳动科技有限公司的办理需要您补充：请上传法定代表人身份证照片。详情可在本平台办理进度页查看。/);
  });

  it('ends the 补充资料 notice with one full stop when the request the clerk typed ends with its own (。。 was sent)', () => {
    for (const typed of ['请上传法定代表人身份证照片。', '请上传法定代表人身份证照片。 ', '请上传法定代表人身份证照片！', '请上传法定代表人身份证照片.', '请上传法定代表人身份证照片']) {
      const text = renderSms('customer_request', { ...PARAMS, request: customerRequestSmsParam(typed) });
      expect(text, typed).toContain('补充：请上传法定代表人身份证照片。详情');
      expect(text, typed).not.toMatch(/[。！？.!?]。/);
    }
    // A long request is shortened after its closing 。 goes; a request of punctuation alone is still sent.
    expect(customerRequestSmsParam(`${'请补充'.repeat(20)}。`)).toMatch(/…$/);
    expect(customerRequestSmsParam('。')).toBe('。');
  });

  it('gives the invoice notice its link whole, separated by spaces from the text', () => {
    expect(renderSms('invoice_issued', PARAMS)).toMatch(/^北京字节跳动科技有限公司的发票已开具，下载地址：https:\/\/kuaibao\.example\/invoice-file\/1\/abc ，/);
  });

  it('gives the season reminder the site to come back to, the one-tap opt-out link and 回T退订', () => {
    const text = renderSms('season_reminder', { ...PARAMS, link: 'https://kuaibao.example/reminder-optout/1/abc' });
    expect(text).toMatch(/^北京字节跳动科技有限公司的2026年度年报可以办理了（截止6月30日），可在kuaibao\.example办理。不再提醒请点 https:\/\/kuaibao\.example\/reminder-optout\/1\/abc ，回T退订。/);
  });

  it('refuses to send a notice with a missing parameter', () => {
    expect(() => renderSms('order_completed', { goods: '年报' })).toThrow(/company/);
  });

  it('lists the placeholders of each text as its parameters', () => {
    for (const id of SMS_TEMPLATE_IDS) {
      const placeholders = [...SMS_TEMPLATES[id].text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(new Set(placeholders)).toEqual(new Set(SMS_TEMPLATES[id].params));
    }
  });

  it('shortens overlong parameters and counts segments', () => {
    expect(smsParam('公'.repeat(40))).toHaveLength(35);
    expect(smsParam('公'.repeat(40)).endsWith('…')).toBe(true);
    expect(smsParam('  短名  ')).toBe('短名');
    expect(smsSegments('字'.repeat(70))).toBe(1);
    expect(smsSegments('字'.repeat(71))).toBe(2);
    expect(smsSegments('字'.repeat(135))).toBe(3);
  });

  it('recognises template ids', () => {
    expect(isSmsTemplateId('order_completed')).toBe(true);
    expect(isSmsTemplateId('marketing')).toBe(false);
  });
});
