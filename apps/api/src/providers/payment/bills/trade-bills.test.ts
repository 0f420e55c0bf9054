import { describe, expect, it } from 'vitest';
import { alipayTradeBillZip, wechatpayTradeBillText, type FakeBillRow } from '@kuaibao/testing/bills';
import { parseAlipayTradeBillZip } from './alipay-trade-bill.ts';
import { BillFormatError, feeFenOf, parseWechatpayTradeBill } from './wechatpay-trade-bill.ts';
import { readZipEntries } from './zip-entries.ts';

const rows: FakeBillRow[] = [
  { kind: 'payment', time: '2026-11-26 10:00:00', outTradeNo: 'KB1P01', providerTxnId: '4200001', orderFen: 9850, description: '营业执照年报, 加急' },
  { kind: 'refund', time: '2026-11-26 11:00:00', outTradeNo: 'KB2P01', providerTxnId: '4200002', orderFen: 100, description: '年报', outRefundNo: 'RKB2P01', providerRefundId: '5030001', refundFen: 100, refundStatus: 'PROCESSING' },
];

describe('trade bill files', () => {
  it('reads WeChat Pay’s ALL bill, a comma inside a product name included', () => {
    const text = wechatpayTradeBillText(rows, { appId: 'wx1', mchId: '1900000109' });
    expect(text.split('\r\n')[1]).toMatch(/^`2026-11-26 10:00:00,`wx1,/);
    expect(parseWechatpayTradeBill(text)).toEqual([
      // Fees (0.6 %) charged on the payment and returned on the refund, with the transaction numbers (decision 061).
      { kind: 'payment', outTradeNo: 'KB1P01', outRefundNo: null, amountFen: 9850, refundState: null, providerStatus: 'SUCCESS', feeFen: 59, providerTxnId: '4200001' },
      { kind: 'refund', outTradeNo: 'KB2P01', outRefundNo: 'RKB2P01', amountFen: 100, refundState: 'PROCESSING', providerStatus: 'PROCESSING', feeFen: -1, providerTxnId: '4200002' },
    ]);
  });

  it('reads fees as the bills print them, in fen', () => {
    expect(feeFenOf('1.19400')).toBe(119);
    expect(feeFenOf('1.19500')).toBe(120);
    expect(feeFenOf('-0.59')).toBe(-59);
    expect(feeFenOf('0')).toBe(0);
    expect(feeFenOf('')).toBeUndefined();
    expect(feeFenOf('abc')).toBeUndefined();
  });

  it('refuses a WeChat bill without its columns', () => {
    expect(() => parseWechatpayTradeBill('交易时间,商户号\n`x,`y\n')).toThrow(BillFormatError);
  });

  it('reads Alipay’s zip of GBK CSVs (details, not the summary)', () => {
    const zip = alipayTradeBillZip(rows, { pid: '2088000000000001' }, '2026-11-26', '2026-11-27 09:00:00');
    expect(readZipEntries(zip).map((e) => e.name)).toEqual(['20880000000000010156_20261126_业务明细.csv', '20880000000000010156_20261126_业务明细(汇总).csv']);
    expect(parseAlipayTradeBillZip(zip)).toEqual([
      { kind: 'payment', outTradeNo: 'KB1P01', outRefundNo: null, amountFen: 9850, refundState: null, providerStatus: '交易', feeFen: 59, providerTxnId: '4200001' },
      { kind: 'refund', outTradeNo: 'KB2P01', outRefundNo: 'RKB2P01', amountFen: 100, refundState: 'SUCCESS', providerStatus: '退款', feeFen: -1, providerTxnId: '4200002' },
    ]);
  });
});
