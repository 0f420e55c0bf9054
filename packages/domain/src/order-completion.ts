/**
 * What stands between an order and 已完成 (docs/decisions/041-bulk-order-work-and-assignment.md,
 * 044-first-call-and-sla.md): the completion screenshot an admin made compulsory for the service,
 * the annual report's figures, and the warnings the single-order dialog shows (no screenshot, no
 * recorded call). One rule for the single move, the bulk move and the dialog.
 */
import { completionLacksDeclaration } from './order-handling.ts';
import { GOODS_TYPES, type GoodsType } from './goods-texts.ts';
import { PROCESS_STATUS } from './lifecycle/order.ts';

/**
 * Whether a service's completion needs a screenshot when no admin has said otherwise: a
 * cancellation (注销) is proved only by the registry's notice, so it is compulsory there.
 */
export const SCREENSHOT_REQUIRED_BY_DEFAULT: Readonly<Record<GoodsType, boolean>> = {
  license_year: false,
  license_destory: true,
  credit_repair: false,
};

/** The admin's choices per service (only those set); an unknown service needs none. */
export function screenshotRequiredFor(goodsType: string, chosen: Readonly<Partial<Record<string, boolean>>>): boolean {
  const choice = chosen[goodsType];
  if (choice !== undefined) return choice;
  return (GOODS_TYPES as readonly string[]).includes(goodsType) ? SCREENSHOT_REQUIRED_BY_DEFAULT[goodsType as GoodsType] : false;
}

/**
 * - SCREENSHOT_REQUIRED: the service needs a screenshot and there is none (refused, single or bulk);
 * - DECLARATION_MISSING: an annual report without the customer's figures (single: the clerk confirms);
 * - NO_SCREENSHOT / NO_CALL: the warnings of the single-order dialog (no screenshot, no call recorded).
 */
export type CompletionCheck = 'SCREENSHOT_REQUIRED' | 'DECLARATION_MISSING' | 'NO_SCREENSHOT' | 'NO_CALL';

export interface CompletionFacts {
  goods_type: string;
  entity_name: string;
  entity_extra: Record<string, string> | null;
  first_call_time: string | null;
  /** how many completion screenshots the order has */
  screenshots: number;
}

/** Everything the completion of this order should make the clerk stop at; empty for any other move. */
export function completionChecks(order: CompletionFacts, to: string, settings: { screenshotRequired: boolean }): CompletionCheck[] {
  if (to !== PROCESS_STATUS.completed) return [];
  const checks: CompletionCheck[] = [];
  if (order.screenshots === 0) checks.push(settings.screenshotRequired ? 'SCREENSHOT_REQUIRED' : 'NO_SCREENSHOT');
  if (completionLacksDeclaration(order, to)) checks.push('DECLARATION_MISSING');
  if (order.first_call_time === null) checks.push('NO_CALL');
  return checks;
}

/**
 * Which check refuses the move. A single move is made in the dialog that showed every warning: only
 * a compulsory screenshot, and the figures unless the clerk confirmed them, refuse it. A bulk move
 * shows no order's warnings, so each of them refuses that order, to be completed on its own page.
 */
export function completionRefusal(checks: readonly CompletionCheck[], move: { bulk: boolean; confirmedWithoutDeclaration: boolean }): CompletionCheck | undefined {
  if (checks.includes('SCREENSHOT_REQUIRED')) return 'SCREENSHOT_REQUIRED';
  if (checks.includes('DECLARATION_MISSING') && (move.bulk || !move.confirmedWithoutDeclaration)) return 'DECLARATION_MISSING';
  if (!move.bulk) return undefined;
  return checks.find((check) => check === 'NO_SCREENSHOT' || check === 'NO_CALL');
}
