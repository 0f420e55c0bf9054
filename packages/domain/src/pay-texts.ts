/**
 * The texts only the payment page and the desktop pay dialog show: the amount label, the countdown
 * beside it and the handling notes (docs/decisions/032-texts-per-service.md). A module of its own,
 * apart from variant-texts.ts and goods-texts.ts: a bundler places a module whole, and those travel
 * in the home route's script, which has a 90 kB budget.
 */
import { PROMISES, type GoodsType } from './goods-texts.ts';
import { isBeforeJuly, type Variant } from './variant-texts.ts';

const AMOUNT_LABELS: Record<Exclude<GoodsType, 'license_year'>, string> = {
  license_destory: '注销代办费',
  credit_repair: '修复代办费',
};

/** The label in front of the fee on the payment page. */
export function amountLabel({ goodsType, variant, now }: { goodsType: GoodsType; variant: Variant; now: Date }): string {
  if (goodsType !== 'license_year') return AMOUNT_LABELS[goodsType];
  if (variant === 'v0') return isBeforeJuly(now) ? '申报金额' : '补报金额';
  if (variant === 'v1') return '支付金额';
  return '代办金额';
}

/** The red countdown to 1 July (or days overdue) beside the fee: annual reports only, in v0 and v1. */
export function showsPayCountdown({ goodsType, variant }: { goodsType: GoodsType; variant: Variant }): boolean {
  return goodsType === 'license_year' && (variant === 'v0' || variant === 'v1');
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
