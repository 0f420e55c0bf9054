/**
 * The visitor codes only the pages after the home route name: the declaration, the report form and
 * the payment page (docs/decisions/011-home-route-budget.md). They are part of ERROR_CATALOG
 * (errors.ts) like every code; they live in a module of their own because a bundler places a module
 * whole, and errors.ts travels in the home route's script, which has a 90 kB budget.
 */
import type { CatalogEntries } from './errors.ts';

export const PAGE_ERRORS = {
  /** A visitor's invoice request (invoice.ts, docs/decisions/060-invoices.md). */
  INVOICE_TYPE_INVALID: { code: 42200, status: 422, message: '请选择发票类型' },
  INVOICE_TITLE_REQUIRED: { code: 42201, status: 422, message: '请填写发票抬头' },
  INVOICE_TITLE_TOO_LONG: { code: 42202, status: 422, message: '发票抬头不能超过 100 字' },
  INVOICE_TAX_NUMBER_INVALID: { code: 42203, status: 422, message: '请填写正确的纳税人识别号（统一社会信用代码）' },
  INVOICE_EMAIL_INVALID: { code: 42204, status: 422, message: '请填写正确的电子邮箱' },
  INVOICE_BUYER_ADDRESS_REQUIRED: { code: 42205, status: 422, message: '专用发票请填写购买方地址和电话' },
  INVOICE_BUYER_BANK_REQUIRED: { code: 42206, status: 422, message: '专用发票请填写购买方开户银行和账号' },
  INVOICE_FIELD_TOO_LONG: { code: 42207, status: 422, message: '填写内容不能超过 100 字' },
  INVOICE_ORDER_NOT_PAID: { code: 40991, status: 409, message: '订单未支付，不能申请发票' },
  INVOICE_ORDER_REFUNDED: { code: 40992, status: 409, message: '订单已退款，不能申请发票' },
  INVOICE_ALREADY_REQUESTED: { code: 40993, status: 409, message: '该订单已申请发票，如需修改请更正申请' },
  INVOICE_NOT_EDITABLE: { code: 40994, status: 409, message: '发票已开具，不能再修改，如有错误请联系客服' },
  INVOICE_NOT_FOUND: { code: 40480, status: 404, message: '该订单还没有申请发票' },
  /** The download link is wrong, expired, or the invoice was cancelled (红冲). */
  INVOICE_FILE_UNAVAILABLE: { code: 40481, status: 404, message: '发票文件不存在或链接已失效' },
  /** Next year's reminder (reminder.ts, docs/decisions/065-next-season-reminder.md). */
  REMINDER_CONSENT_NOT_ALLOWED: { code: 40950, status: 409, message: '只有已支付的年报订单才能订阅明年年报季提醒' },
  REPORT_REASON_EMPTY: { code: 40014, status: 400, message: '请填写举报原因' },
  REPORT_TOO_LONG: { code: 40015, status: 400, message: '超出长度' },
  REPORT_TYPE_INVALID: { code: 40016, status: 400, message: '请选择举报类型' },
  DECLARATION_INCOMPLETE: { code: 40017, status: 400, message: '请填写完整内容' },
  DECLARATION_NOT_NUMBER: { code: 40018, status: 400, message: '请填写数字' },
  DECLARATION_EMPLOYEES_MIN: { code: 40019, status: 400, message: '从业人数至少为1人' },
  DECLARATION_FIELD_UNKNOWN: { code: 40020, status: 400, message: '请填写完整内容' },
  DECLARATION_FEMALE_OVER_TOTAL: { code: 40027, status: 400, message: '女性从业人数不能多于从业人数' },
  DECLARATION_INSURED_OVER_TOTAL: { code: 40028, status: 400, message: '参保人数不能多于从业人数' },
  /** 注销 needs the visitor's confirmed authorisation (docs/decisions/035-cancellation-authorisation.md). */
  AUTHORIZATION_REQUIRED: { code: 40023, status: 400, message: '请阅读并确认授权委托书' },
  AUTHORIZATION_NAME_MISMATCH: { code: 40024, status: 400, message: '签署姓名与法定代表人姓名不一致' },
  /**
   * The company's registration status rules the service out (service-refusal.ts,
   * docs/product/registration-status.md): the server's words and the home page's.
   */
  COMPANY_DEREGISTERED: { code: 40923, status: 409, message: '该企业已注销，主体资格已终止，无需也无法再办理年报、注销或信用修复' },
  COMPANY_REGISTRATION_WITHDRAWN: { code: 40924, status: 409, message: '该企业的登记已被撤销，无法办理年报、注销或信用修复，请向登记机关咨询' },
  COMPANY_REVOKED_ANNUAL_REPORT: { code: 40925, status: 409, message: '该企业营业执照已被吊销，本平台不代办其年报；吊销后企业应依法清算并办理注销，可改选“注销”服务' },
  /** 信用修复 needs the record to repair (credit-records.ts). */
  CREDIT_RECORD_REQUIRED: { code: 40026, status: 400, message: '请选择需要修复的信用记录' },
  /** The order named an agreement version that is no longer the current one (docs/decisions/034-versioned-agreements.md). */
  AGREEMENT_OUTDATED: { code: 40910, status: 409, message: '服务协议已更新，请阅读新版本并重新确认' },
  /**
   * In-app payment without the payer's openid: the WeChat login expired or its code was spent (a
   * mini-program opened with an old mpCode). /pay offers 重新登录 (docs/decisions/009-corp-and-mini-program.md).
   */
  WECHAT_LOGIN_EXPIRED: { code: 40186, status: 401, message: '微信登录已过期，请重新登录后再支付' },
  /** The ID number is sensitive: its processing needs a consent of its own (docs/decisions/050-separate-id-number-consent.md). */
  ID_NUMBER_CONSENT_REQUIRED: { code: 40029, status: 400, message: '请阅读并单独同意处理法定代表人身份证号码' },
  ID_NUMBER_CONSENT_OUTDATED: { code: 40927, status: 409, message: '身份证号码处理授权已更新，请刷新页面后重新确认' },
} as const satisfies CatalogEntries;

export type PageErrorCode = keyof typeof PAGE_ERRORS;

/** The message of a code those pages meet (the web app's lookup for them). */
export function pageErrorMessage(code: PageErrorCode): string {
  return PAGE_ERRORS[code].message;
}
