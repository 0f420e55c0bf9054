import { createHash } from 'node:crypto';
import { yuanStringToFen, type LedgerRefundState, type ProviderBillLine } from '@kuaibao/domain';

/**
 * WeChat Pay's trade bill (bill_type ALL), as `GET /v3/bill/tradebill` points to it
 * (docs/decisions/039-daily-bill-reconciliation.md): UTF-8 text, one header line, one line per
 * payment or refund with every field prefixed by a backtick, then a totals header
 * (`总交易单数,…`) and its line. Amounts are yuan with two decimals. Columns are found by name.
 */
export class BillFormatError extends Error {}

/** SHA1 (hex) of the uncompressed bill: what `hash_value` names. */
export function sha1Hex(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex');
}

/** Every field starts with a backtick, so a comma inside a product name cannot split a field. */
function fieldsOf(line: string): string[] {
  return line.split(/,(?=`)/).map((field) => field.replace(/^`/, '').trim());
}

function fen(value: string | undefined, column: string): number {
  const parsed = yuanStringToFen((value ?? '').replace(/^-/, ''));
  if (parsed === undefined) throw new BillFormatError(`${column}: ${value ?? ''}`);
  return parsed;
}

/**
 * A fee as the bills print it (WeChat with five decimals, `1.19400`; Alipay signed, `-1.19`), in
 * fen, rounded half up on the third decimal. Undefined when the field is empty or not a number.
 */
export function feeFenOf(value: string | undefined): number | undefined {
  const match = /^([+-]?)(\d{1,12})(?:\.(\d+))?$/.exec((value ?? '').trim());
  if (!match) return undefined;
  const decimals = (match[3] ?? '').padEnd(3, '0');
  const total = Number(match[2]) * 100 + Number(decimals.slice(0, 2)) + (Number(decimals[2]) >= 5 ? 1 : 0);
  return match[1] === '-' ? -total : total;
}

function refundState(status: string): LedgerRefundState {
  if (status === 'SUCCESS') return 'SUCCESS';
  if (status === 'PROCESSING') return 'PROCESSING';
  return 'FAILED';
}

export function parseWechatpayTradeBill(text: string): ProviderBillLine[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = lines[0]?.split(',').map((name) => name.trim()) ?? [];
  const at = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new BillFormatError(`missing column ${name}`);
    return index;
  };
  const columns = {
    outTradeNo: at('商户订单号'),
    tradeState: at('交易状态'),
    orderFen: at('订单金额'),
    outRefundNo: at('商户退款单号'),
    refundFen: at('退款金额'),
    requestedRefundFen: header.indexOf('申请退款金额'),
    refundStatus: at('退款状态'),
    // Optional: the bill still reconciles without them (decision 061 reads them for month close).
    fee: header.indexOf('手续费'),
    txnId: header.indexOf('微信订单号'),
  };
  const result: ProviderBillLine[] = [];
  for (const line of lines.slice(1)) {
    if (line.startsWith('总交易单数')) break;
    const fields = fieldsOf(line);
    if (fields.length < header.length) throw new BillFormatError(`short line: ${line.slice(0, 80)}`);
    const outTradeNo = fields[columns.outTradeNo]!;
    const state = fields[columns.tradeState]!;
    // WeChat prints a refund's returned fee negative already: positive charged, negative returned.
    const feeFen = columns.fee >= 0 ? feeFenOf(fields[columns.fee]) : undefined;
    const extra = { ...(feeFen === undefined ? {} : { feeFen }), ...(columns.txnId >= 0 && fields[columns.txnId] ? { providerTxnId: fields[columns.txnId]! } : {}) };
    if (state === 'REFUND') {
      const requested = columns.requestedRefundFen >= 0 ? fields[columns.requestedRefundFen] : undefined;
      const status = fields[columns.refundStatus]!;
      result.push({
        kind: 'refund',
        outTradeNo,
        outRefundNo: fields[columns.outRefundNo]!,
        amountFen: fen(requested || fields[columns.refundFen], '退款金额'),
        refundState: refundState(status),
        providerStatus: status || 'REFUND',
        ...extra,
      });
    } else {
      // SUCCESS (and REVOKED, a payment taken back, which we never do): money came in on this trade.
      result.push({ kind: 'payment', outTradeNo, outRefundNo: null, amountFen: fen(fields[columns.orderFen], '订单金额'), refundState: null, providerStatus: state, ...extra });
    }
  }
  return result;
}
