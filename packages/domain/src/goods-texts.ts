/**
 * The three services (docs/product/overview.md#services goods_type) and the texts the home sets by them: short name, page
 * title, explanation (the texts after purchase are in order-texts.ts). Also the trust texts of
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

/** We are a paid agent, not the authority; filing yourself is free (docs/product/trust-and-personal-data.md). */
export const THIRD_PARTY_DISCLOSURE = `本平台为第三方代办服务机构，提供有偿代办服务，并非政府或登记机关网站。企业也可以登录${OFFICIAL_CHANNEL_NAME}（${OFFICIAL_CHANNEL_URL}）自行免费办理。`;

export const NEVER_ASK_TEXT = '我们不会以任何理由向您索要银行卡号、支付密码或短信验证码，请谨防诈骗。';

/** The promises of docs/product/overview.md that hold for every service, stated the same way everywhere. */
export const PROMISES = ['办理失败，全额退款', '付款后24小时内专员致电联系', '办理进度短信通知法定代表人手机'] as const;

/** What the home page says about a service, before it is bought (the texts after it are in order-texts.ts). */
export type GoodsTexts = {
  /** Short name for tabs, tables and the receipt's filing content when no goods name is known. */
  shortName: string;
  pageTitle: string;
  /** The explanation paragraphs on the home page. */
  explanation: readonly string[];
};

const TEXTS: Record<GoodsType, GoodsTexts> = {
  license_year: {
    shortName: '年报申报',
    pageTitle: '企业年报代办',
    explanation: [
      '企业、个体工商户和农民专业合作社应当于每年1月1日至6月30日，报送上一年度的年度报告。',
      '未按时报送年度报告的，可能被列入经营异常名录（个体工商户标记为经营异常状态），影响贷款、招投标和政府采购等。',
      '根据相关规定，未按规定报送、公示年度报告的，可能被处以1万元以上5万元以下罚款；情节严重的，可能被处以5万元以上20万元以下罚款。',
    ],
  },
  license_destory: {
    shortName: '执照注销',
    pageTitle: '营业执照注销代办',
    explanation: [
      '不再经营的企业和个体工商户应当及时办理注销登记，长期不经营又不注销，可能被列入经营异常名录、吊销营业执照。',
      '注销完成后，国家企业信用信息公示系统中的数据一般在1至3天内更新。',
      '付款后24小时内专员致电，说明注销所需材料和办理流程；办理失败全额退款。',
    ],
  },
  credit_repair: {
    shortName: '信用修复',
    pageTitle: '企业信用修复代办',
    explanation: [
      '信用修复是指将企业移出经营异常名录或严重违法失信名单，恢复正常的信用状态。',
      '修复完成后，国家企业信用信息公示系统中的数据一般在15至30个工作日内更新。',
      '付款后24小时内专员致电，核实被列入的原因和移出条件；办理失败全额退款。',
    ],
  },
};

export function goodsTexts(type: GoodsType): GoodsTexts {
  return TEXTS[type];
}
