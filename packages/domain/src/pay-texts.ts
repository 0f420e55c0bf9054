/**
 * The texts only the payment page and the desktop pay dialog show: the countdown beside the fee
 * and the handling notes (the fee itself is always FEE_LABEL, goods-texts.ts) (docs/decisions/032-texts-per-service.md). A module of its own,
 * apart from variant-texts.ts and goods-texts.ts: a bundler places a module whole, and those travel
 * in the home route's script, which has a 90 kB budget.
 */
import type { JulyCountdown } from './countdown.ts';
import { PROMISES, type GoodsType } from './goods-texts.ts';
import type { Variant } from './variant-texts.ts';

/** The red countdown to 1 July (or days overdue) beside the fee: annual reports only, in v0 and v1. */
export function showsPayCountdown({ goodsType, variant }: { goodsType: GoodsType; variant: Variant }): boolean {
  return goodsType === 'license_year' && (variant === 'v0' || variant === 'v1');
}

/**
 * The countdown's words. 逾期 is said of the company only when the pre-check found its report not
 * published (`unpublishedYear`, docs/product/annual-report-precheck.md); otherwise, after 30 June,
 * only that the window has closed and a late report can still be filed: the company may have filed.
 */
export function payCountdownText(countdown: JulyCountdown, unpublishedYear: number | null): string {
  if (countdown.kind === 'left') return `距年报截止（6月30日）还有 ${countdown.days} 天`;
  if (unpublishedYear !== null) return `未查到该企业${unpublishedYear}年度报告公示，已逾期 ${countdown.days} 天`;
  return '本年度报送期已于6月30日结束，未报送的仍可补报';
}

/** When the official system shows the result: the last handling note, the one that differs by service. */
const PUBLISH_NOTES: Record<GoodsType, string> = {
  license_year: '年报提交后7个工作日内公示',
  license_destory: '注销完成后，公示系统一般在1至3天内更新',
  credit_repair: '修复完成后，公示系统一般在15至30个工作日内更新',
};

/**
 * The handling notes (办理须知) on /pay and in the desktop pay dialog: the common promises, then
 * when the service's result shows (docs/decisions/032-texts-per-service.md).
 */
export function handlingNotes(type: GoodsType): readonly string[] {
  return [...PROMISES, PUBLISH_NOTES[type]];
}
