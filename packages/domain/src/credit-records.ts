/**
 * The record a 信用修复 order repairs (docs/product/registration-status.md#信用修复-the-record-to-repair):
 * the three kinds of the 市场监督管理信用修复管理办法 (2021), asked before paying, stored on the order.
 */
export const CREDIT_RECORD_TYPES = ['business_anomaly', 'serious_violation', 'administrative_penalty'] as const;
export type CreditRecordType = (typeof CREDIT_RECORD_TYPES)[number];

export const CREDIT_RECORD_LABELS: Readonly<Record<CreditRecordType, string>> = {
  business_anomaly: '经营异常名录',
  serious_violation: '严重违法失信名单',
  administrative_penalty: '行政处罚',
};

/** What each choice means, under its label on the form. */
export const CREDIT_RECORD_HINTS: Readonly<Record<CreditRecordType, string>> = {
  business_anomaly: '如未按时年报、地址无法联系被列入，申请移出',
  serious_violation: '申请提前移出严重违法失信名单',
  administrative_penalty: '申请提前停止公示行政处罚信息',
};

export function isCreditRecordType(value: unknown): value is CreditRecordType {
  return typeof value === 'string' && (CREDIT_RECORD_TYPES as readonly string[]).includes(value);
}

/** The label of a stored value; '' for none (other services) and for a value we no longer know. */
export function creditRecordLabel(value: string | null | undefined): string {
  return isCreditRecordType(value) ? CREDIT_RECORD_LABELS[value] : '';
}
