/**
 * What changes with proxy_version (docs/product/overview.md) and with the official-account variant (docs/product/screens.md
 * "Submit label by variant", "Payment"): palette, image names, button and label texts.
 */
import type { PLATFORMS } from './constants.ts';
import { daysUntilJuly } from './countdown.ts';

export const VARIANTS = ['v0', 'v1', 'v2'] as const;
export type Variant = (typeof VARIANTS)[number];

type PlatformValue = (typeof PLATFORMS)[number];

export function isVariant(value: unknown): value is Variant {
  return typeof value === 'string' && (VARIANTS as readonly string[]).includes(value);
}

export type VariantPalette = { primary: '#D1A961'; name: 'gold' } | { primary: '#4CAFE8'; name: 'blue' };

export function variantPalette(v: Variant): VariantPalette {
  return v === 'v2' ? { primary: '#4CAFE8', name: 'blue' } : { primary: '#D1A961', name: 'gold' };
}

/** v2 loads its own images: step1.svg → step1-v2.svg (the suffix goes before the extension). */
export function imageName(base: string, v: Variant): string {
  if (v !== 'v2') return base;
  const slash = base.lastIndexOf('/');
  const dot = base.lastIndexOf('.');
  return dot > slash + 1 ? `${base.slice(0, dot)}-v2${base.slice(dot)}` : `${base}-v2`;
}

export const LICENSE_TITLE = '营业执照年报年审年检';

export function reportButtonText(v: Variant): string {
  return v === 'v2' ? '立即提交' : '立即申报';
}

export function homeSubtitle(v: Variant): string {
  return v === 'v0' ? '网上快报平台' : '快速代办平台';
}

/** The report icon and the /report screen do not exist for v2. */
export function isReportHidden(v: Variant): boolean {
  return v === 'v2';
}

function isBeforeJuly(now: Date): boolean {
  return daysUntilJuly(now) > 0;
}

/**
 * The home submit button. The official-account variant has its own rule and wins over the
 * palette variant: 立即办理 while days until 1 July are above 0, else 补报年报. Otherwise v0:
 * 立即办理 before 1 July, 逾期补报 after; v1: 填写年报; v2: 立即填写.
 */
export function submitLabel({ variant, platform, now }: { variant: Variant; platform: PlatformValue; now: Date }): string {
  if (platform === 'wx-oa') return isBeforeJuly(now) ? '立即办理' : '补报年报';
  if (variant === 'v0') return isBeforeJuly(now) ? '立即办理' : '逾期补报';
  if (variant === 'v1') return '填写年报';
  return '立即填写';
}

/** The label in front of the fee on the payment page. */
export function amountLabel({ variant, now }: { variant: Variant; now: Date }): string {
  if (variant === 'v0') return isBeforeJuly(now) ? '申报金额' : '补报金额';
  if (variant === 'v1') return '支付金额';
  return '代办金额';
}

/** v0 and v1 show the red countdown to 1 July (or days overdue) beside the fee. */
export function showsPayCountdown(v: Variant): boolean {
  return v === 'v0' || v === 'v1';
}
