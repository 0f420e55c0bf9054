/**
 * 站点配置 as an admin reads it: each setting by its Chinese name with a sentence saying where the
 * visitor meets it, and the page versions by what they look like. The keys (`service_weixin`,
 * `client.home.tips`, `proxy_version`) stay the wire's and the database's; the console shows them
 * only as small secondary text. The audit log names a changed setting the same way.
 */
export interface SiteConfigText {
  label: string;
  help: string;
}

export const SITE_CONFIG_TEXTS: Readonly<Record<string, SiteConfigText>> = {
  'client.home.tips': { label: '首页滚动提示', help: '年报首页顶部滚动播放的提示文字（注销、信用修复页使用各自的说明）。' },
  'client.home.danmaku': { label: '首页滚动示例', help: '年报首页滚动展示的示例，每行一条。请勿写入虚构的客户动态。' },
  service_weixin: { label: '客服微信', help: '客户点“联系客服”时看到的微信二维码内容，或一个以 https:// 开头的客服链接。' },
  service_phone: { label: '客服电话', help: '客户可拨打的客服电话，显示在进度查询页和客服弹窗中。' },
  operator_name: { label: '运营主体名称', help: '营业执照上的名称，显示在页脚和服务协议中。' },
  operator_credit_code: { label: '运营主体统一社会信用代码', help: '营业执照上的18位代码，显示在页脚和授权委托书中。' },
  icp_filing: { label: 'ICP备案号', help: '显示在页脚，链接到工信部备案网站。' },
  police_filing: { label: '公安备案号', help: '可不填；填写后显示在页脚。' },
  proxy_version: { label: '页面风格', help: '客户看到的首页配色和标题；修改后客户刷新页面即生效。' },
};

/** The page versions (docs/product/overview.md) by what the visitor sees, in the order they are offered. */
export const PAGE_VARIANT_TEXTS: Readonly<Record<string, string>> = {
  v0: '金色 ·“网上快报平台”',
  v1: '金色 ·“快速代办平台”',
  v2: '蓝色 ·“快速代办平台”（不显示举报入口）',
};

/** A setting's name; a key without one is called 其他设置 rather than shown bare. */
export function siteConfigLabel(key: string): string {
  return (Object.hasOwn(SITE_CONFIG_TEXTS, key) ? SITE_CONFIG_TEXTS[key]?.label : undefined) ?? '其他设置';
}

export function siteConfigHelp(key: string): string {
  return (Object.hasOwn(SITE_CONFIG_TEXTS, key) ? SITE_CONFIG_TEXTS[key]?.help : undefined) ?? '';
}

export function pageVariantText(value: string): string {
  return (Object.hasOwn(PAGE_VARIANT_TEXTS, value) ? PAGE_VARIANT_TEXTS[value] : undefined) ?? `其他（${value}）`;
}
