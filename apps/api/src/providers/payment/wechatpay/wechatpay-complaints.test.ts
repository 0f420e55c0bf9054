import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@kuaibao/domain';
import { startFakeWechatpayGateway, type FakeWechatpayGateway } from '@kuaibao/testing';
import { loadConfig, type WechatpayConfig } from '../../../config.ts';
import type { ComplaintsApi } from '../complaints-port.ts';
import { createWechatpayComplaints } from './wechatpay-complaints.ts';
import { createWechatpayProvider } from './wechatpay.provider.ts';

/**
 * 更新退款审批结果 (update-refund-progress, decision 040) through the complaint adapter against the
 * fake WeChat gateway, which checks each request's signature and validates the body as WeChat does.
 */
describe('WeChat Pay complaint adapter: refund progress', () => {
  let fake: FakeWechatpayGateway;
  let config: WechatpayConfig;
  let complaints: ComplaintsApi;
  let sequence = 0;
  const now = () => new Date();

  async function complaintAboutPaidTrade(problemType: 'REFUND' | 'OTHERS' = 'REFUND'): Promise<string> {
    const provider = createWechatpayProvider({ config, notifyUrl: 'https://kuaibao.test/api/pay/notify/wechat', now });
    const outTradeNo = `KB2026112700009${String(++sequence).padStart(3, '0')}P01`;
    await provider.createPayment({
      outTradeNo,
      payType: 'weixin',
      paySource: 'native',
      amountFen: 19900,
      description: '营业执照年报-投诉测试有限公司',
      expiresAt: new Date(Date.now() + 30 * 60_000),
      notifyBaseUrl: 'https://ignored.example',
      clientIp: '203.0.113.7',
    });
    fake.pay(outTradeNo);
    return fake.fileComplaint(outTradeNo, { problemType }).complaint_id;
  }
  const lastRequest = (complaintId: string) => fake.requests.filter((r) => r.path.includes(`${complaintId}/update-refund-progress`)).at(-1)!;

  beforeAll(async () => {
    fake = await startFakeWechatpayGateway({ now });
    config = loadConfig({ APP_ENV: 'test', PAYMENT_PROVIDERS: 'wechatpay', NOTIFY_BASE_URL: 'https://kuaibao.test', ...fake.env(), WECHATPAY_TIMEOUT_MS: '2000' }).payment.wechatpay!;
    complaints = createWechatpayComplaints({ config, now });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('approves with the days until the refund is launched, signed; WeChat records the approval', async () => {
    const complaintId = await complaintAboutPaidTrade();
    await complaints.updateRefundProgress(complaintId, { action: 'APPROVE', launchRefundDays: 0 });
    const request = lastRequest(complaintId);
    expect(request.verified).toBe(true);
    expect(JSON.parse(request.body)).toEqual({ action: 'APPROVE', launch_refund_day: 0 });
    const history = await complaints.history(complaintId);
    expect(history.at(-1)).toMatchObject({ operator: '商户', type: 'MERCHANT_APPROVE_REFUND' });
    expect((await complaints.detail(complaintId)).state).toBe('PROCESSING');
  });

  it('rejects with the reason the customer is shown; WeChat closes the complaint', async () => {
    const complaintId = await complaintAboutPaidTrade();
    await complaints.updateRefundProgress(complaintId, { action: 'REJECT', reason: '服务已完成，年报已提交' });
    expect(JSON.parse(lastRequest(complaintId).body)).toEqual({ action: 'REJECT', reject_reason: '服务已完成，年报已提交' });
    // WeChat's own spelling of this operate_type.
    expect((await complaints.history(complaintId)).at(-1)).toMatchObject({ type: 'MERCHANT_REFUSE_RERUND', details: '服务已完成，年报已提交' });
    expect((await complaints.detail(complaintId)).state).toBe('PROCESSED');
  });

  it('a rejection without a reason, or progress on a complaint that asks no refund, is refused as an AppError', async () => {
    const complaintId = await complaintAboutPaidTrade();
    await expect(complaints.updateRefundProgress(complaintId, { action: 'REJECT', reason: '' })).rejects.toBeInstanceOf(AppError);
    const other = await complaintAboutPaidTrade('OTHERS');
    await expect(complaints.updateRefundProgress(other, { action: 'APPROVE', launchRefundDays: 0 })).rejects.toBeInstanceOf(AppError);
    expect((await complaints.history(complaintId)).map((h) => h.type)).not.toContain('MERCHANT_REFUSE_RERUND');
  });

  it('a request signed with another key is refused by WeChat and changes nothing', async () => {
    const complaintId = await complaintAboutPaidTrade();
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const impostor = createWechatpayComplaints({ config: { ...config, merchantPrivateKey: stranger }, now });
    await expect(impostor.updateRefundProgress(complaintId, { action: 'APPROVE', launchRefundDays: 0 })).rejects.toBeInstanceOf(AppError);
    expect(lastRequest(complaintId).verified).toBe(false);
    expect((await complaints.history(complaintId)).map((h) => h.type)).not.toContain('MERCHANT_APPROVE_REFUND');
  });
});
