import { OFFICIAL_CHANNEL_NAME, OFFICIAL_CHANNEL_URL, type GoodsType } from './goods-texts.ts';

/**
 * What the product says about a service once it is bought: the receipt, the remarks on checking
 * the result, the success notice and the /checkDetail block. Apart from the home's texts so the
 * home route does not carry them (decision 011).
 */
export type OrderTexts = {
  receiptTitle: string;
  /** How to check the result on the official system, under the receipt. */
  remarks: readonly string[];
  /** Shown once the service is paid for (license_year: once the figures reached the agent, who files them after checking). */
  successText: string;
  /** The block on /checkDetail for an order of this type. */
  infoBlock: { title: string; lines: readonly string[] };
};

const CALL_WITHIN_24_HOURS = '付款成功后，专员将在24小时内电话联系您，请保持电话畅通。';
const SMS_NOTICE = '办理进度将以短信通知法定代表人手机。';
const REFUND_ON_FAILURE = '如办理失败，将全额退款。';

const TEXTS: Record<GoodsType, OrderTexts> = {
  license_year: {
    receiptTitle: '年报申报回执',
    remarks: [
      `年报公示后，可登录${OFFICIAL_CHANNEL_NAME}（${OFFICIAL_CHANNEL_URL}），搜索企业名称，在“年报信息”中查看上一年度的年度报告。`,
      '年报提交后一般在7个工作日内公示。',
    ],
    // Nothing is filed yet: the figures go to a person, who checks them and files (decision 050).
    successText: '已提交给办理专员，核对后代为报送。专员将在24小时内电话联系您核对年报数据，核对无误后报送登记机关；报送后一般在7个工作日内公示，办理进度将以短信通知。',
    infoBlock: {
      title: '年报办理说明',
      lines: [CALL_WITHIN_24_HOURS, '年报提交后7个工作日内在国家企业信用信息公示系统公示。', SMS_NOTICE, REFUND_ON_FAILURE],
    },
  },
  license_destory: {
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

export function orderTexts(type: GoodsType): OrderTexts {
  return TEXTS[type];
}

/*
 * Who stands for a registered entity, as its registration calls them. The unified social credit
 * code says what it is (GB 32100-2015: the first character 9 is the market-regulation authority, the
 * second the kind: 1 enterprise, 2 个体工商户, 3 农民专业合作社), and 《市场主体登记管理条例》第八条
 * registers a 个体工商户's 经营者, not a 法定代表人. Here, beside the receipt's texts, because the pages
 * after the home that name the person already share this module; a module of its own became one more
 * chunk whose name the home route's script had to carry (decision 011).
 */

