/** The agreement's name, in the form's link and on its modals. */
export const AGREEMENT_TITLE = '服务协议';
