/**
 * The three services (docs/product/overview.md#services goods_type) and the texts the home sets by them: short name and
 * page title (the explanation is in goods-explanations.ts, the texts after purchase in order-texts.ts). Also the trust texts of
 * docs/product/trust-and-personal-data.md that stand on every page where the visitor decides or pays.
 */

/** 'license_destory' keeps the spec's (and the wire's) spelling. */
export const GOODS_TYPES = ['license_year', 'license_destory', 'credit_repair'] as const;
export type GoodsType = (typeof GOODS_TYPES)[number];

export function isGoodsType(value: unknown): value is GoodsType {
  return typeof value === 'string' && (GOODS_TYPES as readonly string[]).includes(value);
}

export const OFFICIAL_CHANNEL_NAME = '国家企业信用信息公示系统';
export const OFFICIAL_CHANNEL_URL = 'https://www.gsxt.gov.cn';

/**
 * We are a paid agent, not the authority (docs/product/trust-and-personal-data.md); each service
 * then says where it is free (thirdPartyDisclosure, official-channels.ts).
 */
export const THIRD_PARTY_DISCLOSURE = '本平台为第三方代办服务机构，提供有偿代办服务，并非政府或登记机关网站。';

/**
 * What our price is called wherever it is shown (home, /pay, the desktop dialog, success, receipt,
 * progress): never 申报金额 or 补报金额, which read like an official charge (filing is free).
 */
export const FEE_LABEL = '代办服务费';

export const NEVER_ASK_TEXT = '我们不会以任何理由向您索要银行卡号、支付密码或短信验证码，请谨防诈骗。';

/** The promises of docs/product/overview.md that hold for every service, stated the same way everywhere. */
export const PROMISES = ['办理失败，全额退款', '付款后24小时内专员致电联系', '办理进度短信通知法定代表人手机'] as const;

/**
 * What the home page calls a service, before it is bought (its explanation is in goods-explanations.ts,
 * the texts after purchase in order-texts.ts).
 */
export type GoodsTexts = {
  /** Short name for tabs, tables and the receipt's filing content when no goods name is known. */
  shortName: string;
  pageTitle: string;
};

const TEXTS: Record<GoodsType, GoodsTexts> = {
  license_year: { shortName: '年报申报', pageTitle: '企业年报代办' },
  license_destory: { shortName: '执照注销', pageTitle: '营业执照注销代办' },
  credit_repair: { shortName: '信用修复', pageTitle: '企业信用修复代办' },
};

export function goodsTexts(type: GoodsType): GoodsTexts {
  return TEXTS[type];
}
