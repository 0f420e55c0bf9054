/** Platform reports (complaints) from the /report screen (docs/product/data.md#report, docs/product/validation.md). */

/**
 * 举报 (someone cheating in our name) and, for our own customers, 售后问题 (the handling of an order)
 * and 申请退款 (the full refund promised when handling fails, docs/product/payments.md#refunds).
 */
export const REPORT_TYPES = ['交易欺诈', '冒充身份', '售后问题', '申请退款', '其他问题'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const DEFAULT_REPORT_TYPE: ReportType = '交易欺诈';

/** The time the report screen promises, in its intro and after sending (apps/web/src/pages/report/report-intro.tsx). */
export const REPORT_HANDLING_DAYS = 3;

/**
 * What happens after sending, per type (docs/product/validation.md#report): who reads it, within
 * the promised time, and how the answer comes. A refund is the promised one (办理失败，全额退款).
 */
export const REPORT_NEXT_STEPS: Readonly<Record<ReportType, string>> = {
  交易欺诈: `客服专员会在${REPORT_HANDLING_DAYS}个工作日内核实处理；留了联系方式的，结果会通过该方式告知您。`,
  冒充身份: `客服专员会在${REPORT_HANDLING_DAYS}个工作日内核实处理；留了联系方式的，结果会通过该方式告知您。`,
  售后问题: `客服专员会在${REPORT_HANDLING_DAYS}个工作日内查看您的订单并处理；留了联系方式的，结果会通过该方式告知您。`,
  申请退款: `客服专员会在${REPORT_HANDLING_DAYS}个工作日内核实订单的办理情况；办理失败的，服务费全额原路退回，并短信通知下单手机号。`,
  其他问题: `客服专员会在${REPORT_HANDLING_DAYS}个工作日内查看并处理；留了联系方式的，结果会通过该方式告知您。`,
};

/** For the reason and for the contact, each (docs/product/constants.md). */
export const REPORT_TEXT_MAX_LENGTH = 500;

export function isReportType(value: string): value is ReportType {
  return (REPORT_TYPES as readonly string[]).includes(value);
}

/**
 * Length as the counter shows it: in characters (code points), so an emoji counts once and a
 * text the textarea's UTF-16 maxlength accepted is never rejected here.
 */
export function reportTextLength(text: string): number {
  return Array.from(text).length;
}

/**
 * The company a complaint names when the visitor has no verified order to pick
 * (docs/decisions/056-complaints-on-the-right-order.md): free text, kept as typed, never matched to an order.
 */
export const REPORT_COMPANY_MAX_LENGTH = 100;

export type ReportInput = { type: string; content: string; contact: string; company?: string | undefined };
export type ValidReport = { type: ReportType; content: string; contact: string; company: string };
export type ReportError = 'REPORT_REASON_EMPTY' | 'REPORT_TOO_LONG' | 'REPORT_TYPE_INVALID';

/**
 * Trims the three fields. A blank type means the default (the first chip is preselected); any
 * other type must be one of REPORT_TYPES. The reason is required; reason and contact are at most
 * 500 characters each. The contact is free text and optional (docs/product/validation.md); so is the
 * company (at most 100).
 */
export function validateReport(input: ReportInput): { ok: true; value: ValidReport } | { ok: false; error: ReportError } {
  const typeText = input.type.trim();
  const type = typeText === '' ? DEFAULT_REPORT_TYPE : typeText;
  if (!isReportType(type)) return { ok: false, error: 'REPORT_TYPE_INVALID' };
  const content = input.content.trim();
  const contact = input.contact.trim();
  const company = (input.company ?? '').trim();
  if (content === '') return { ok: false, error: 'REPORT_REASON_EMPTY' };
  if (reportTextLength(content) > REPORT_TEXT_MAX_LENGTH || reportTextLength(contact) > REPORT_TEXT_MAX_LENGTH || reportTextLength(company) > REPORT_COMPANY_MAX_LENGTH) {
    return { ok: false, error: 'REPORT_TOO_LONG' };
  }
  return { ok: true, value: { type, content, contact, company } };
}
