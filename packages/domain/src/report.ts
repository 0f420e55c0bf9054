/** Platform reports (complaints) from the /report screen (docs/product/data.md#report, docs/product/validation.md). */

export const REPORT_TYPES = ['交易欺诈', '冒充身份', '其他问题'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const DEFAULT_REPORT_TYPE: ReportType = '交易欺诈';

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

export type ReportInput = { type: string; content: string; contact: string };
export type ValidReport = { type: ReportType; content: string; contact: string };
export type ReportError = 'REPORT_REASON_EMPTY' | 'REPORT_TOO_LONG' | 'REPORT_TYPE_INVALID';

/**
 * Trims the three fields. A blank type means the default (the first chip is preselected); any
 * other type must be one of the three. The reason is required; reason and contact are at most
 * 500 characters each. The contact is free text and optional (docs/product/validation.md).
 */
export function validateReport(input: ReportInput): { ok: true; value: ValidReport } | { ok: false; error: ReportError } {
  const typeText = input.type.trim();
  const type = typeText === '' ? DEFAULT_REPORT_TYPE : typeText;
  if (!isReportType(type)) return { ok: false, error: 'REPORT_TYPE_INVALID' };
  const content = input.content.trim();
  const contact = input.contact.trim();
  if (content === '') return { ok: false, error: 'REPORT_REASON_EMPTY' };
  if (reportTextLength(content) > REPORT_TEXT_MAX_LENGTH || reportTextLength(contact) > REPORT_TEXT_MAX_LENGTH) {
    return { ok: false, error: 'REPORT_TOO_LONG' };
  }
  return { ok: true, value: { type, content, contact } };
}
