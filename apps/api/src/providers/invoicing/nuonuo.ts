import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { INVOICE_FILE_MAX_BYTES, fenToYuanString } from '@kuaibao/domain';
import type { NuonuoConfig } from '../../config.ts';
import type { DownloadResult, InvoiceResult, InvoicingProvider, IssueInvoiceInput, RedLetterInput } from './port.ts';

/**
 * The 诺诺开放平台 (诺税通 SaaS) behind the invoicing port (docs/decisions/064-nuonuo-invoicing.md).
 * Every call is one POST to …/open/v1/services?senid&nonce&timestamp&appkey with the method in the
 * `method` header, the access token in `accessToken`, the seller's tax number in `userTax`, and
 * `X-Nuonuo-Sign`: base64 HMAC-SHA1, keyed with the app secret, over
 * `a=services&l=v1&p=open&k=<appKey>&i=<senid>&n=<nonce>&t=<timestamp>&f=<body>` (the body exactly as
 * sent). Answers are `{code, describe, result}`, `E0000` meaning accepted.
 */

export const NUONUO_METHODS = {
  issue: 'nuonuo.OpeMplatform.requestBillingNew',
  result: 'nuonuo.OpeMplatform.queryInvoiceResult',
  redConfirm: 'nuonuo.OpeMplatform.saveInvoiceRedConfirm',
} as const;

/** Our two types as the platform's 发票种类: 数电专票 (bs) and 数电普票 (pc). */
const INVOICE_LINES: Readonly<Record<string, string>> = { special: 'bs', normal: 'pc' };
/** 冲红原因 3 服务中止: a refund of a service not (fully) rendered. */
const RED_REASON_SERVICE_STOPPED = '3';
/** queryInvoiceResult's statuses: 2 开票完成; 20 开票中, 21 开票成功签章中; 22 开票失败, 24 签章失败. */
const STATUS_ISSUED = '2';
const STATUS_PENDING = new Set(['20', '21']);
/** 订单编号不能重复: our request arrived before (a lost answer); the result is fetched by its number. */
const DUPLICATE_ORDER = 'E9106';

/** The signing text and its signature, as the platform checks them. */
export function nuonuoSignature(input: { appKey: string; appSecret: string; senid: string; nonce: string; timestamp: string; body: string }): string {
  const signed = `a=services&l=v1&p=open&k=${input.appKey}&i=${input.senid}&n=${input.nonce}&t=${input.timestamp}&f=${input.body}`;
  return createHmac('sha1', input.appSecret).update(signed, 'utf8').digest('base64');
}

type Envelope = { code?: unknown; describe?: unknown; result?: unknown };
type CallAnswer = { kind: 'ok'; code: string; describe: string; result: unknown } | { kind: 'failed'; retryable: boolean; code: string; message: string };

function text(value: unknown, max = 300): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, max) : '';
}

export function createNuonuoInvoicingProvider(config: NuonuoConfig, invoice: { taxCode: string; taxRate: string; now?: () => Date }): InvoicingProvider {
  const now = invoice.now ?? (() => new Date());

  async function call(method: string, content: object): Promise<CallAnswer> {
    const body = JSON.stringify(content);
    const senid = randomBytes(16).toString('hex');
    const nonce = String(randomInt(10_000_000, 100_000_000));
    const timestamp = String(Math.floor(now().getTime() / 1000));
    const url = new URL(config.baseUrl);
    url.search = new URLSearchParams({ senid, nonce, timestamp, appkey: config.appKey }).toString();
    let answer: Envelope;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'X-Nuonuo-Sign': nuonuoSignature({ appKey: config.appKey, appSecret: config.appSecret, senid, nonce, timestamp, body }),
          accessToken: config.accessToken,
          userTax: config.taxNumber,
          method,
        },
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      if (!response.ok) return { kind: 'failed', retryable: true, code: `HTTP_${response.status}`, message: `诺诺开放平台答复 HTTP ${response.status}` };
      answer = (await response.json()) as Envelope;
    } catch (error) {
      return { kind: 'failed', retryable: true, code: 'NETWORK', message: `诺诺开放平台连接失败：${error instanceof Error ? error.message : String(error)}` };
    }
    const code = text(answer?.code, 20);
    const describe = text(answer?.describe);
    if (code !== 'E0000') return { kind: 'failed', retryable: false, code: code || 'INVALID_ANSWER', message: describe || '诺诺开放平台的答复无法识别' };
    return { kind: 'ok', code, describe, result: answer.result };
  }

  return {
    id: 'nuonuo',

    async issue(input: IssueInvoiceInput) {
      const amount = fenToYuanString(input.amountFen);
      const { buyer } = input;
      const order = {
        buyerName: buyer.title,
        buyerTaxNum: buyer.tax_number,
        buyerTel: buyer.buyer_phone,
        buyerAddress: buyer.buyer_address,
        buyerAccount: [buyer.buyer_bank, buyer.buyer_account].filter(Boolean).join(' '),
        salerTaxNum: config.taxNumber,
        orderNo: input.requestNo,
        invoiceDate: beijingDateTime(now()),
        clerk: input.clerk.slice(0, 20) || '开票员',
        // We deliver ourselves (SMS and email through the outbox): the platform pushes nothing.
        pushMode: '-1',
        email: buyer.email,
        invoiceType: '1',
        invoiceLine: INVOICE_LINES[buyer.type] ?? 'pc',
        invoiceDetail: [{ goodsName: input.itemName.slice(0, 90), goodsCode: invoice.taxCode, withTaxFlag: '1', price: amount, num: '1', taxIncludedAmount: amount, taxRate: invoice.taxRate }],
      };
      const answer = await call(NUONUO_METHODS.issue, { order });
      if (answer.kind === 'failed') return answer.code === DUPLICATE_ORDER ? { kind: 'submitted', serial: '' } : answer;
      const serial = text((answer.result as { invoiceSerialNum?: unknown } | null)?.invoiceSerialNum, 64);
      return { kind: 'submitted', serial };
    },

    async result({ requestNo }): Promise<InvoiceResult> {
      const answer = await call(NUONUO_METHODS.result, { orderNos: [requestNo], isOfferInvoiceDetail: '0' });
      if (answer.kind === 'failed') return answer;
      const items = Array.isArray(answer.result) ? (answer.result as Record<string, unknown>[]) : [];
      const item = items.find((entry) => text(entry?.orderNo, 64) === requestNo);
      if (!item) return { kind: 'unknown' };
      const status = text(item.status, 4);
      if (status === STATUS_ISSUED) {
        const pdfUrl = text(item.pdfUrl, 2000);
        // Issued but without its file yet: asked again next round.
        if (!pdfUrl) return { kind: 'pending' };
        const invoiceNumber = text(item.allElectronicInvoiceNumber, 32) || text(item.invoiceNo, 32);
        return { kind: 'issued', serial: text(item.serialNo, 64), invoiceNumber, pdfUrl };
      }
      if (STATUS_PENDING.has(status)) return { kind: 'pending' };
      const message = text(item.failCause) || text(item.statusMsg) || `开票失败（状态 ${status || '未知'}）`;
      return { kind: 'failed', retryable: false, code: `STATUS_${status || 'UNKNOWN'}`, message };
    },

    async redLetter(input: RedLetterInput) {
      // The 数电票's red letter: a 红字确认单 by the seller; an electronic one is issued by itself once
      // confirmed (or needing no confirmation), under orderNo, so `result` finds it like a blue one.
      const answer = await call(NUONUO_METHODS.redConfirm, {
        blueInvoiceLine: INVOICE_LINES[input.buyer.type] ?? 'pc',
        applySource: '0',
        blueElecInvoiceNumber: input.invoiceNumber,
        sellerTaxNo: config.taxNumber,
        sellerName: '',
        buyerTaxNo: input.buyer.tax_number,
        buyerName: input.buyer.title,
        redReason: RED_REASON_SERVICE_STOPPED,
        autoInvoice: '1',
        orderNo: input.redRequestNo,
        email: input.buyer.email,
      });
      if (answer.kind === 'failed') return answer;
      return { kind: 'submitted', serial: text(answer.result, 64) };
    },

    async download(url): Promise<DownloadResult> {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return { kind: 'failed', retryable: false, code: 'BAD_URL', message: '诺诺开放平台给出的文件地址无效' };
      }
      if (target.protocol !== 'https:' && target.protocol !== 'http:') return { kind: 'failed', retryable: false, code: 'BAD_URL', message: '诺诺开放平台给出的文件地址无效' };
      try {
        const response = await fetch(target, { redirect: 'follow', signal: AbortSignal.timeout(config.timeoutMs * 3) });
        if (!response.ok || !response.body) return { kind: 'failed', retryable: true, code: `HTTP_${response.status}`, message: `发票文件下载失败（HTTP ${response.status}）` };
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
          size += chunk.byteLength;
          if (size > INVOICE_FILE_MAX_BYTES) return { kind: 'failed', retryable: false, code: 'TOO_LARGE', message: '发票文件超过 10 MB' };
          chunks.push(Buffer.from(chunk));
        }
        return { kind: 'ok', body: Buffer.concat(chunks) };
      } catch (error) {
        return { kind: 'failed', retryable: true, code: 'NETWORK', message: `发票文件下载失败：${error instanceof Error ? error.message : String(error)}` };
      }
    },
  };
}

/** yyyy-MM-dd HH:mm:ss in Beijing time (the platform's invoiceDate). */
function beijingDateTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
