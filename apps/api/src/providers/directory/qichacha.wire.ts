import { createHash } from 'node:crypto';

/**
 * The 企查查 open platform's wire, and nothing else (docs/decisions/020-company-directory-vendor.md):
 * - FuzzySearch (ApiCode 886): GET {base}/FuzzySearch/GetList?key&searchKey&pageSize&pageIndex
 * - annual-report summary (ApiCode 213): GET {base}/AR/GetAnnualReportSummary?key&keyNo&year
 * Both carry the headers Token = upper-case hex MD5(key + Timespan + SecretKey) and
 * Timespan = Unix seconds. The answer is `{Status, Message, OrderNumber, Paging, Result}`;
 * Status "200" is success and "201" no result; any other Status is a refusal.
 */

export interface QichachaCredentials {
  key: string;
  secretKey: string;
  baseUrl: string;
  timeoutMs: number;
}

/** FuzzySearch's Result item, as sent (any field may be missing or null). */
export interface QichachaFuzzyItem {
  KeyNo?: string | null;
  Name?: string | null;
  CreditCode?: string | null;
  StartDate?: string | null;
  OperName?: string | null;
  Status?: string | null;
  No?: string | null;
  Address?: string | null;
}

/** GetAnnualReportSummary's Result item, as sent. */
export interface QichachaAnnualReportItem {
  No?: string | number | null;
  Year?: string | number | null;
  Remarks?: string | null;
  HasDetailInfo?: boolean | string | null;
  PublishDate?: string | null;
}

export type QichachaAnswer<T> =
  | { kind: 'ok'; status: '200'; result: T[]; orderNumber: string }
  | { kind: 'no_result'; status: '201' }
  /** the vendor answered with another Status (101 key invalid … 213 keyword too short) */
  | { kind: 'refused'; status: string; message: string }
  /** no usable answer: 'timeout', or 'http' (connection error, non-200, not the vendor's JSON) */
  | { kind: 'unreachable'; status: 'timeout' | 'http'; detail: string };

/** FuzzySearch's page size limit. */
export const QICHACHA_MAX_PAGE_SIZE = 20;

export function qichachaToken(key: string, timespan: string, secretKey: string): string {
  return createHash('md5').update(key + timespan + secretKey, 'utf8').digest('hex').toUpperCase();
}

export interface QichachaWire {
  fuzzySearch(searchKey: string, pageSize: number): Promise<QichachaAnswer<QichachaFuzzyItem>>;
  annualReportSummary(keyNo: string, year: number): Promise<QichachaAnswer<QichachaAnnualReportItem>>;
}

export function createQichachaWire(credentials: QichachaCredentials, now: () => Date = () => new Date()): QichachaWire {
  async function get<T>(path: string, params: Record<string, string>): Promise<QichachaAnswer<T>> {
    const url = new URL(credentials.baseUrl + path);
    url.searchParams.set('key', credentials.key);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const timespan = String(Math.floor(now().getTime() / 1000));
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        headers: { Token: qichachaToken(credentials.key, timespan, credentials.secretKey), Timespan: timespan, Accept: 'application/json' },
        signal: AbortSignal.timeout(credentials.timeoutMs),
      });
      text = await response.text();
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'unreachable', status: 'timeout', detail: `no answer within ${credentials.timeoutMs} ms` };
      return { kind: 'unreachable', status: 'http', detail: (err as Error).message };
    }
    if (response.status !== 200) return { kind: 'unreachable', status: 'http', detail: `HTTP ${response.status}` };
    let body: { Status?: unknown; Message?: unknown; OrderNumber?: unknown; Result?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      return { kind: 'unreachable', status: 'http', detail: 'the answer is not JSON' };
    }
    const status = String(body?.Status ?? '');
    if (status === '200') {
      const result = Array.isArray(body.Result) ? (body.Result as T[]) : [];
      return { kind: 'ok', status: '200', result, orderNumber: String(body.OrderNumber ?? '') };
    }
    if (status === '201') return { kind: 'no_result', status: '201' };
    if (status === '') return { kind: 'unreachable', status: 'http', detail: 'the answer has no Status' };
    return { kind: 'refused', status, message: String(body.Message ?? '') };
  }

  return {
    fuzzySearch(searchKey, pageSize) {
      const size = Math.max(1, Math.min(QICHACHA_MAX_PAGE_SIZE, Math.trunc(pageSize)));
      return get<QichachaFuzzyItem>('/FuzzySearch/GetList', { searchKey, pageSize: String(size), pageIndex: '1' });
    },
    annualReportSummary(keyNo, year) {
      return get<QichachaAnnualReportItem>('/AR/GetAnnualReportSummary', { keyNo, year: String(year) });
    },
  };
}
