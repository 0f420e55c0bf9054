/**
 * What changes with proxy_version (docs/product/overview.md) and with the official-account variant (docs/product/screens.md
 * "Submit label by variant", "Payment"): palette, image names, button and label texts.
 */
import type { PLATFORMS } from './constants.ts';
import { daysUntilJuly } from './countdown.ts';
import type { GoodsType } from './goods-texts.ts';

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

/**
 * The line under the annual report's title: the filing window, said plainly before any company is
 * chosen (《企业信息公示暂行条例》第八条, docs/product/texts.md#legal-claims). Not 年审年检: the
 * 年检 ended in 2014, replaced by the annual report.
 */
export const LICENSE_TITLE = '每年1月1日至6月30日报送上一年度年度报告';

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

export function isBeforeJuly(now: Date): boolean {
  return daysUntilJuly(now) > 0;
}

/**
 * The spec words the submit button, the amount label and the pay countdown without the service:
 * they are the annual-report service's texts (docs/decisions/032-texts-per-service.md). The other
 * services say what they are, whatever the palette, and have no deadline to count down to. The
 * amount label and the countdown are in pay-texts.ts.
 */
const SUBMIT_LABELS: Record<Exclude<GoodsType, 'license_year'>, string> = {
  license_destory: '立即办理注销',
  credit_repair: '立即办理修复',
};

/**
 * The home submit button. Annual reports: the official-account variant has its own rule and wins
 * over the palette: 立即办理 while days until 1 July are above 0, else 补报年报. Otherwise v0:
 * 立即办理 before 1 July, 补报年报 after (not the spec's 逾期补报: before a company is chosen nobody
 * knows it is late, docs/product/texts.md#texts-per-palette); v1: 填写年报; v2: 立即填写. Other
 * services: their own label.
 */
export function submitLabel({ goodsType, variant, platform, now }: { goodsType: GoodsType; variant: Variant; platform: PlatformValue; now: Date }): string {
  if (goodsType !== 'license_year') return SUBMIT_LABELS[goodsType];
  if (platform === 'wx-oa') return isBeforeJuly(now) ? '立即办理' : '补报年报';
  if (variant === 'v0') return isBeforeJuly(now) ? '立即办理' : '补报年报';
  if (variant === 'v1') return '填写年报';
  return '立即填写';
}
