import { describe, expect, it } from 'vitest';
import { LICENSE_TITLE, submitLabel, VARIANTS } from './variant-texts.ts';
import { countdownToJuly } from './countdown.ts';
import { ORDER_LIST_TABS } from './constants.ts';
import { goodsExplanation } from './goods-explanations.ts';
import { FEE_LABEL, GOODS_TYPES, goodsTexts, PROMISES, THIRD_PARTY_DISCLOSURE } from './goods-texts.ts';
import { orderTexts } from './order-texts.ts';
import { handlingNotes, payCountdownText } from './pay-texts.ts';
import { thirdPartyDisclosure } from './official-channels.ts';
import { FILING_WINDOW_BANNER, filingWindowBannerText, freeChannelNotice, homeMarqueeText, homeSampleLines } from './service-notices.ts';

const JUNE_30 = new Date('2026-06-30T23:00:00+08:00');
const JULY_1 = new Date('2026-07-01T08:00:00+08:00');
const NOV_29 = new Date('2026-11-29T10:00:00+08:00');
const SEASONS = [new Date('2026-01-01T09:00:00+08:00'), JUNE_30, JULY_1, NOV_29];

/** Every text the visitor app takes from the domain for a service, before and after paying. */
function visitorTexts(): string[] {
  const texts: string[] = [LICENSE_TITLE, THIRD_PARTY_DISCLOSURE, FEE_LABEL, ...PROMISES, ...Object.values(FILING_WINDOW_BANNER), ...ORDER_LIST_TABS.map((t) => t.label)];
  for (const type of GOODS_TYPES) {
    const order = orderTexts(type);
    texts.push(...Object.values(goodsTexts(type)), ...goodsExplanation(type), ...handlingNotes(type), thirdPartyDisclosure(type), freeChannelNotice(type), ...homeSampleLines(type, []));
    texts.push(order.receiptTitle, order.successText, ...order.remarks, order.infoBlock.title, ...order.infoBlock.lines);
    for (const variant of VARIANTS) {
      for (const now of SEASONS) for (const platform of ['web', 'wx-oa', 'wx-mp'] as const) texts.push(submitLabel({ goodsType: type, variant, platform, now }));
    }
  }
  return texts;
}

describe('the visitor texts', () => {
  it('never say 年检 or 年审: the 年检 ended in 2014, replaced by the annual report', () => {
    for (const text of visitorTexts()) expect(text, text).not.toMatch(/年检|年审/);
  });

  it('never call our price anything but 代办服务费 (no 申报金额, 补报金额, 支付金额)', () => {
    for (const text of visitorTexts()) expect(text, text).not.toMatch(/申报金额|补报金额|支付金额|代办金额/);
  });

  it('say 逾期 of a company only when the pre-check found its report not published', () => {
    for (const text of visitorTexts()) expect(text, text).not.toMatch(/逾期/);
    for (const now of SEASONS) {
      expect(payCountdownText(countdownToJuly(now), null)).not.toMatch(/逾期/);
      expect(filingWindowBannerText(countdownToJuly(now))).not.toMatch(/逾期/);
    }
    expect(payCountdownText(countdownToJuly(NOV_29), 2025)).toMatch(/逾期/);
  });
});

describe('the filing-window banner before a company is chosen', () => {
  it('states the window plainly and counts down to 30 June', () => {
    expect(filingWindowBannerText(countdownToJuly(JUNE_30))).toBe('距本年度年报报送截止（6月30日）还有1天 每年1月1日至6月30日报送上一年度年度报告');
  });

  it('after 30 June says the window closed and late filing is still possible, without calling anyone late', () => {
    expect(filingWindowBannerText(countdownToJuly(NOV_29))).toBe(
      '本年度年报报送期已于6月30日结束，至今已过152天 每年1月1日至6月30日报送上一年度年度报告；未按时报送的，仍可补报',
    );
  });
});

describe('the home notices of each service', () => {
  it('the marquee: the configured tips for the annual report; every other service its own notice whatever is configured', () => {
    const tips = '企业年报可在国家企业信用信息公示系统免费自行填报';
    expect(homeMarqueeText('license_year', tips)).toBe(tips);
    expect(homeMarqueeText('license_year', ' ')).toBe(freeChannelNotice('license_year'));
    expect(homeMarqueeText('license_destory', tips)).toBe(freeChannelNotice('license_destory'));
    expect(homeMarqueeText('credit_repair', tips)).toBe(freeChannelNotice('credit_repair'));
  });

  it('the samples: the configured ones for the annual report; the others never talk about annual or 个体工商户 reports', () => {
    const configured = ['个体工商户、农民专业合作社同样需要报送年报'];
    expect(homeSampleLines('license_year', configured)).toBe(configured);
    for (const type of ['license_destory', 'credit_repair'] as const) {
      const lines = homeSampleLines(type, configured);
      expect(lines.length).toBeGreaterThanOrEqual(4);
      expect(lines.join('')).not.toMatch(/报送年报|年报时间|填报/);
    }
  });
});
