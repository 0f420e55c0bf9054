/**
 * What staff read about the company directory's commercial source (docs/decisions/020-company-directory-vendor.md):
 * the vendor's statuses and the breaker's reasons in plain Chinese, and the cost ledger per day.
 */

/** 企查查's Status values and our own markers ('timeout', 'http', 'budget'), as a clerk reads them. */
export const DIRECTORY_VENDOR_STATUS_TEXTS: Readonly<Record<string, string>> = {
  '200': '查询成功',
  '201': '无结果',
  '101': '密钥无效',
  '102': '账户欠费',
  '107': 'IP未加白名单或签名错误',
  '109': '超过每日调用上限',
  '110': '重复的失败查询（暂停2小时）',
  '112': '接口额度已用完',
  '116': '超过每日调用上限',
  '120': '调用流量异常',
  '122': '并发超限',
  '213': '关键词少于2个字',
  timeout: '请求超时',
  http: '网络错误或应答无法识别',
  budget: '今日调用预算已用完',
};

export function directoryVendorStatusText(status: string): string {
  return DIRECTORY_VENDOR_STATUS_TEXTS[status] ?? `其他状态 ${status}`;
}

/** A vendor answer that brought data ('200') or a definite "nothing" ('201'); everything else is a failure. */
export function isDirectoryVendorAnswer(status: string): boolean {
  return status === '200' || status === '201';
}

export interface VendorLedgerRow {
  day: string;
  status: string;
  calls: number;
}

export interface VendorLedgerDay {
  day: string;
  /** every call, whatever its status: each one is billed */
  calls: number;
  answered: number;
  failed: number;
  by_status: Array<{ status: string; text: string; calls: number }>;
}

/** The ledger's rows grouped by day, newest first; statuses within a day by number of calls, most first. */
export function summarizeVendorLedger(rows: readonly VendorLedgerRow[]): VendorLedgerDay[] {
  const days = new Map<string, VendorLedgerDay>();
  for (const row of rows) {
    let day = days.get(row.day);
    if (!day) {
      day = { day: row.day, calls: 0, answered: 0, failed: 0, by_status: [] };
      days.set(row.day, day);
    }
    day.calls += row.calls;
    if (isDirectoryVendorAnswer(row.status)) day.answered += row.calls;
    else day.failed += row.calls;
    const same = day.by_status.find((s) => s.status === row.status);
    if (same) same.calls += row.calls;
    else day.by_status.push({ status: row.status, text: directoryVendorStatusText(row.status), calls: row.calls });
  }
  const out = [...days.values()].sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
  for (const day of out) day.by_status.sort((a, b) => b.calls - a.calls || (a.status < b.status ? -1 : 1));
  return out;
}
