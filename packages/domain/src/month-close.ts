import { RECONCILIATION_PROVIDERS, type ReconciliationProvider } from './reconciliation.ts';

/**
 * Month close (月结, docs/decisions/061-exports-for-accountants.md): one month's settlement per
 * channel, summed from the daily reconciliation runs (decision 039), each a provider's trade bill
 * of one Beijing day. 收入 is what the bills show paid, 退款 what they show refunded, 手续费 the
 * fees they charged (net of fees returned with refunds), 净额 = 收入 − 退款 − 手续费, all in fen.
 * Pure: the caller reads the runs.
 */

/** What one provider's run of one day said (a row of reconciliation_runs). */
export interface MonthCloseRun {
  provider: ReconciliationProvider;
  /** YYYY-MM-DD, Beijing */
  date: string;
  status: 'RUNNING' | 'DONE' | 'NO_BILL' | 'NOT_READY' | 'FAILED';
  paymentCount: number;
  paymentFen: number;
  refundCount: number;
  refundFen: number;
  /** the bill's fees, fen; null when the bill did not carry them (a run from before they were kept) */
  feeFen: number | null;
  differenceCount: number;
}

/** Why a day is not reconciled yet. */
export type UnreconciledReason = 'NO_RUN' | 'NOT_READY' | 'FAILED' | 'RUNNING' | 'DIFFERENCES';

export const UNRECONCILED_REASON_NAMES: Record<UnreconciledReason, string> = {
  NO_RUN: '未对账（无账单）',
  NOT_READY: '账单未生成',
  FAILED: '对账失败',
  RUNNING: '对账中',
  DIFFERENCES: '有未核实差异',
};

export interface UnreconciledDay {
  date: string;
  reason: UnreconciledReason;
  /** DIFFERENCES only: how many */
  differences: number;
}

/** One channel's day in the settlement: what its bill said and whether it is reconciled. */
export interface SettlementDay {
  date: string;
  /** null: reconciled; 'NOT_DUE': no bill can exist yet */
  unreconciled: UnreconciledReason | 'NOT_DUE' | null;
  paymentCount: number;
  incomeFen: number;
  refundCount: number;
  refundFen: number;
  /** null when unknown */
  feeFen: number | null;
  netFen: number;
}

export interface ChannelSettlement {
  provider: ReconciliationProvider;
  /** every day of the month, in order */
  days: SettlementDay[];
  paymentCount: number;
  incomeFen: number;
  refundCount: number;
  refundFen: number;
  feeFen: number;
  /** 收入 − 退款 − 手续费 */
  netFen: number;
  /** days whose bill held money but no fees (fees unknown for them: the total is a floor) */
  daysWithoutFees: string[];
  /** the month's days up to `lastBillDay` that are not reconciled, oldest first */
  unreconciledDays: UnreconciledDay[];
  /** days reconciled (DONE without differences, or NO_BILL: the provider had nothing that day) */
  reconciledDays: number;
}

export interface MonthSettlement {
  /** YYYY-MM */
  month: string;
  /** the month's days a bill can exist for yet (up to the day before today, Beijing) */
  dueDays: number;
  /** days of the month in all */
  monthDays: number;
  channels: ChannelSettlement[];
  total: { incomeFen: number; refundFen: number; feeFen: number; netFen: number };
  /** every due day of every channel reconciled, and the month over: the figures are final */
  closed: boolean;
}

const MONTH = /^(\d{4})-(\d{2})$/;

/** The days of a month `YYYY-MM` as `YYYY-MM-DD`; undefined for a malformed month. */
export function daysOfMonth(month: string): string[] | undefined {
  const match = MONTH.exec(month);
  if (!match) return undefined;
  const year = Number(match[1]);
  const m = Number(match[2]);
  if (m < 1 || m > 12) return undefined;
  const count = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** A run that settles its day: the bill was read and agrees, or the provider had no trades. */
function reasonOf(run: MonthCloseRun | undefined): UnreconciledReason | null {
  if (!run) return 'NO_RUN';
  switch (run.status) {
    case 'NO_BILL':
      return null;
    case 'DONE':
      return run.differenceCount > 0 ? 'DIFFERENCES' : null;
    default:
      return run.status;
  }
}

/**
 * The settlement of `month` from its runs. `lastBillDay` is the newest day a bill can exist for
 * (yesterday, Beijing): later days are not due and not called out. Runs outside the month are ignored.
 */
export function monthSettlement(input: { month: string; lastBillDay: string; runs: readonly MonthCloseRun[]; providers?: readonly ReconciliationProvider[] }): MonthSettlement | undefined {
  const days = daysOfMonth(input.month);
  if (!days) return undefined;
  const due = days.filter((day) => day <= input.lastBillDay);
  const providers = input.providers ?? RECONCILIATION_PROVIDERS;
  const channels = providers.map((provider): ChannelSettlement => {
    const byDay = new Map(input.runs.filter((r) => r.provider === provider && r.date.startsWith(`${input.month}-`)).map((r) => [r.date, r]));
    const channel: ChannelSettlement = { provider, days: [], paymentCount: 0, incomeFen: 0, refundCount: 0, refundFen: 0, feeFen: 0, netFen: 0, daysWithoutFees: [], unreconciledDays: [], reconciledDays: 0 };
    for (const day of days) {
      const run = byDay.get(day);
      const read = run && (run.status === 'DONE' || run.status === 'NO_BILL') ? run : undefined;
      const dayFee = read ? read.feeFen : null;
      const reasonOfDay = day > input.lastBillDay ? 'NOT_DUE' : reasonOf(run);
      channel.days.push({
        date: day,
        unreconciled: reasonOfDay,
        paymentCount: read?.paymentCount ?? 0,
        incomeFen: read?.paymentFen ?? 0,
        refundCount: read?.refundCount ?? 0,
        refundFen: read?.refundFen ?? 0,
        feeFen: read ? dayFee : null,
        netFen: (read?.paymentFen ?? 0) - (read?.refundFen ?? 0) - (dayFee ?? 0),
      });
      // A run's money counts whatever its outcome (what the bill said); a day not due has none.
      if (read) {
        channel.paymentCount += read.paymentCount;
        channel.incomeFen += read.paymentFen;
        channel.refundCount += read.refundCount;
        channel.refundFen += read.refundFen;
        if (read.feeFen === null) {
          if (read.paymentCount + read.refundCount > 0) channel.daysWithoutFees.push(day);
        } else channel.feeFen += read.feeFen;
      }
      if (day > input.lastBillDay) continue;
      const reason = reasonOf(run);
      if (reason === null) channel.reconciledDays += 1;
      else channel.unreconciledDays.push({ date: day, reason, differences: reason === 'DIFFERENCES' ? run!.differenceCount : 0 });
    }
    channel.netFen = channel.incomeFen - channel.refundFen - channel.feeFen;
    return channel;
  });
  const sum = (pick: (c: ChannelSettlement) => number) => channels.reduce((total, c) => total + pick(c), 0);
  return {
    month: input.month,
    dueDays: due.length,
    monthDays: days.length,
    channels,
    total: { incomeFen: sum((c) => c.incomeFen), refundFen: sum((c) => c.refundFen), feeFen: sum((c) => c.feeFen), netFen: sum((c) => c.netFen) },
    closed: due.length === days.length && channels.every((c) => c.unreconciledDays.length === 0),
  };
}
