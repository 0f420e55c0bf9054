import type { GoodsType } from './goods-texts.ts';

/*
 * The explanation paragraphs of the home page, by service (docs/product/texts.md#texts-per-service).
 * A module of their own: only the home's extras chunk shows them, and a bundler places a module whole,
 * so in goods-texts.ts they travelled in the home route's script (docs/decisions/011-home-route-budget.md).
 */
const EXPLANATIONS: Record<GoodsType, readonly string[]> = {
  license_year: [
    '企业、个体工商户和农民专业合作社应当于每年1月1日至6月30日，报送上一年度的年度报告。',
    '未按时报送年度报告的，可能被列入经营异常名录（个体工商户标记为经营异常状态），影响贷款、招投标和政府采购等。',
    '根据相关规定，未按规定报送、公示年度报告的，可能被处以1万元以上5万元以下罚款；情节严重的，可能被处以5万元以上20万元以下罚款。',
  ],
  license_destory: [
    '不再经营的企业和个体工商户应当及时办理注销登记，长期不经营又不注销，可能被列入经营异常名录、吊销营业执照。',
    '注销完成后，国家企业信用信息公示系统中的数据一般在1至3天内更新。',
    '付款后24小时内专员致电，说明注销所需材料和办理流程；办理失败全额退款。',
  ],
  credit_repair: [
    '信用修复是指将企业移出经营异常名录或严重违法失信名单，恢复正常的信用状态。',
    '修复完成后，国家企业信用信息公示系统中的数据一般在15至30个工作日内更新。',
    '付款后24小时内专员致电，核实被列入的原因和移出条件；办理失败全额退款。',
  ],
};

export function goodsExplanation(type: GoodsType): readonly string[] {
  return EXPLANATIONS[type];
}
