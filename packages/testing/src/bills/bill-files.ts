import { fenToYuanString } from '@kuaibao/domain';
import { encodeGbk } from './gbk.ts';
import { writeZip } from './zip.ts';

/**
 * The two providers' trade bill files as the fakes serve them, in the real formats
 * (docs/decisions/039-daily-bill-reconciliation.md). Written independently of the adapters'
 * parsers: columns are laid out here in the documented order, the parsers find them by name.
 */
export interface FakeBillRow {
  kind: 'payment' | 'refund';
  /** Beijing wall clock, `YYYY-MM-DD HH:mm:ss` */
  time: string;
  outTradeNo: string;
  providerTxnId: string;
  /** what the trade was for (the order amount), fen */
  orderFen: number;
  description: string;
  outRefundNo?: string;
  providerRefundId?: string;
  refundFen?: number;
  /** WeChat: SUCCESS, PROCESSING, ABNORMAL, CLOSED */
  refundStatus?: string;
  tradeType?: string;
  openid?: string;
  /** WeChat: the appid the trade was created under (公众账号ID); the merchant's first appid when unset. */
  appId?: string;
}

/** What a test plants in a day's bill. */
export interface FakeBillAdjustments {
  /** Lines of trades we never made (by Beijing date). */
  extra: Array<{ date: string; row: FakeBillRow }>;
  /** out_trade_no (payments) or out_refund_no (refunds) left out of every bill. */
  omit: Set<string>;
  /** The amount the bill reports instead (fen), by out_trade_no or out_refund_no. */
  amounts: Map<string, number>;
}

export function emptyBillAdjustments(): FakeBillAdjustments {
  return { extra: [], omit: new Set(), amounts: new Map() };
}

/** Applies a test's plantings to the rows a fake drew from its own trades. */
export function adjustedRows(date: string, rows: FakeBillRow[], adjustments: FakeBillAdjustments): FakeBillRow[] {
  const keyOf = (row: FakeBillRow) => (row.kind === 'payment' ? row.outTradeNo : (row.outRefundNo ?? ''));
  const kept = rows
    .filter((row) => !adjustments.omit.has(keyOf(row)))
    .map((row) => {
      const amount = adjustments.amounts.get(keyOf(row));
      if (amount === undefined) return row;
      return row.kind === 'payment' ? { ...row, orderFen: amount } : { ...row, refundFen: amount };
    });
  return [...kept, ...adjustments.extra.filter((e) => e.date === date).map((e) => e.row)];
}

const WECHAT_ALL_HEADER = [
  '交易时间', '公众账号ID', '商户号', '特约商户号', '设备号', '微信订单号', '商户订单号', '用户标识', '交易类型', '交易状态', '付款银行', '货币种类',
  '应结订单金额', '代金券金额', '微信退款单号', '商户退款单号', '退款金额', '充值券退款金额', '退款类型', '退款状态', '商品名称', '商户数据包',
  '手续费', '费率', '订单金额', '申请退款金额', '费率备注',
];

const yuan = (fen: number) => fenToYuanString(fen);
/** WeChat's fee: 0.6 %, rounded to the fen, printed with five decimals. */
const fee = (fen: number) => `${fenToYuanString(Math.round(fen * 0.006))}000`;

/** WeChat Pay's ALL trade bill (UTF-8 text): header, backtick-prefixed lines, totals header and line. */
export function wechatpayTradeBillText(rows: FakeBillRow[], merchant: { appId: string; mchId: string }): string {
  const lines = [WECHAT_ALL_HEADER.join(',')];
  let payments = 0;
  let refunds = 0;
  let fees = 0;
  for (const row of rows) {
    const refund = row.kind === 'refund';
    const refundFen = row.refundFen ?? 0;
    if (refund) refunds += refundFen;
    else payments += row.orderFen;
    const rowFee = refund ? -Math.round(refundFen * 0.006) : Math.round(row.orderFen * 0.006);
    fees += rowFee;
    const fields = [
      row.time, row.appId ?? merchant.appId, merchant.mchId, '0', '', row.providerTxnId, row.outTradeNo, row.openid ?? '', row.tradeType ?? 'NATIVE', refund ? 'REFUND' : 'SUCCESS', 'OTHERS', 'CNY',
      refund ? '0.00' : yuan(row.orderFen), '0.00', refund ? (row.providerRefundId ?? '') : '0', refund ? (row.outRefundNo ?? '') : '0', refund ? yuan(refundFen) : '0.00', '0.00',
      refund ? 'ORIGINAL' : '', refund ? (row.refundStatus ?? 'SUCCESS') : '', row.description, '', refund ? `-${fee(refundFen)}` : fee(row.orderFen), '0.60%',
      refund ? '0.00' : yuan(row.orderFen), refund ? yuan(refundFen) : '0.00', '',
    ];
    lines.push(fields.map((f) => `\`${f}`).join(','));
  }
  lines.push('总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额');
  const feeText = `${fees < 0 ? '-' : ''}${fenToYuanString(Math.abs(fees))}000`;
  lines.push([String(rows.length), yuan(payments), yuan(refunds), '0.00', feeText, yuan(payments), yuan(refunds)].map((f) => `\`${f}`).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

const ALIPAY_HEADER = [
  '支付宝交易号', '商户订单号', '业务类型', '商品名称', '创建时间', '完成时间', '门店编号', '门店名称', '操作员', '终端号', '对方账户', '订单金额（元）', '商家实收（元）',
  '支付宝红包（元）', '集分宝（元）', '支付宝优惠（元）', '商家优惠（元）', '券核销金额（元）', '券名称', '商家红包消费金额（元）', '卡消费金额（元）', '退款批次号/请求号',
  '服务费（元）', '分润（元）', '备注',
];

function signedYuan(fen: number): string {
  return `${fen < 0 ? '-' : ''}${fenToYuanString(Math.abs(fen))}`;
}

function chineseDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${y}年${m}月${d}日`;
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Alipay's trade bill archive: a zip of two GBK CSV files, the details and a summary. */
export function alipayTradeBillZip(rows: FakeBillRow[], merchant: { pid: string }, date: string, exportedAt: string): Buffer {
  const compact = date.replaceAll('-', '');
  const account = `${merchant.pid}0156`;
  const period = `#起始日期：[${chineseDate(date)} 00:00:00]   终止日期：[${chineseDate(nextDate(date))} 00:00:00]`;
  const detail = ['#支付宝业务明细查询', `#账号：[${account}]`, period, '#-----------------------------------------业务明细列表----------------------------------------', ALIPAY_HEADER.join(',')];
  let trades = 0;
  let refunds = 0;
  let tradeFen = 0;
  let refundFen = 0;
  for (const row of rows) {
    const refund = row.kind === 'refund';
    const amount = refund ? -(row.refundFen ?? 0) : row.orderFen;
    if (refund) {
      refunds += 1;
      refundFen += row.refundFen ?? 0;
    } else {
      trades += 1;
      tradeFen += row.orderFen;
    }
    const signed = signedYuan(amount);
    const serviceFen = Math.round(Math.abs(amount) * 0.006);
    const fields = [
      row.providerTxnId, row.outTradeNo, refund ? '退款' : '交易', row.description, row.time, row.time, '', '', '', '', '159****5620', signed, signed,
      '0.00', '0.00', '0.00', '0.00', '0.00', '', '0.00', '0.00', refund ? (row.outRefundNo ?? '') : '', `${refund ? '' : '-'}${fenToYuanString(serviceFen)}`, '0.00', '',
    ];
    detail.push(fields.map((f) => `${f}\t`).join(','));
  }
  detail.push('#-----------------------------------------业务明细列表结束------------------------------------', `#交易合计：${trades}笔，退款合计：${refunds}笔`, `#导出时间：[${exportedAt}]`);
  const summary = [
    '#支付宝业务汇总查询',
    `#账号：[${account}]`,
    period,
    '#-----------------------------------------业务汇总列表----------------------------------------',
    '门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）,支付宝优惠（元）,商家优惠（元）,卡消费金额（元）,服务费（元）,分润（元）,实收净额（元）',
    `合计,,${trades},${refunds},${signedYuan(tradeFen - refundFen)},${signedYuan(tradeFen - refundFen)},0.00,0.00,0.00,0.00,0.00,${signedYuan(tradeFen - refundFen)}`,
    '#-----------------------------------------业务汇总列表结束------------------------------------',
    `#导出时间：[${exportedAt}]`,
  ];
  return writeZip([
    { name: encodeGbk(`${account}_${compact}_业务明细.csv`), data: encodeGbk(`${detail.join('\r\n')}\r\n`) },
    { name: encodeGbk(`${account}_${compact}_业务明细(汇总).csv`), data: encodeGbk(`${summary.join('\r\n')}\r\n`) },
  ]);
}
