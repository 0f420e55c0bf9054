import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An in-process stand-in for the 企查查 open platform on 127.0.0.1, for tests and offline runs
 * (docs/decisions/020-company-directory-vendor.md). It speaks the two calls the directory uses:
 * - GET /FuzzySearch/GetList?key&searchKey&pageSize&pageIndex: the companies whose name contains
 *   searchKey (page size at most 20);
 * - GET /AR/GetAnnualReportSummary?key&keyNo&year: the reports set for that KeyNo.
 * It checks `key`, and the `Token` header exactly: upper-case hex MD5 of key + Timespan + SecretKey
 * (a wrong Token is the vendor's 107), answers in the vendor's envelope
 * `{Status, Message, OrderNumber, Paging, Result}` (200 success, 201 no result), and can be told
 * to answer any error status or to hang.
 */

export interface FakeQichachaCompany {
  KeyNo: string;
  Name: string;
  CreditCode: string;
  StartDate?: string;
  OperName?: string;
  Status?: string;
  No?: string;
  Address?: string;
}

export interface FakeQichachaAnnualReport {
  No: string;
  Year: string;
  Remarks: string;
  HasDetailInfo: boolean;
  PublishDate: string;
}

export interface FakeQichachaRequest {
  path: string;
  params: Record<string, string>;
  token: string;
  timespan: string;
  /** whether key and Token were right */
  verified: boolean;
}

/** What the next calls answer instead of the data: a vendor Status, or no answer at all. */
export type FakeQichachaFailure = { kind: 'status'; status: string; message?: string } | { kind: 'hang' } | { kind: 'http500' };

export interface FakeQichacha {
  readonly url: string;
  readonly key: string;
  readonly secretKey: string;
  /** Every request received, in order. */
  readonly requests: FakeQichachaRequest[];
  /** The server settings that point DIRECTORY_PROVIDER=qichacha at this fake. */
  env(): Record<string, string>;
  addCompanies(...companies: FakeQichachaCompany[]): void;
  setAnnualReports(keyNo: string, reports: FakeQichachaAnnualReport[]): void;
  /** Every following call fails this way until `clearFailure()`. */
  failWith(failure: FakeQichachaFailure): void;
  clearFailure(): void;
  close(): Promise<void>;
}

/** The vendor's messages for its error statuses (as its documentation lists them). */
export const QICHACHA_STATUS_MESSAGES: Readonly<Record<string, string>> = {
  '101': '当前的KEY无效或者还未生效',
  '102': '当前KEY已欠费',
  '107': '被禁止的IP或者签名错误',
  '109': '当前接口已停用或当日调用量已达上限',
  '110': '当前相同查询连续出错，请等2小时后重试',
  '112': '当前接口余额不足或额度已用完',
  '116': '当日调用量已达上限',
  '120': '请求异常，存在异常流量',
  '122': '超出并发限制',
  '213': '查询关键字长度不能小于2个字符',
};

function md5Upper(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();
}

export async function startFakeQichacha(options: { key?: string; secretKey?: string; port?: number } = {}): Promise<FakeQichacha> {
  const key = options.key ?? 'fake-qichacha-key';
  const secretKey = options.secretKey ?? 'fake-qichacha-secret';
  const companies: FakeQichachaCompany[] = [];
  const reports = new Map<string, FakeQichachaAnnualReport[]>();
  const requests: FakeQichachaRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let failure: FakeQichachaFailure | undefined;
  let orders = 0;

  const send = (res: ServerResponse, body: object) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const status = (res: ServerResponse, code: string, message?: string) =>
    send(res, { Status: code, Message: message ?? QICHACHA_STATUS_MESSAGES[code] ?? '错误', OrderNumber: `ORDER${++orders}`, Paging: null, Result: null });

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const params = Object.fromEntries(url.searchParams);
    const token = String(req.headers['token'] ?? '');
    const timespan = String(req.headers['timespan'] ?? '');
    const verified = params['key'] === key && /^\d+$/.test(timespan) && token === md5Upper(key + timespan + secretKey);
    requests.push({ path: url.pathname, params, token, timespan, verified });

    if (failure?.kind === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (failure?.kind === 'http500') {
      res.writeHead(500).end('internal error');
      return;
    }
    if (failure?.kind === 'status') return status(res, failure.status, failure.message);
    if (params['key'] !== key) return status(res, '101');
    if (!verified) return status(res, '107');

    if (req.method === 'GET' && url.pathname === '/FuzzySearch/GetList') {
      const searchKey = params['searchKey'] ?? '';
      if (Array.from(searchKey).length < 2) return status(res, '213');
      const pageSize = Math.min(20, Math.max(1, Number(params['pageSize'] ?? 10) || 10));
      const pageIndex = Math.max(1, Number(params['pageIndex'] ?? 1) || 1);
      // The vendor's fuzzy search also finds a company by its credit code.
      const matches = companies.filter((c) => c.Name.includes(searchKey) || c.CreditCode === searchKey);
      const page = matches.slice((pageIndex - 1) * pageSize, pageIndex * pageSize);
      if (page.length === 0) return status(res, '201', '查询无结果');
      return send(res, {
        Status: '200',
        Message: '【有效请求】查询成功',
        OrderNumber: `ORDER${++orders}`,
        Paging: { PageSize: pageSize, PageIndex: pageIndex, TotalRecords: matches.length },
        Result: page.map((c) => ({ StartDate: '', OperName: '', Status: '存续', No: '', Address: '', ...c })),
      });
    }
    if (req.method === 'GET' && url.pathname === '/AR/GetAnnualReportSummary') {
      const found = (reports.get(params['keyNo'] ?? '') ?? []).filter((r) => !params['year'] || r.Year === params['year']);
      if (found.length === 0) return status(res, '201', '查询无结果');
      return send(res, { Status: '200', Message: '【有效请求】查询成功', OrderNumber: `ORDER${++orders}`, Paging: null, Result: found });
    }
    res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    key,
    secretKey,
    requests,
    env: () => ({ DIRECTORY_PROVIDER: 'qichacha', QICHACHA_KEY: key, QICHACHA_SECRET_KEY: secretKey, QICHACHA_BASE_URL: url }),
    addCompanies: (...added) => void companies.push(...added),
    setAnnualReports: (keyNo, list) => void reports.set(keyNo, list),
    failWith: (f) => void (failure = f),
    clearFailure: () => void (failure = undefined),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
