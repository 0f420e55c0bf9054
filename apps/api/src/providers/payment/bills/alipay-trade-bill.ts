import { yuanStringToFen, type ProviderBillLine } from '@kuaibao/domain';
import { BillFormatError, feeFenOf } from './wechatpay-trade-bill.ts';
import { readZipEntries } from './zip-entries.ts';

/**
 * Alipay's trade bill (bill_type `trade`), the zip that
 * `alipay.data.dataservice.bill.downloadurl.query`'s `bill_download_url` serves
 * (docs/decisions/039-daily-bill-reconciliation.md): two GBK CSV files, the details
 * (`…_业务明细.csv`) and a summary (`…_业务明细(汇总).csv`). The details file opens with `#` comment
 * lines, then the header (`支付宝交易号,商户订单号,业务类型,…`), one line per trade (业务类型 交易) or
 * refund (退款, amounts negative, 退款批次号/请求号 = our out_request_no), then `#` lines with the
 * totals. Values may carry trailing tabs. Columns are found by name; amounts are yuan.
 */
export const ALIPAY_DETAIL_SUFFIX = '_业务明细.csv';

/** Full-width parentheses in Alipay's headers, half-width in some exports: compare without either. */
function columnName(name: string): string {
  return name.trim().replace(/[（(）)]/g, '');
}

function fen(value: string | undefined, column: string): number {
  const parsed = yuanStringToFen((value ?? '').trim().replace(/^-/, ''));
  if (parsed === undefined) throw new BillFormatError(`${column}: ${value ?? ''}`);
  return parsed;
}

export function parseAlipayTradeBillCsv(text: string): ProviderBillLine[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const start = lines.findIndex((line) => line.startsWith('支付宝交易号'));
  if (start < 0) throw new BillFormatError('no header line');
  const header = lines[start]!.split(',').map(columnName);
  const at = (name: string) => {
    const index = header.indexOf(columnName(name));
    if (index < 0) throw new BillFormatError(`missing column ${name}`);
    return index;
  };
  const nameColumn = header.indexOf('商品名称');
  const columns = { outTradeNo: at('商户订单号'), type: at('业务类型'), amount: at('订单金额（元）'), outRequestNo: at('退款批次号/请求号') };
  // Optional (decision 061): 服务费 is negative on a trade (charged) and positive on a refund (returned), so it is turned around.
  const feeColumn = header.indexOf(columnName('服务费（元）'));
  const txnColumn = header.indexOf('支付宝交易号');
  const result: ProviderBillLine[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('#')) break;
    if (line.trim() === '') continue;
    const fields = line.split(',').map((field) => field.trim());
    // Values are not quoted: a comma in a product name makes extra fields, folded back into it.
    const extra = fields.length - header.length;
    if (extra > 0 && nameColumn >= 0) fields.splice(nameColumn, extra + 1, fields.slice(nameColumn, nameColumn + extra + 1).join(','));
    const type = fields[columns.type] ?? '';
    const outTradeNo = fields[columns.outTradeNo] ?? '';
    const charged = feeColumn >= 0 ? feeFenOf(fields[feeColumn]) : undefined;
    const known = { ...(charged === undefined ? {} : { feeFen: charged === 0 ? 0 : -charged }), ...(txnColumn >= 0 && fields[txnColumn] ? { providerTxnId: fields[txnColumn]! } : {}) };
    if (type === '退款') {
      result.push({ kind: 'refund', outTradeNo, outRefundNo: fields[columns.outRequestNo] || outTradeNo, amountFen: fen(fields[columns.amount], '订单金额'), refundState: 'SUCCESS', providerStatus: '退款', ...known });
    } else if (type === '交易') {
      result.push({ kind: 'payment', outTradeNo, outRefundNo: null, amountFen: fen(fields[columns.amount], '订单金额'), refundState: null, providerStatus: '交易', ...known });
    }
  }
  return result;
}

/** The details file of a bill archive, decoded from GBK and parsed. */
export function parseAlipayTradeBillZip(zip: Buffer): ProviderBillLine[] {
  const entry = readZipEntries(zip).find((e) => e.name.endsWith(ALIPAY_DETAIL_SUFFIX));
  if (!entry) throw new BillFormatError(`no *${ALIPAY_DETAIL_SUFFIX} in the archive`);
  return parseAlipayTradeBillCsv(new TextDecoder('gbk').decode(entry.data));
}
