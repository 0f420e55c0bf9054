import { shanghaiIsoDay } from './countdown.ts';

/**
 * Daily reconciliation (docs/decisions/039-daily-bill-reconciliation.md): every line of a provider's
 * trade bill for one Beijing day is compared with our payments and refunds, and our own lines of
 * that day are looked for in the bill. Pure: the caller downloads the bill and reads our ledger.
 */

export type BillLineKind = 'payment' | 'refund';

/** A refund's state as both sides can say it: accepted and paid out, accepted and under way, or failed. */
export type LedgerRefundState = 'SUCCESS' | 'PROCESSING' | 'FAILED';

/** One line of the provider's bill, in our terms (integer fen). */
export interface ProviderBillLine {
  kind: BillLineKind;
  outTradeNo: string;
  /** refunds only */
  outRefundNo: string | null;
  amountFen: number;
  /** payments are always paid in a bill; refunds carry the state the bill reports */
  refundState: LedgerRefundState | null;
  /** the provider's own word for the state, shown to staff as is */
  providerStatus: string;
  /**
   * The fee the provider charged on this line, fen: positive on a payment, negative on a refund
   * (the part of the fee returned). Undefined when the bill has no fee column. Month close and
   * the order export read it (docs/decisions/061-exports-for-accountants.md); not reconciled.
   */
  feeFen?: number;
  /** the provider's transaction number (微信订单号, 支付宝交易号) */
  providerTxnId?: string;
}

/** One of our payments (a payment attempt) or refunds. */
export interface OurLedgerLine {
  kind: BillLineKind;
  outTradeNo: string;
  outRefundNo: string | null;
  orderId: number;
  amountFen: number;
  /** payments: 'PAID' or the attempt's other status; refunds: our refund status */
  status: string;
  /** paid (payments) or accepted by the provider (refunds) within the day being reconciled */
  inDay: boolean;
}

export const DIFFERENCE_KINDS = ['MISSING_OURS', 'MISSING_THEIRS', 'AMOUNT_MISMATCH', 'STATUS_MISMATCH'] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

export const DIFFERENCE_KIND_NAMES: Record<DifferenceKind, string> = {
  MISSING_OURS: '我方缺失',
  MISSING_THEIRS: '对方缺失',
  AMOUNT_MISMATCH: '金额不符',
  STATUS_MISMATCH: '状态不符',
};

export interface ReconciliationDifference {
  kind: DifferenceKind;
  lineKind: BillLineKind;
  outTradeNo: string;
  outRefundNo: string | null;
  orderId: number | null;
  theirAmountFen: number | null;
  ourAmountFen: number | null;
  theirStatus: string | null;
  ourStatus: string | null;
}

export interface LedgerTotals {
  paymentCount: number;
  paymentFen: number;
  refundCount: number;
  refundFen: number;
}

export interface ReconciliationResult {
  matched: number;
  differences: ReconciliationDifference[];
  theirs: LedgerTotals;
  ours: LedgerTotals;
}

/** Our refund statuses (docs/decisions/007) in the bill's terms; REQUESTED was never accepted by the provider. */
export function ourRefundState(status: string): LedgerRefundState | 'NOT_SUBMITTED' {
  if (status === 'SUCCESS') return 'SUCCESS';
  if (status === 'PROCESSING') return 'PROCESSING';
  if (status === 'REQUESTED') return 'NOT_SUBMITTED';
  return 'FAILED';
}

/**
 * Whether the two sides tell the same story. A payment in a bill was paid: ours must be PAID. A
 * refund the bill shows as accepted (SUCCESS or PROCESSING; WeChat's bill keeps the state of the
 * moment it was drawn up) must be accepted on our side too; a failed one must be failed.
 */
function statesAgree(theirs: ProviderBillLine, ours: OurLedgerLine): boolean {
  if (theirs.kind === 'payment') return ours.status === 'PAID';
  const mine = ourRefundState(ours.status);
  if (theirs.refundState === 'FAILED') return mine === 'FAILED';
  return mine === 'SUCCESS' || mine === 'PROCESSING';
}

function keyOf(line: { kind: BillLineKind; outTradeNo: string; outRefundNo: string | null }): string {
  return line.kind === 'payment' ? `P:${line.outTradeNo}` : `R:${line.outRefundNo ?? ''}`;
}

function emptyTotals(): LedgerTotals {
  return { paymentCount: 0, paymentFen: 0, refundCount: 0, refundFen: 0 };
}

function addTo(totals: LedgerTotals, kind: BillLineKind, amountFen: number): void {
  if (kind === 'payment') {
    totals.paymentCount += 1;
    totals.paymentFen += amountFen;
  } else {
    totals.refundCount += 1;
    totals.refundFen += amountFen;
  }
}

/**
 * Compares a day's bill with our ledger. `ours` holds our lines of the day (inDay) and any other
 * line the bill names (a payment made just before midnight may sit in the next day's bill).
 */
export function reconcileDay(theirs: readonly ProviderBillLine[], ours: readonly OurLedgerLine[]): ReconciliationResult {
  const ourByKey = new Map(ours.map((line) => [keyOf(line), line]));
  const seen = new Set<string>();
  const differences: ReconciliationDifference[] = [];
  const theirTotals = emptyTotals();
  const ourTotals = emptyTotals();
  let matched = 0;

  for (const line of theirs) {
    addTo(theirTotals, line.kind, line.amountFen);
    const key = keyOf(line);
    seen.add(key);
    const mine = ourByKey.get(key);
    const base = { lineKind: line.kind, outTradeNo: line.outTradeNo, outRefundNo: line.outRefundNo, theirAmountFen: line.amountFen, theirStatus: line.providerStatus };
    if (!mine) {
      differences.push({ ...base, kind: 'MISSING_OURS', orderId: null, ourAmountFen: null, ourStatus: null });
      continue;
    }
    const ourSide = { orderId: mine.orderId, ourAmountFen: mine.amountFen, ourStatus: mine.status };
    if (mine.amountFen !== line.amountFen) differences.push({ ...base, ...ourSide, kind: 'AMOUNT_MISMATCH' });
    else if (!statesAgree(line, mine)) differences.push({ ...base, ...ourSide, kind: 'STATUS_MISMATCH' });
    else matched += 1;
  }

  for (const line of ours) {
    if (!line.inDay) continue;
    addTo(ourTotals, line.kind, line.amountFen);
    if (seen.has(keyOf(line))) continue;
    differences.push({
      kind: 'MISSING_THEIRS',
      lineKind: line.kind,
      outTradeNo: line.outTradeNo,
      outRefundNo: line.outRefundNo,
      orderId: line.orderId,
      theirAmountFen: null,
      ourAmountFen: line.amountFen,
      theirStatus: null,
      ourStatus: line.status,
    });
  }
  return { matched, differences, theirs: theirTotals, ours: ourTotals };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** A Beijing calendar day as the UTC instants [start, end), ISO strings. Undefined for a malformed date. */
export function shanghaiDayWindow(date: string): { start: string; end: string } | undefined {
  const match = DATE.exec(date);
  if (!match) return undefined;
  const start = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) - BEIJING_OFFSET_MS;
  if (new Date(start + BEIJING_OFFSET_MS).toISOString().slice(0, 10) !== date) return undefined;
  return { start: new Date(start).toISOString(), end: new Date(start + 86_400_000).toISOString() };
}

/** The Beijing hour (0–23) of an instant. */
export function shanghaiHour(at: Date): number {
  return new Date(at.getTime() + BEIJING_OFFSET_MS).getUTCHours();
}

/** The Beijing day before the one `at` falls in: the newest day a bill can exist for. */
export function previousShanghaiDate(at: Date): string {
  return shanghaiIsoDay(new Date(at.getTime() - 86_400_000));
}

const OUR_PAYMENT_STATUS_NAMES: Record<string, string> = { PAID: '已支付', PENDING: '待支付', CLOSED: '已关闭', EXPIRED: '已过期', SUPERSEDED: '已被新支付替换' };
const REFUND_STATUS_NAMES: Record<string, string> = { REQUESTED: '待提交', PROCESSING: '退款处理中', SUCCESS: '退款成功', ABNORMAL: '退款异常', CLOSED: '退款关闭' };
const THEIR_PAYMENT_STATUS_NAMES: Record<string, string> = { SUCCESS: '支付成功', REVOKED: '已撤销', 交易: '支付成功' };

/** A line's state in words for staff, whichever side said it (the provider's words for what we do not know). */
export function ledgerStatusName(side: 'ours' | 'theirs', lineKind: BillLineKind, status: string | null): string {
  if (status === null) return '—';
  if (lineKind === 'refund') return REFUND_STATUS_NAMES[status] ?? (status === '退款' ? '退款成功' : status);
  return (side === 'ours' ? OUR_PAYMENT_STATUS_NAMES : THEIR_PAYMENT_STATUS_NAMES)[status] ?? status;
}

/** The console's 对账 (docs/decisions/039-daily-bill-reconciliation.md): one run per provider and Beijing day. */
export const RECONCILIATION_PROVIDERS = ['wechatpay', 'alipay'] as const;
export type ReconciliationProvider = (typeof RECONCILIATION_PROVIDERS)[number];
export const RECONCILIATION_PROVIDER_NAMES: Record<ReconciliationProvider, string> = { wechatpay: '微信支付', alipay: '支付宝' };

export const RECONCILIATION_RUN_STATUSES = ['RUNNING', 'DONE', 'NO_BILL', 'NOT_READY', 'FAILED'] as const;
export const RECONCILIATION_RUN_STATUS_NAMES: Record<(typeof RECONCILIATION_RUN_STATUSES)[number], string> = {
  RUNNING: '对账中',
  DONE: '已对账',
  NO_BILL: '当日无账单',
  NOT_READY: '账单未生成',
  FAILED: '对账失败',
};
