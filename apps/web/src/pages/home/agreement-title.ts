/** The agreement's name, in the form's link and on its modals. */
export const AGREEMENT_TITLE = '服务协议';
/** The separate ID-number consent's link, beside its own box (docs/decisions/050-separate-id-number-consent.md). */
export const ID_NUMBER_CONSENT_LINK = '身份证号码处理授权';
