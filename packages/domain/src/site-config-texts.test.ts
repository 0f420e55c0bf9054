import { describe, expect, it } from 'vitest';
import { PAGE_VARIANT_TEXTS, SITE_CONFIG_TEXTS, pageVariantText, siteConfigHelp, siteConfigLabel } from './site-config-texts.ts';

describe('站点配置 in words', () => {
  it('names every setting in Chinese with help text, never by its key', () => {
    for (const [key, text] of Object.entries(SITE_CONFIG_TEXTS)) {
      expect(text.label, key).not.toMatch(/[a-z_]{3,}|\bv[0-2]\b/);
      expect(text.help.length, key).toBeGreaterThan(5);
      expect(siteConfigLabel(key)).toBe(text.label);
    }
    expect(siteConfigLabel('service_weixin')).toBe('客服微信');
    expect(siteConfigLabel('proxy_version')).toBe('页面风格');
    expect(siteConfigHelp('client.home.tips')).toContain('首页');
  });

  it('describes the page styles by what the visitor sees; an unknown key or value is not shown bare', () => {
    expect(Object.keys(PAGE_VARIANT_TEXTS)).toEqual(['v0', 'v1', 'v2']);
    expect(pageVariantText('v2')).toContain('蓝色');
    expect(pageVariantText('v0')).toContain('网上快报平台');
    expect(siteConfigLabel('constructor')).toBe('其他设置');
    expect(siteConfigHelp('toString')).toBe('');
  });
});
