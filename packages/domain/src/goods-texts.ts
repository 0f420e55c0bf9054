/**
 * The three services (spec §1 goods_type) and the texts each one sets: page title, explanation,
 * receipt, result-checking remarks, success notice, /checkDetail block. Also the trust texts of
 * architecture §10 that stand on every page where the visitor decides or pays.
 */

/** 'license_destory' keeps the spec's (and the wire's) spelling. */
export const GOODS_TYPES = ['license_year', 'license_destory', 'credit_repair'] as const;
export type GoodsType = (typeof GOODS_TYPES)[number];

export function isGoodsType(value: unknown): value is GoodsType {
  return typeof value === 'string' && (GOODS_TYPES as readonly string[]).includes(value);
}

export const OFFICIAL_CHANNEL_NAME = '国家企业信用信息公示系统';
export const OFFICIAL_CHANNEL_URL = 'https://www.gsxt.gov.cn';

/** We are a paid agent, not the authority; filing yourself is free (architecture §10). */
export const THIRD_PARTY_DISCLOSURE = `本平台为第三方代办服务机构，提供有偿代办服务，并非政府或登记机关网站。企业也可以登录${OFFICIAL_CHANNEL_NAME}（${OFFICIAL_CHANNEL_URL}）自行免费办理。`;

export const NEVER_ASK_TEXT = '我们不会以任何理由向您索要银行卡号、支付密码或短信验证码，请谨防诈骗。';

/** The promises of spec §1, stated the same way everywhere. */
export const PROMISES = [
  '办理失败，全额退款',
  '付款后24小时内专员致电联系',
  '办理进度短信通知法定代表人手机',
  '年报提交后7个工作日内公示',
] as const;

export type GoodsTexts = {
  /** Short name for tabs, tables and the receipt's filing content when no goods name is known. */
  shortName: string;
  pageTitle: string;
  /** The explanation paragraphs on the home page. */
  explanation: readonly string[];
  receiptTitle: string;
  /** How to check the result on the official system, under the receipt. */
  remarks: readonly string[];
  /** Shown once the service is paid for (license_year: once the figures are filed). */
  successText: string;
  /** The block on /checkDetail for an order of this type. */
  infoBlock: { title: string; lines: readonly string[] };
};

const CALL_WITHIN_24_HOURS = '付款成功后，专员将在24小时内电话联系您，请保持电话畅通。';
const SMS_NOTICE = '办理进度将以短信通知法定代表人手机。';
const REFUND_ON_FAILURE = '如办理失败，将全额退款。';

const TEXTS: Record<GoodsType, GoodsTexts> = {
  license_year: {
    shortName: '年报申报',
    pageTitle: '企业年报代办',
    explanation: [
      '企业、个体工商户和农民专业合作社应当于每年1月1日至6月30日，报送上一年度的年度报告。',
      '未按时报送年度报告的，可能被列入经营异常名录（个体工商户标记为经营异常状态），影响贷款、招投标和政府采购等。',
      '根据相关规定，未按规定报送、公示年度报告的，可能被处以1万元以上5万元以下罚款；情节严重的，可能被处以5万元以上20万元以下罚款。',
    ],
    receiptTitle: '年报申报回执',
    remarks: [
      `年报公示后，可登录${OFFICIAL_CHANNEL_NAME}（${OFFICIAL_CHANNEL_URL}），搜索企业名称，在“年报信息”中查看上一年度的年度报告。`,
      '年报提交后一般在7个工作日内公示。',
    ],
    successText: '申报成功，将在7个工作日内公示。',
    infoBlock: {
      title: '年报办理说明',
      lines: [CALL_WITHIN_24_HOURS, '年报提交后7个工作日内在国家企业信用信息公示系统公示。', SMS_NOTICE, REFUND_ON_FAILURE],
    },
  },
  license_destory: {
    shortName: '执照注销',
    pageTitle: '营业执照注销代办',
    explanation: [
      '不再经营的企业和个体工商户应当及时办理注销登记，长期不经营又不注销，可能被列入经营异常名录、吊销营业执照。',
      '注销完成后，国家企业信用信息公示系统中的数据一般在1至3天内更新。',
      '付款后24小时内专员致电，说明注销所需材料和办理流程；办理失败全额退款。',
    ],
    receiptTitle: '营业执照注销回执',
    remarks: [
      `注销完成后1至3天，可登录${OFFICIAL_CHANNEL_NAME}（${OFFICIAL_CHANNEL_URL}），搜索企业名称，查看登记状态是否显示为“注销”。`,
    ],
    successText: '支付成功，专员将在24小时内电话联系您办理注销。',
    infoBlock: {
      title: '注销办理说明',
      lines: [CALL_WITHIN_24_HOURS, '注销完成后，相关数据一般在1至3天内更新。', SMS_NOTICE, REFUND_ON_FAILURE],
    },
  },
  credit_repair: {
    shortName: '信用修复',
    pageTitle: '企业信用修复代办',
    explanation: [
      '信用修复是指将企业移出经营异常名录或严重违法失信名单，恢复正常的信用状态。',
      '修复完成后，国家企业信用信息公示系统中的数据一般在15至30个工作日内更新。',
      '付款后24小时内专员致电，核实被列入的原因和移出条件；办理失败全额退款。',
    ],
    receiptTitle: '企业信息修复回执',
    remarks: [
      `修复完成后15至30个工作日，可登录${OFFICIAL_CHANNEL_NAME}（${OFFICIAL_CHANNEL_URL}），搜索企业名称，在“列入经营异常名录信息”或“列入严重违法失信名单（黑名单）信息”中查看移出记录。`,
    ],
    successText: '支付成功，专员将在24小时内电话联系您办理信用修复。',
    infoBlock: {
      title: '信用修复办理说明',
      lines: [CALL_WITHIN_24_HOURS, '移出经营异常名录或严重违法失信名单后，相关数据一般在15至30个工作日内更新。', SMS_NOTICE, REFUND_ON_FAILURE],
    },
  },
};

export function goodsTexts(type: GoodsType): GoodsTexts {
  return TEXTS[type];
}
