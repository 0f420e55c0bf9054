/**
 * The separate consent to processing the legal representative's ID number (sensitive personal
 * information: 《个人信息保护法》 articles 28–29, which ask for separate consent, and 30, which asks
 * to say why it is necessary and how it affects the person). Its own short text and version,
 * recorded on the order beside the agreement's (docs/decisions/050-separate-id-number-consent.md).
 * The text ships with the pages that show it, so its version does too: like the authorisation's
 * template (decision 035), a change of wording is a new version, and the server accepts only the
 * current one.
 */
export const ID_NUMBER_CONSENT_VERSION = 'sfz-2026-11';

export const ID_NUMBER_CONSENT_TITLE = '身份证号码处理授权';

export const ID_NUMBER_CONSENT_TEXT: readonly string[] = [
  '法定代表人（经营者）的身份证号码属于敏感个人信息，一旦泄露或被非法使用，可能危害人身和财产安全。',
  '为什么需要：登记机关办理年报、注销或信用修复时需要核验法定代表人身份，我们仅将其用于为本订单办理您选择的业务，并按需提交给登记机关或其办理系统。',
  '如何保护：加密存储；页面和短信中只显示部分号码；只有为您办理的专员在需要时查看完整号码，每次查看都有记录。',
  '保存多久：订单办结、关闭或退款后按《服务协议》“保存期限与删除”所列期限自动删除。',
  '您的权利：您可以不同意（将无法在线下单）；也可以在办理完成前联系客服撤回同意，撤回后将无法继续办理。',
];
