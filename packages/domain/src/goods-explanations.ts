import type { GoodsType } from './goods-texts.ts';

/*
 * The explanation paragraphs of the home page, by service (docs/product/texts.md#texts-per-service).
 * A module of their own: only the home's extras chunk shows them, and a bundler places a module whole,
 * so in goods-texts.ts they travelled in the home route's script (docs/decisions/011-home-route-budget.md).
 */
/*
 * Every legal claim names its source; docs/product/texts.md#legal-claims lists each with the
 * article's text and address. 《企业信息公示暂行条例》 is cited as revised on 10 March 2024 (in force
 * 1 May 2024), where the late-filing and false-filing consequences are article 18.
 */
const EXPLANATIONS: Record<GoodsType, readonly string[]> = {
  license_year: [
    '企业应当于每年1月1日至6月30日，通过国家企业信用信息公示系统报送上一年度年度报告并公示（《企业信息公示暂行条例》第八条）；个体工商户、农民专业合作社同样报送（《市场主体登记管理条例实施细则》第六十三条）。',
    '未按期公示年度报告的，列入经营异常名录，并依法给予行政处罚（《企业信息公示暂行条例》第十八条第一款），可以处1万元以下的罚款（《市场主体登记管理条例实施细则》第七十条）；在政府采购、工程招投标等工作中依法受到限制（条例第十九条）。',
    '年报隐瞒真实情况、弄虚作假的，处1万元以上5万元以下罚款；情节严重的，处5万元以上20万元以下罚款，列入市场监督管理严重违法失信名单（《企业信息公示暂行条例》第十八条第二款）。请如实填报。',
  ],
  license_destory: [
    '市场主体因解散等法定事由需要终止的，应当依法向登记机关申请注销登记（《市场主体登记管理条例》第三十一条）。注销可在当地政务服务网的“企业注销”专区免费自行办理。',
    '符合条件的可按简易程序注销：承诺书和注销申请在国家企业信用信息公示系统公示20日，无异议的可申请注销；个体工商户无需公示（《市场主体登记管理条例》第三十三条）。注销完成后，数据一般在1至3天内更新。',
    '付款后24小时内专员致电，说明注销所需材料和办理流程；办理失败全额退款。',
  ],
  credit_repair: [
    '信用修复是指依法移出经营异常名录、提前移出严重违法失信名单、提前停止公示行政处罚信息等（《市场监督管理信用修复管理办法》第二条）。',
    '可在国家企业信用信息公示系统免费申请信用修复；其他部门作出的行政处罚信息，可在“信用中国”网站免费申请修复。修复完成后，数据一般在15至30个工作日内更新。',
    '付款后24小时内专员致电，核实被列入的原因和移出条件；办理失败全额退款。',
  ],
};

export function goodsExplanation(type: GoodsType): readonly string[] {
  return EXPLANATIONS[type];
}
