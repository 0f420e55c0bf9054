/** The agreement's name, in the form's link and on its modals. */
export const AGREEMENT_TITLE = '服务协议';
/** The separate ID-number consent's box and the link to its text (docs/decisions/051-separate-id-number-consent.md). */
export const ID_NUMBER_CONSENT_LABEL = '我同意为本次办理处理法定代表人身份证号码';
export const ID_NUMBER_CONSENT_LINK = '身份证号码处理授权';
