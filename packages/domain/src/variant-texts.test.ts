import { describe, expect, it } from 'vitest';
import {
  LICENSE_TITLE,
  VARIANTS,
  homeSubtitle,
  imageName,
  isReportHidden,
  isVariant,
  reportButtonText,
  submitLabel,
  variantPalette,
} from './variant-texts.ts';

const JUNE_30 = new Date('2026-06-30T23:00:00+08:00');
/** Still 30 June in UTC, already 1 July in Shanghai. */
const JULY_1 = new Date('2026-06-30T16:30:00Z');

describe('variants', () => {
  it('are v0, v1, v2', () => {
    expect(VARIANTS).toEqual(['v0', 'v1', 'v2']);
    expect(isVariant('v1')).toBe(true);
    expect(isVariant('v3')).toBe(false);
    expect(isVariant(undefined)).toBe(false);
  });

  it('use gold for v0 and v1, blue for v2', () => {
    expect(variantPalette('v0')).toEqual({ primary: '#D1A961', name: 'gold' });
    expect(variantPalette('v1')).toEqual({ primary: '#D1A961', name: 'gold' });
    expect(variantPalette('v2')).toEqual({ primary: '#4CAFE8', name: 'blue' });
  });

  it('suffix image names with -v2 for v2 only', () => {
    expect(imageName('step1.svg', 'v2')).toBe('step1-v2.svg');
    expect(imageName('step1.svg', 'v0')).toBe('step1.svg');
    expect(imageName('step1.svg', 'v1')).toBe('step1.svg');
    expect(imageName('/img/home.banner.png', 'v2')).toBe('/img/home.banner-v2.png');
    expect(imageName('/img.d/logo', 'v2')).toBe('/img.d/logo-v2');
    expect(imageName('.hidden', 'v2')).toBe('.hidden-v2');
  });

  it('word the report button, the subtitle and the licence title', () => {
    expect(VARIANTS.map(reportButtonText)).toEqual(['立即申报', '立即申报', '立即提交']);
    expect(VARIANTS.map(homeSubtitle)).toEqual(['网上快报平台', '快速代办平台', '快速代办平台']);
  });

  it('state the filing window under the title, not 年审年检 (the 年检 ended in 2014)', () => {
    expect(LICENSE_TITLE).toBe('每年1月1日至6月30日报送上一年度年度报告');
    expect(LICENSE_TITLE).not.toMatch(/年检|年审/);
  });

  it('hide the report screen for v2', () => {
    expect(VARIANTS.map(isReportHidden)).toEqual([false, false, true]);
  });

});

describe('submitLabel', () => {
  it('switches v0 at 1 July in Shanghai, without calling a company not yet chosen late', () => {
    expect(submitLabel({ goodsType: 'license_year', variant: 'v0', platform: 'web', now: JUNE_30 })).toBe('立即办理');
    expect(submitLabel({ goodsType: 'license_year', variant: 'v0', platform: 'web', now: JULY_1 })).toBe('补报年报');
  });

  it('never says 逾期: the button stands before any company is chosen', () => {
    for (const variant of VARIANTS) {
      for (const platform of ['web', 'wx-oa', 'wx-mp'] as const) {
        for (const now of [JUNE_30, JULY_1]) expect(submitLabel({ goodsType: 'license_year', variant, platform, now })).not.toMatch(/逾期/);
      }
    }
  });

  it('is fixed for v1 and v2', () => {
    for (const now of [JUNE_30, JULY_1]) {
      expect(submitLabel({ goodsType: 'license_year', variant: 'v1', platform: 'web', now })).toBe('填写年报');
      expect(submitLabel({ goodsType: 'license_year', variant: 'v2', platform: 'wx-mp', now })).toBe('立即填写');
    }
  });

  it('follows the official-account rule in wx-oa whatever the variant', () => {
    for (const variant of VARIANTS) {
      expect(submitLabel({ goodsType: 'license_year', variant, platform: 'wx-oa', now: JUNE_30 })).toBe('立即办理');
      expect(submitLabel({ goodsType: 'license_year', variant, platform: 'wx-oa', now: JULY_1 })).toBe('补报年报');
    }
  });
});

describe('labels of the services other than the annual report', () => {
  const others = [
    ['license_destory', '立即办理注销'],
    ['credit_repair', '立即办理修复'],
  ] as const;
  it('are their own in every palette, platform and season, and never speak of a report', () => {
    for (const [goodsType, submit] of others) {
      for (const variant of VARIANTS) {
        for (const now of [JUNE_30, JULY_1]) {
          for (const platform of ['web', 'wx-oa', 'wx-mp'] as const) expect(submitLabel({ goodsType, variant, platform, now })).toBe(submit);
        }
      }
      expect(submit).not.toMatch(/年报|申报|补报/);
    }
  });
});
