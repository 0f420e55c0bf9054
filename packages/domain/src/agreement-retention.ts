import type { RetentionPeriods } from './retention.ts';

/**
 * The agreement's retention periods come from the retention settings, never from typed text
 * (docs/privacy-retention.md, docs/decisions/050-separate-id-number-consent.md): the agreement
 * holds this placeholder where its clauses go, and the server renders them from the periods the
 * sweep actually applies before any visitor reads the agreement.
 */
export const RETENTION_PLACEHOLDER = '{{保存期限}}';

/** One clause per purge of the retention sweep (docs/decisions/031-retention-sweep.md), numbered 1–3. */
export function retentionClauses(periods: RetentionPeriods): string[] {
  const idNumber =
    periods.idNumberDays > 0
      ? `身份证号码：订单办结（已完成、已结束）或退款后，自订单最后一次变更之日起保留${periods.idNumberDays}天，用于处理售后和争议，期满后自动删除。`
      : '身份证号码：订单办结或退款后不自动删除，您可以随时联系客服申请删除。';
  const unpaid =
    periods.unpaidDays > 0
      ? `未支付的订单：自订单最后一次变更之日起${periods.unpaidDays}天后，自动删除其中的手机号码、法定代表人姓名和身份证号码。`
      : '未支付的订单：其中的手机号码、法定代表人姓名和身份证号码不自动删除，您可以随时联系客服申请删除。';
  const events =
    periods.eventsDays > 0
      ? `访问统计记录（设备标识、访问来源、操作日志）：自记录之日起保存${periods.eventsDays}天，期满后自动删除。`
      : '访问统计记录（设备标识、访问来源、操作日志）：不自动删除，您可以随时联系客服申请删除。';
  return [idNumber, unpaid, events].map((clause, index) => `${index + 1}. ${clause}`);
}

/** The agreement as a visitor reads it: every placeholder replaced by the clauses of these periods. */
export function renderAgreementText(text: string, periods: RetentionPeriods): string {
  return text.includes(RETENTION_PLACEHOLDER) ? text.replaceAll(RETENTION_PLACEHOLDER, retentionClauses(periods).join('\n')) : text;
}
