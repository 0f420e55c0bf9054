/**
 * The home footer's three guarantee badges and what each one means (docs/product/texts.md#guarantee-badges):
 * each names a promise the product keeps and says how to claim it. No badge promises compensation
 * beyond the full refund of our fee when handling fails (PROMISES in goods-texts.ts): 虚假赔付 and
 * 欺诈赔付 read as payouts the product does not make, so they say what is actually kept.
 */
import { PROMISES } from './goods-texts.ts';
import { REPORT_HANDLING_DAYS } from './report.ts';

export interface GuaranteeBadge {
  /** The badge's words. */
  label: string;
  /** What it means, in one or two sentences. */
  meaning: string;
  /** How to claim it; the contact is shown beside it. */
  claim: string;
}

export const GUARANTEE_BADGES: readonly GuaranteeBadge[] = [
  {
    label: '维权援助',
    meaning: `对订单办理有疑问或不满意，可以随时找我们：客服专员会在${REPORT_HANDLING_DAYS}个工作日内核实处理，并告知处理结果。`,
    claim: '在“平台举报”中选择“售后问题”提交，或直接联系客服。您也可以向当地市场监督管理部门投诉（全国12315平台）。',
  },
  {
    label: '未办理全额退款',
    meaning: `${PROMISES[0]}：未能办成的订单，代办服务费全额原路退回，并短信通知下单手机号。`,
    claim: '在“平台举报”中选择“申请退款”并写明订单情况，或直接联系客服；专员核实后发起退款。',
  },
  {
    label: '防冒充收费',
    meaning: '本平台只收取页面上显示的代办服务费，只在本站支付页面付款，不会另行收费，也不会索要银行卡密码或短信验证码。',
    claim: '有人以本平台名义另行收费或索要验证码，请不要付款，在“平台举报”中选择“冒充身份”或“交易欺诈”提交，或联系客服核实。',
  },
];
