import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An in-process stand-in for the 诺诺开放平台 (诺税通 SaaS) on 127.0.0.1, for tests and offline runs
 * (docs/decisions/064-nuonuo-invoicing.md). One endpoint, POST /open/v1/services?senid&nonce&timestamp&appkey,
 * the method in the `method` header. Like the platform it checks the appkey, the `accessToken` header
 * and `X-Nuonuo-Sign` (base64 HMAC-SHA1 keyed with the app secret over
 * `a=services&l=v1&p=open&k=<appkey>&i=<senid>&n=<nonce>&t=<timestamp>&f=<body as received>`), and
 * answers `{code, describe, result}` (`E0000` accepted). Methods:
 * - nuonuo.OpeMplatform.requestBillingNew: a blue invoice request ({order}), answered with its invoiceSerialNum;
 * - nuonuo.OpeMplatform.queryInvoiceResult: by serialNos or orderNos; each invoice answers 开票中 (20)
 *   for its first `pendingPolls` queries, then 开票完成 (2) with a pdfUrl this fake serves (a small real
 *   PDF), or 开票失败 (22) with its failCause when told to fail;
 * - nuonuo.OpeMplatform.saveInvoiceRedConfirm: the 红字确认单 of an issued 数电票 (blueElecInvoiceNumber);
 *   with an orderNo its red invoice is then issued under that number, found by queryInvoiceResult.
 * `GET /__fake/requests` and `GET /__fake/invoices` show a test in another process what it received.
 */

export const FAKE_NUONUO_PATH = '/open/v1/services';

/** The platform's answers for refusals this fake gives (the signature code is the fake's choice; see decision 064). */
export const NUONUO_CODES = {
  ok: 'E0000',
  appKey: '070101',
  token: '070304',
  signature: '070301',
  duplicateOrder: 'E9106',
  invalid: 'E9500',
} as const;

/** queryInvoiceResult's statuses (the platform's, not ours): 20 开票中, 2 开票完成, 22 开票失败. */
const PLATFORM_STATUS = { issuing: '20', issued: '2', failed: '22' } as const;

export interface FakeNuonuoRequest {
  method: string;
  query: Record<string, string>;
  body: string;
  sign: string;
  accessToken: string;
  userTax: string;
  /** whether appkey, token and X-Nuonuo-Sign were right */
  verified: boolean;
  code: string;
}

export interface FakeNuonuoInvoice {
  serialNo: string;
  orderNo: string;
  /** 1 blue, 2 red */
  invoiceType: '1' | '2';
  invoiceLine: string;
  buyerName: string;
  buyerTaxNum: string;
  amount: string;
  goodsCode: string;
  taxRate: string;
  /** queries answered so far */
  polls: number;
  failCause: string | undefined;
  invoiceNumber: string;
}

export interface FakeNuonuo {
  readonly url: string;
  readonly servicesUrl: string;
  readonly appKey: string;
  readonly appSecret: string;
  readonly accessToken: string;
  readonly taxNumber: string;
  /** Every request received, in order. */
  readonly requests: FakeNuonuoRequest[];
  readonly invoices: FakeNuonuoInvoice[];
  /** The server settings that point INVOICE_PROVIDER=nuonuo at this fake. */
  env(): Record<string, string>;
  /** The next blue request is accepted, then its result is 开票失败 with this cause. */
  failNextIssue(cause: string): void;
  /** The next blue request is refused at once with this describe. */
  refuseNextIssue(describe: string): void;
  /** The next red-letter confirmation is refused with this describe. */
  refuseNextRedLetter(describe: string): void;
  /** How many 开票中 answers each invoice gives before its result. */
  setPendingPolls(count: number): void;
  close(): Promise<void>;
}

/** A one-page PDF (real structure: objects, xref, trailer) naming the invoice. */
export function fakeInvoicePdf(label: string): Buffer {
  const text = label.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '');
  const stream = `BT /F1 14 Tf 40 90 Td (Fake Nuonuo e-invoice ${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

function expectedSign(secret: string, appKey: string, q: Record<string, string>, body: string): string {
  const text = `a=services&l=v1&p=open&k=${appKey}&i=${q['senid'] ?? ''}&n=${q['nonce'] ?? ''}&t=${q['timestamp'] ?? ''}&f=${body}`;
  return createHmac('sha1', secret).update(text, 'utf8').digest('base64');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export async function startFakeNuonuo(options: { appKey?: string; appSecret?: string; accessToken?: string; taxNumber?: string; port?: number; pendingPolls?: number } = {}): Promise<FakeNuonuo> {
  const appKey = options.appKey ?? 'SD63236305';
  const appSecret = options.appSecret ?? 'SDDED2523BED4643';
  const accessToken = options.accessToken ?? 'fake-nuonuo-access-token';
  const taxNumber = options.taxNumber ?? '339901999999199';
  let pendingPolls = options.pendingPolls ?? 1;
  const requests: FakeNuonuoRequest[] = [];
  const invoices: FakeNuonuoInvoice[] = [];
  let nextFailure: string | undefined;
  let nextRedRefusal: string | undefined;
  let nextIssueRefusal: string | undefined;
  const redLettered = new Set<string>();
  let serials = 0;
  let url = '';

  const answer = (res: ServerResponse, code: string, describe: string, result?: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(result === undefined ? { code, describe } : { code, describe, result }));
  };

  const refuse = (res: ServerResponse, code: string, describe: string): string => {
    answer(res, code, describe);
    return code;
  };

  const resultOf = (invoice: FakeNuonuoInvoice) => {
    invoice.polls += 1;
    const base = { serialNo: invoice.serialNo, orderNo: invoice.orderNo, invoiceType: invoice.invoiceType, invoiceLine: invoice.invoiceLine, payerName: invoice.buyerName, payerTaxNo: invoice.buyerTaxNum, orderAmount: invoice.amount, salerTaxNum: taxNumber };
    if (invoice.polls <= pendingPolls) return { ...base, status: PLATFORM_STATUS.issuing, statusMsg: '开票中', failCause: '', pdfUrl: '' };
    if (invoice.failCause) return { ...base, status: PLATFORM_STATUS.failed, statusMsg: '开票失败', failCause: invoice.failCause, pdfUrl: '' };
    return {
      ...base,
      status: PLATFORM_STATUS.issued,
      statusMsg: '开票完成（最终状态）',
      failCause: '',
      pdfUrl: `${url}/invoice/pdf/${invoice.serialNo}.pdf`,
      invoiceNo: invoice.invoiceNumber.slice(-8),
      allElectronicInvoiceNumber: invoice.invoiceNumber,
      invoiceTime: Date.now(),
    };
  };

  const handle = (method: string, content: Record<string, unknown>, res: ServerResponse): string => {
    if (method === 'nuonuo.OpeMplatform.requestBillingNew') {
      const order = (content['order'] ?? {}) as Record<string, unknown>;
      const details = Array.isArray(order['invoiceDetail']) ? (order['invoiceDetail'] as Record<string, unknown>[]) : [];
      const str = (v: unknown) => (typeof v === 'string' ? v : '');
      if (nextIssueRefusal) {
        const describe = nextIssueRefusal;
        nextIssueRefusal = undefined;
        return refuse(res, NUONUO_CODES.invalid, describe);
      }
      const missing = ['orderNo', 'buyerName', 'salerTaxNum', 'invoiceDate', 'clerk', 'invoiceType', 'invoiceLine'].find((key) => !str(order[key]));
      if (missing) return refuse(res, NUONUO_CODES.invalid, `${missing}不能为空`);
      if (str(order['salerTaxNum']) !== taxNumber) return refuse(res, NUONUO_CODES.invalid, '销方税号与授权税号不一致');
      if (!['pc', 'bs', 'p', 'c', 's', 'b', 'es', 'ec'].includes(str(order['invoiceLine']))) return refuse(res, NUONUO_CODES.invalid, '发票种类不正确');
      if (details.length === 0) return refuse(res, NUONUO_CODES.invalid, '发票明细不能为空');
      for (const line of details) {
        if (!str(line['goodsName']) || !/^\d{19}$/.test(str(line['goodsCode'])) || !/^0(\.\d+)?$/.test(str(line['taxRate'])) || !/^\d+(\.\d{1,2})?$/.test(str(line['taxIncludedAmount']))) {
          return refuse(res, NUONUO_CODES.invalid, '发票明细不完整（商品名称、税收分类编码、税率、含税金额）');
        }
      }
      if (invoices.some((i) => i.orderNo === str(order['orderNo']))) return refuse(res, NUONUO_CODES.duplicateOrder, '订单编号不能重复');
      const serialNo = `${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${String(++serials).padStart(8, '0')}`;
      invoices.push({
        serialNo,
        orderNo: str(order['orderNo']),
        invoiceType: '1',
        invoiceLine: str(order['invoiceLine']),
        buyerName: str(order['buyerName']),
        buyerTaxNum: str(order['buyerTaxNum']),
        amount: str(details[0]!['taxIncludedAmount']),
        goodsCode: str(details[0]!['goodsCode']),
        taxRate: str(details[0]!['taxRate']),
        polls: 0,
        failCause: nextFailure,
        invoiceNumber: `2533200000${String(serials).padStart(10, '0')}`,
      });
      nextFailure = undefined;
      answer(res, NUONUO_CODES.ok, '开票提交成功', { invoiceSerialNum: serialNo });
      return NUONUO_CODES.ok;
    }
    if (method === 'nuonuo.OpeMplatform.queryInvoiceResult') {
      const serialNos = Array.isArray(content['serialNos']) ? (content['serialNos'] as string[]) : [];
      const orderNos = Array.isArray(content['orderNos']) ? (content['orderNos'] as string[]) : [];
      if (serialNos.length === 0 && orderNos.length === 0) return refuse(res, NUONUO_CODES.invalid, '发票流水号和订单编号不能同时为空');
      const found = invoices.filter((i) => serialNos.includes(i.serialNo) || orderNos.includes(i.orderNo));
      answer(res, NUONUO_CODES.ok, '查询成功', found.map(resultOf));
      return NUONUO_CODES.ok;
    }
    if (method === 'nuonuo.OpeMplatform.saveInvoiceRedConfirm') {
      const str = (v: unknown) => (typeof v === 'string' ? v : '');
      if (nextRedRefusal) {
        const describe = nextRedRefusal;
        nextRedRefusal = undefined;
        return refuse(res, NUONUO_CODES.invalid, describe);
      }
      if (str(content['applySource']) !== '0' && str(content['applySource']) !== '1') return refuse(res, NUONUO_CODES.invalid, '申请方身份不正确');
      if (str(content['sellerTaxNo']) !== taxNumber) return refuse(res, NUONUO_CODES.invalid, '销方税号与授权税号不一致');
      if (!/^[1-4]$/.test(str(content['redReason']))) return refuse(res, NUONUO_CODES.invalid, '冲红原因不正确');
      const blue = invoices.find((i) => i.invoiceType === '1' && i.invoiceNumber === str(content['blueElecInvoiceNumber']) && !i.failCause && i.polls > pendingPolls);
      if (!blue) return refuse(res, NUONUO_CODES.invalid, '对应蓝字发票不存在或未开具');
      if (redLettered.has(blue.invoiceNumber)) return refuse(res, NUONUO_CODES.invalid, '该蓝字发票已申请红字确认单');
      redLettered.add(blue.invoiceNumber);
      const billId = `RB${String(++serials).padStart(12, '0')}`;
      const orderNo = str(content['orderNo']);
      if (orderNo) {
        // An electronic invoice's confirmation needing no buyer's confirmation: the red one is issued by itself.
        invoices.push({ ...blue, serialNo: `${billId}S`, orderNo, invoiceType: '2', amount: `-${blue.amount}`, polls: 0, failCause: undefined, invoiceNumber: `2533200001${String(serials).padStart(10, '0')}` });
      }
      answer(res, NUONUO_CODES.ok, '成功', billId);
      return NUONUO_CODES.ok;
    }
    answer(res, NUONUO_CODES.invalid, `不支持的方法：${method}`);
    return NUONUO_CODES.invalid;
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const target = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && target.pathname.startsWith('/invoice/pdf/')) {
      const serial = target.pathname.slice('/invoice/pdf/'.length).replace(/\.pdf$/, '');
      const invoice = invoices.find((i) => i.serialNo === serial);
      if (!invoice) return void res.writeHead(404).end('not found');
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return void res.end(fakeInvoicePdf(`${invoice.invoiceType === '2' ? 'RED ' : ''}${invoice.invoiceNumber} ${invoice.amount}`));
    }
    // The fake's own window for tests in another process (e2e): what it received and issued. Not the platform's.
    if (req.method === 'GET' && (target.pathname === '/__fake/requests' || target.pathname === '/__fake/invoices')) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      return void res.end(JSON.stringify(target.pathname === '/__fake/requests' ? requests : invoices));
    }
    if (req.method !== 'POST' || target.pathname !== FAKE_NUONUO_PATH) return void res.writeHead(404).end('not found');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const query = Object.fromEntries(target.searchParams);
      const header = (name: string) => String(req.headers[name.toLowerCase()] ?? '');
      const method = header('method');
      const sign = header('X-Nuonuo-Sign');
      const record: FakeNuonuoRequest = { method, query, body, sign, accessToken: header('accessToken'), userTax: header('userTax'), verified: false, code: '' };
      requests.push(record);
      if (query['appkey'] !== appKey) return void answer(res, (record.code = NUONUO_CODES.appKey), '获取app密钥失败或appkey无效');
      if (record.accessToken !== accessToken) return void answer(res, (record.code = NUONUO_CODES.token), 'accessToken无效或已过期');
      if (!/^\d{1,10}$/.test(query['timestamp'] ?? '') || !query['senid'] || !query['nonce'] || !sameText(sign, expectedSign(appSecret, appKey, query, body))) {
        return void answer(res, (record.code = NUONUO_CODES.signature), '签名错误');
      }
      record.verified = true;
      let content: Record<string, unknown>;
      try {
        content = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return void answer(res, (record.code = NUONUO_CODES.invalid), '报文格式错误');
      }
      record.code = handle(method, content, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    servicesUrl: `${url}${FAKE_NUONUO_PATH}`,
    appKey,
    appSecret,
    accessToken,
    taxNumber,
    requests,
    invoices,
    env() {
      return { INVOICE_PROVIDER: 'nuonuo', NUONUO_APP_KEY: appKey, NUONUO_APP_SECRET: appSecret, NUONUO_ACCESS_TOKEN: accessToken, NUONUO_TAX_NUMBER: taxNumber, NUONUO_BASE_URL: `${url}${FAKE_NUONUO_PATH}` };
    },
    failNextIssue(cause) {
      nextFailure = cause;
    },
    refuseNextIssue(describe) {
      nextIssueRefusal = describe;
    },
    refuseNextRedLetter(describe) {
      nextRedRefusal = describe;
    },
    setPendingPolls(count) {
      pendingPolls = count;
    },
    close() {
      return new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
