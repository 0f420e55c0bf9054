import { VISITOR_ERRORS } from './errors.ts';
import type { GoodsType } from './goods-texts.ts';

/**
 * COMPANY_ALREADY_FILED in the words of each service (its catalog `message` is the annual report's,
 * as the spec words it; docs/decisions/032-texts-per-service.md). A module of its own, not part of
 * errors.ts: a bundler places a module whole, and errors.ts travels in the home route's script,
 * while only /pay needs these.
 */
export const ALREADY_ORDERED_MESSAGES: Readonly<Record<GoodsType, string>> = {
  license_year: VISITOR_ERRORS.COMPANY_ALREADY_FILED.message,
  license_destory: '当前公司已下单注销代办，无需重复下单',
  credit_repair: '当前公司已下单信用修复代办，无需重复下单',
};

/** The "already ordered" message in the words of the service the visitor chose. */
export function alreadyOrderedMessage(type: GoodsType): string {
  return ALREADY_ORDERED_MESSAGES[type];
}
