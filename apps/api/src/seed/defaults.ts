/**
 * Default goods and site configuration written by the seed (idempotently: existing rows win, so
 * staff edits made in the console are never overwritten). Prices are integer fen.
 */
import { RETENTION_PLACEHOLDER } from '@kuaibao/domain';

export interface DefaultGoods {
  id: number;
  type: 'license_year' | 'license_destory' | 'credit_repair';
  name: string;
  price_fen: number;
  pay_types: string;
  sort: number;
  description: string;
}

export const DEFAULT_GOODS: readonly DefaultGoods[] = [
  {
    id: 1,
    type: 'license_year',
    name: '营业执照年报代办',
    price_fen: 19900,
    pay_types: 'weixin,alipay',
    sort: 1,
    description: '代为填报上一年度企业/个体工商户年度报告（含6月30日后补报），提交后7个工作日内公示；办理失败全额退款。',
  },
  {
    id: 2,
    type: 'license_destory',
    name: '营业执照注销代办',
    price_fen: 69900,
    pay_types: 'weixin,alipay',
    sort: 2,
    description: '代为办理营业执照简易注销或一般注销的材料准备与网上提交，登记信息1-3天内更新；办理失败全额退款。',
  },
  {
    id: 3,
    type: 'credit_repair',
    name: '信用修复代办',
    price_fen: 99900,
    pay_types: 'weixin,alipay',
    sort: 3,
    description: '代为申请移出经营异常名录或严重违法失信名单的信用修复，公示信息15-30个工作日内更新；办理失败全额退款。',
  },
];

/**
 * The first version of the service agreement and privacy notice (decision 034): the seed writes it
 * into `agreements` when there is none; the console publishes later versions. The version and its
 * effective date are shown above the text by the pages, so the text does not repeat them.
 */
export const FIRST_AGREEMENT_VERSION = '2025-07-01';

const PRIVACY_TEXT = `快报代办服务协议及个人信息保护说明

重要提示：本平台是由民营第三方机构运营的有偿代办服务平台，不是政府部门，也不是国家企业信用信息公示系统或任何政府网站，与市场监督管理部门没有隶属或合作关系。企业和个体工商户的年度报告可以通过国家企业信用信息公示系统（https://www.gsxt.gov.cn）免费自行填报；营业执照注销、移出经营异常名录等信用修复事项，也可以向登记机关免费自行申请办理。您在本平台下单，即表示您自愿委托本平台代为办理并支付服务费。请您在下单前仔细阅读本协议，特别是以“重要”标注的内容。

一、服务内容与费用
1. 本平台提供的代办服务包括：营业执照年度报告代办（含逾期补报）、营业执照注销代办、信用修复代办（申请移出经营异常名录或严重违法失信名单）。
2. 服务费以下单页面和支付页面显示的金额为准，为一次性费用，包含本次代办的全部服务，不另行收取其他费用。政府部门办理上述事项不收取费用，您支付的是本平台的代办服务费。
3. 付款后，专员将在24小时内通过您留下的手机号与您联系，核对办理信息。年度报告提交后一般在7个工作日内公示；注销登记信息一般在1-3天内更新；信用修复结果一般在15-30个工作日内更新。具体时间以登记机关的审核进度为准。
4. 办理进度可在“进度查询”中输入手机号查看，关键进度也会以短信通知法定代表人的手机。

二、您的承诺
1. 您应当是所办理主体的法定代表人、负责人或经其授权的人员，提供的信息真实、准确、完整。
2. 不得冒用他人身份或使用他人信息下单。因信息不实导致办理失败或产生法律责任的，由提供信息的一方承担。

三、我们收集哪些信息、为什么收集
1. 主体信息：企业或个体工商户名称、统一社会信用代码、法定代表人（经营者）姓名。用于确定办理对象，来源为您的输入或公开登记信息。
2. 法定代表人身份证号码：登记机关办理业务时需要核验法定代表人身份，仅用于本次代办。该信息属于敏感个人信息，我们会在页面上单独征求您的同意，并记录您同意的协议版本和时间。
3. 手机号码：用于联系您核对信息、发送办理进度短信和处理售后。
4. 年度报告数据：营业总收入、纳税总额、资产总额、从业人数等，仅在办理年度报告时由您填写，仅用于填报。
5. 订单与支付信息：订单号、服务项目、金额、支付方式、支付时间。支付由微信支付或支付宝完成，我们不会收到也不会保存您的银行卡号和支付密码。
6. 设备与访问信息：设备标识、访问来源、操作日志，用于防止欺诈、排查故障和统计服务质量。

四、我们从不索要
我们的工作人员不会以任何理由向您索要银行卡号、支付密码、短信验证码，也不会要求您向个人账户转账。遇到此类要求，请立即拒绝并联系客服或拨打12315、110。

五、信息的保存与保护
1. 您的信息存储在中华人民共和国境内的服务器上。身份证号码以加密形式存储，查询进度时仅显示部分号码。
2. 只有为您办理业务的工作人员可以按需访问您的信息，所有访问都有记录。
3. 如发生个人信息安全事件，我们会依法告知您并向主管部门报告。

六、保存期限与删除
${RETENTION_PLACEHOLDER}
4. 订单、支付和服务记录按照《中华人民共和国电子商务法》的要求，自交易完成之日起保存不少于三年，期满后删除或匿名化处理。
5. 您可以随时联系客服申请提前删除您的个人信息；法律法规要求保存的除外。

七、委托处理与共享
1. 为完成代办，我们会将必要信息提交给相应的登记机关或其指定的办理系统。
2. 我们会将手机号码和通知内容提供给短信服务商用于发送通知，将订单号和金额提供给支付机构用于完成支付和退款。以上合作方仅能按我们的要求处理信息。
3. 除上述情形和法律法规另有规定外，我们不会向任何第三方出售、出租或提供您的个人信息。

八、退款规则
1. 因本平台原因或登记机关不予受理等原因导致办理失败的，全额退款。
2. 付款后尚未开始办理的，您可以联系客服取消订单，全额退款。
3. 已经提交登记机关、因您提供的信息不实或您主动放弃导致无法完成的，我们会与您协商，扣除已发生的合理成本后退还余款。
4. 退款原路退回，一般在1-7个工作日内到账，具体以支付机构的处理时间为准。

九、您的权利
您可以查询、复制、更正、删除您的个人信息，撤回对处理身份证号码的同意（撤回后将无法继续办理），或要求注销相关记录。请通过客服联系我们，我们将在15个工作日内答复。

十、未成年人
本服务面向企业和个体工商户的经营者，不面向未满十八周岁的未成年人。

十一、同意与变更
勾选“我已阅读并同意”并提交订单，即表示您同意本协议；您对身份证号码处理的同意单独记录。本协议更新时，我们会在页面上提示新的版本，新版本仅适用于更新后提交的订单。

十二、联系我们与投诉
客服电话见本协议开头“服务提供方”一栏和页面底部（工作日9:00-18:00），也可以在页面上添加客服微信或通过“平台举报”提交投诉，我们会在3个工作日内处理。对处理结果不满意的，您可以向当地市场监督管理部门投诉（全国12315平台：https://www.12315.cn，电话12315）。`;

export const FIRST_AGREEMENT = { version: FIRST_AGREEMENT_VERSION, effective_date: FIRST_AGREEMENT_VERSION, text: PRIVACY_TEXT } as const;

/** Key → value of the corp-0 (default) site configuration. Values are stored as JSON text. */
export const DEFAULT_SITE_CONFIG: Readonly<Record<string, unknown>> = {
  // The annual report's tips: cancellation and credit repair say their own free channel (packages/domain/src/service-notices.ts).
  'client.home.tips':
    '本平台为第三方有偿代办服务平台，非政府官方网站；企业年报可在国家企业信用信息公示系统免费自行填报。年报时间：每年1月1日至6月30日。',
  // Sample lines (docs/product/screens.md) are facts and promises, not invented customer activity (docs/product/trust-and-personal-data.md).
  'client.home.danmaku': [
    '年报时间：每年1月1日至6月30日，报送上一年度报告',
    '个体工商户、农民专业合作社同样需要报送年报',
    '在国家企业信用信息公示系统可免费自行填报',
    '本平台为有偿代办，办理失败全额退款',
    '付款后24小时内专员致电联系',
    '我们不会索要银行卡号、支付密码或短信验证码',
    '未按期公示年报的企业列入经营异常名录（《企业信息公示暂行条例》第十八条）',
    '年报提交后7个工作日内公示',
    '注销数据一般1-3天内更新',
    '信用修复结果一般15-30个工作日内更新',
    '凭手机号可随时查询办理进度',
    '部分财务数据可选择公示或不公示',
  ],
  service_weixin: 'https://kf.example.com/kuaibao/weixin',
  service_phone: '400-000-0000',
  proxy_version: 'v0',
};

/**
 * The demo operator `npm start` shows (docs/decisions/047-operator-before-money.md): every value
 * says it is a demonstration, so the whole footer is visible on the embedded default while the
 * site is still no operator anyone could pay (operator-readiness.ts counts it as missing). Seeded
 * only outside production, and like the rest of the config only where a key has no value yet.
 */
export const DEMO_OPERATOR_CONFIG: Readonly<Record<string, string>> = {
  operator_name: '示例代办服务有限公司（演示）',
  operator_credit_code: '91110000MA00000000（演示）',
  icp_filing: '京ICP备00000000号-1（演示）',
};
