import { AppError, type ConsoleReconciliationDay, type ConsoleReconciliationRerun } from '@kuaibao/domain';
import { writeAudit } from '../audit/index.ts';
import type { ReconciliationService } from '../payment/index.ts';
import type { Db } from '../../db/query-helpers.ts';
import { assertCan, type Actor } from '../staff/index.ts';

/** The console's 对账 over the payment module's reconciliation: admins read a day and re-run it. */
export interface ConsoleReconciliationService {
  day(actor: Actor, date: string | undefined): Promise<ConsoleReconciliationDay>;
  rerun(actor: Actor, input: ConsoleReconciliationRerun): Promise<ConsoleReconciliationDay>;
}

export function createConsoleReconciliationService(deps: { db: Db; now: () => Date; reconciliation: ReconciliationService }): ConsoleReconciliationService {
  const { reconciliation } = deps;
  return {
    day(actor, date) {
      assertCan(actor, 'money.reconcile');
      return reconciliation.day(date);
    },
    async rerun(actor, input) {
      assertCan(actor, 'money.reconcile');
      const outcome = await reconciliation.runDay({ provider: input.provider, date: input.date, triggeredBy: `${actor.displayName}（${actor.username}）` });
      if (outcome === 'skipped') throw new AppError('CONSOLE_RECONCILIATION_BUSY');
      await writeAudit(deps.db, actor, { action: 'reconciliation.rerun', targetType: 'reconciliation', targetId: `${input.provider}:${input.date}`, after: { status: outcome.status, differences: outcome.differences } }, deps.now());
      return reconciliation.day(input.date);
    },
  };
}
