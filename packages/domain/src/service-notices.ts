import type { JulyCountdown } from './countdown.ts';
import type { GoodsType } from './goods-texts.ts';
import { thirdPartyDisclosure } from './official-channels.ts';

/*
 * The home's notices by service (docs/product/texts.md#texts-per-service): the filing-window banner,
 * the scrolling notice (marquee) and the sample lines of the services whose words are not the site
 * config's, and each service's own free official channel. A module of its own: only the home's
 * extras chunk and the pages after it read these, so the home route's script does not carry them
 * (docs/decisions/011-home-route-budget.md). Every legal claim here is listed with its article in
 * docs/product/texts.md#legal-claims.
 */

/**
 * The phone home's banner before any company is chosen (the countdown to 1 July, then the days since
 * the window closed): true of every company, so never 逾期 (docs/product/texts.md#legal-claims).
 */
export const FILING_WINDOW_BANNER = {
  leftLabel: '距本年度年报报送截止（6月30日）还有',
  closedLabel: '本年度年报报送期已于6月30日结束，至今已过',
  note: '每年1月1日至6月30日报送上一年度年度报告',
  closedNote: '每年1月1日至6月30日报送上一年度年度报告；未按时报送的，仍可补报',
} as const;

/** The banner as one line, as a visitor reads it on `countdown`'s day. */
export function filingWindowBannerText(countdown: JulyCountdown): string {
  const words = FILING_WINDOW_BANNER;
  const [label, note] = countdown.kind === 'left' ? [words.leftLabel, words.note] : [words.closedLabel, words.closedNote];
  return `${label}${countdown.days}天 ${note}`;
}

/** The service's "we are an agent; here is where it is free" notice (the marquee of cancellation and credit repair). */
export function freeChannelNotice(type: GoodsType): string {
  return thirdPartyDisclosure(type);
}

/**
 * The scrolling notice on the home: the site config's `client.home.tips` is the annual report's
 * (staff edit it in the console); the other services always say their own free channel, never the
 * annual report's.
 */
export function homeMarqueeText(type: GoodsType, configuredTips: string): string {
  if (type === 'license_year' && configuredTips.trim()) return configuredTips;
  return freeChannelNotice(type);
}

/** Sample lines of the services other than the annual report (whose lines are `client.home.danmaku`). */
const SAMPLES: Record<Exclude<GoodsType, 'license_year'>, readonly string[]> = {
  license_destory: [
    '不再经营的，应当依法办理注销登记',
    '注销可在当地政务服务网免费自行办理',
    '符合条件的可按简易程序办理注销',
    '简易注销在国家企业信用信息公示系统公示20日',
    '个体工商户简易注销无需公示',
    '本平台为有偿代办，办理失败全额退款',
    '付款后24小时内专员致电联系',
    '我们不会索要银行卡号、支付密码或短信验证码',
    '注销数据一般1-3天内更新',
    '凭手机号可随时查询办理进度',
  ],
  credit_repair: [
    '补报未报年份年报并公示后，可申请移出经营异常名录',
    '信用修复可在国家企业信用信息公示系统免费申请',
    '其他部门的行政处罚信息可在“信用中国”网站申请修复',
    '本平台为有偿代办，办理失败全额退款',
    '付款后24小时内专员致电联系',
    '我们不会索要银行卡号、支付密码或短信验证码',
    '信用修复结果一般15-30个工作日内更新',
    '凭手机号可随时查询办理进度',
  ],
};

/** The home's sample lines for a service: the configured ones for the annual report, the service's own otherwise. */
export function homeSampleLines(type: GoodsType, configuredLines: readonly string[]): readonly string[] {
  return type === 'license_year' ? configuredLines : SAMPLES[type];
}
