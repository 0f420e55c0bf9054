import { AppError, RECONCILIATION_PROVIDERS, previousShanghaiDate, reconcileDay, shanghaiHour, type ConsoleReconciliationDay, type ConsoleReconciliationRun, type MonthCloseRun, type ReconciliationProvider } from '@kuaibao/domain';
import type { FastifyBaseLogger } from 'fastify';
import { withAdvisoryLock } from '../../db/advisory-lock.ts';
import type { AppDatabase } from '../../db/database.ts';
import type { ReconciliationRunStatus } from '../../db/schema.ts';
import type { PaymentProviders } from '../../providers/payment/index.ts';
import type { PaymentProvider } from '../../providers/payment/port.ts';
import { orderPayments } from '../order/index.ts';
import { ledgerForDay } from './payment-ledger.ts';
import { reconciliationRepository } from './reconciliation.repository.ts';

/**
 * The daily reconciliation (docs/decisions/039-daily-bill-reconciliation.md): a provider's trade
 * bill for one Beijing day against our payment attempts and refunds. Each provider's day is one
 * run, replaced when it runs again (the job retries days not done; an admin may re-run any day).
 * A run holds the PostgreSQL advisory lock of its provider, so two instances (or the job and an
 * admin) never run the same provider at once.
 */
export interface RunDayResult {
  provider: ReconciliationProvider;
  date: string;
  status: ReconciliationRunStatus;
  differences: number;
}

export interface ReconciliationService {
  /** The providers with bills (the real ones configured). */
  providers(): ReconciliationProvider[];
  runDay(input: { provider: ReconciliationProvider; date: string; triggeredBy: string }): Promise<RunDayResult | 'skipped'>;
  /** The job's round: yesterday (Beijing) for each provider not yet done, once bills are ready. */
  runDue(): Promise<RunDayResult[]>;
  day(date: string | undefined): Promise<ConsoleReconciliationDay>;
}

/**
 * A bill's fees, charged less returned (decision 061): zero for no bill, null when a line with
 * money has no fee (a bill without the column), so month close says the fees are unknown.
 */
function billFees(lines: readonly { feeFen?: number }[], billRead: boolean): number | null {
  if (!billRead) return 0;
  let total = 0;
  for (const line of lines) {
    if (line.feeFen === undefined) return null;
    total += line.feeFen;
  }
  return total;
}

/** Days whose outcome is final; NOT_READY and FAILED are tried again by the next round. */
const SETTLED: readonly ReconciliationRunStatus[] = ['DONE', 'NO_BILL'];

export function reconciliationLockKey(database: AppDatabase, provider: string): string {
  return `kuaibao:reconciliation:${provider}:${database.kind === 'postgres' ? (database.schema ?? 'public') : ''}`;
}

export function createReconciliationService(deps: {
  database: AppDatabase;
  providers: PaymentProviders;
  now: () => Date;
  /** Beijing hour from which yesterday's bills are fetched (WeChat draws them up from 09:00, Alipay by then too). */
  readyHour: number;
  log: FastifyBaseLogger;
}): ReconciliationService {
  const { database, now, log } = deps;
  const db = database.db;

  function billProvider(provider: ReconciliationProvider): PaymentProvider & Required<Pick<PaymentProvider, 'downloadTradeBill'>> {
    const found = deps.providers.byId(provider);
    if (!found?.downloadTradeBill) throw new AppError('CONSOLE_RECONCILIATION_PROVIDER_NOT_CONFIGURED');
    return found as PaymentProvider & Required<Pick<PaymentProvider, 'downloadTradeBill'>>;
  }

  async function run(provider: ReconciliationProvider, date: string, triggeredBy: string): Promise<RunDayResult> {
    const adapter = billProvider(provider);
    const runId = await reconciliationRepository.startRun(db, { provider, date, triggeredBy, at: now().toISOString() });
    const finish = (status: ReconciliationRunStatus, error: string) => reconciliationRepository.finishRun(db, { id: runId, status, at: now().toISOString(), error });
    let bill: Awaited<ReturnType<typeof adapter.downloadTradeBill>>;
    try {
      bill = await adapter.downloadTradeBill({ date });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: error, provider, date }, 'trade bill download failed');
      await finish('FAILED', message);
      return { provider, date, status: 'FAILED', differences: 0 };
    }
    if (!bill.ok && bill.reason === 'NOT_READY') {
      await finish('NOT_READY', bill.message);
      return { provider, date, status: 'NOT_READY', differences: 0 };
    }
    // No bill means the provider saw nothing that day: every payment of ours that day is missing on theirs.
    const lines = bill.ok ? bill.lines : [];
    const ours = await ledgerForDay(db, {
      provider,
      date,
      outTradeNos: [...new Set(lines.filter((l) => l.kind === 'payment').map((l) => l.outTradeNo))],
      outRefundNos: [...new Set(lines.flatMap((l) => (l.kind === 'refund' && l.outRefundNo ? [l.outRefundNo] : [])))],
    });
    const result = reconcileDay(lines, ours);
    const status: ReconciliationRunStatus = bill.ok || result.differences.length > 0 ? 'DONE' : 'NO_BILL';
    await db.transaction().execute(async (trx) => {
      await reconciliationRepository.insertDifferences(trx, runId, result.differences);
      await reconciliationRepository.insertBillLines(trx, runId, lines);
      await reconciliationRepository.finishRun(trx, { id: runId, status, at: now().toISOString(), result, error: bill.ok ? '' : bill.message, feeFen: billFees(lines, bill.ok) });
    });
    if (result.differences.length > 0) log.warn({ provider, date, differences: result.differences.length }, 'reconciliation found differences');
    return { provider, date, status, differences: result.differences.length };
  }

  function toRun(row: NonNullable<Awaited<ReturnType<typeof reconciliationRepository.findRun>>>, differences: ConsoleReconciliationRun['differences']): ConsoleReconciliationRun {
    return {
      id: row.id,
      provider: row.provider as ReconciliationProvider,
      bill_date: row.bill_date,
      status: row.status,
      theirs: { payment_count: row.their_payment_count, payment_fen: row.their_payment_fen, refund_count: row.their_refund_count, refund_fen: row.their_refund_fen },
      ours: { payment_count: row.our_payment_count, payment_fen: row.our_payment_fen, refund_count: row.our_refund_count, refund_fen: row.our_refund_fen },
      matched_count: row.matched_count,
      difference_count: row.difference_count,
      error: row.error,
      triggered_by: row.triggered_by,
      started_at: row.started_at,
      finished_at: row.finished_at,
      differences,
    };
  }

  const service: ReconciliationService = {
    providers() {
      return (['wechatpay', 'alipay'] as const).filter((id) => deps.providers.byId(id)?.downloadTradeBill !== undefined);
    },

    async runDay({ provider, date, triggeredBy }) {
      billProvider(provider);
      return withAdvisoryLock(database, reconciliationLockKey(database, provider), () => run(provider, date, triggeredBy));
    },

    async runDue() {
      const at = now();
      if (shanghaiHour(at) < deps.readyHour) return [];
      const date = previousShanghaiDate(at);
      const results: RunDayResult[] = [];
      for (const provider of service.providers()) {
        const existing = await reconciliationRepository.findRun(db, provider, date);
        if (existing && SETTLED.includes(existing.status)) continue;
        const outcome = await service.runDay({ provider, date, triggeredBy: 'system' });
        if (outcome !== 'skipped') results.push(outcome);
      }
      return results;
    },

    async day(date) {
      const chosen = date ?? (await reconciliationRepository.latestDate(db)) ?? previousShanghaiDate(now());
      const runs = await reconciliationRepository.runsOfDay(db, chosen);
      const differences = await reconciliationRepository.differencesOf(db, runs.map((r) => r.id));
      const orderNos = new Map<number, string>();
      for (const orderId of new Set(differences.flatMap((d) => (d.order_id === null ? [] : [d.order_id])))) {
        const order = await orderPayments.findById(db, orderId);
        if (order) orderNos.set(orderId, order.out_trade_no);
      }
      return {
        date: chosen,
        runs: runs.map((row) =>
          toRun(
            row,
            differences
              .filter((d) => d.run_id === row.id)
              .map((d) => ({
                id: d.id,
                kind: d.kind,
                line_kind: d.line_kind,
                out_trade_no: d.out_trade_no,
                out_refund_no: d.out_refund_no,
                order_id: d.order_id,
                order_no: d.order_id === null ? null : (orderNos.get(d.order_id) ?? null),
                their_amount_fen: d.their_amount_fen,
                our_amount_fen: d.our_amount_fen,
                their_status: d.their_status,
                our_status: d.our_status,
              })),
          ),
        ),
      };
    },
  };
  return service;
}

/** The runs of the days from `from` to `to` in month close's terms (decision 061). */
export async function monthCloseRuns(db: AppDatabase['db'], from: string, to: string): Promise<MonthCloseRun[]> {
  const rows = await reconciliationRepository.runsBetween(db, from, to);
  return rows.flatMap((row) =>
    (RECONCILIATION_PROVIDERS as readonly string[]).includes(row.provider)
      ? [
          {
            provider: row.provider as ReconciliationProvider,
            date: row.bill_date,
            status: row.status,
            paymentCount: row.their_payment_count,
            paymentFen: row.their_payment_fen,
            refundCount: row.their_refund_count,
            refundFen: row.their_refund_fen,
            feeFen: row.their_fee_fen,
            differenceCount: row.difference_count,
          },
        ]
      : [],
  );
}
