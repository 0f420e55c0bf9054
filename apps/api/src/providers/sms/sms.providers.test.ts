import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSms } from '@kuaibao/domain';
import { acs3SignedHeaders, acsCanonicalQuery, createAliyunSmsProvider } from './aliyun.provider.ts';
import { createConsoleSmsProvider } from './console.provider.ts';
import type { SendSmsInput } from './port.ts';
import { createTencentSmsProvider, tc3Authorization } from './tencent.provider.ts';

const TEMPLATES = { payment_succeeded: 'SMS_100', order_completed: 'SMS_200', refund_succeeded: 'SMS_300' };
const PARAMS = { company: '北京字节跳动科技有限公司', goods: '营业执照年报代办' };
const MESSAGE: SendSmsInput = {
  phone: '13812345678',
  template: 'order_completed',
  params: PARAMS,
  text: renderSms('order_completed', PARAMS),
  idempotencyKey: 'order_completed:42',
};

describe('Aliyun ACS3-HMAC-SHA256', () => {
  it('reproduces the signature of the published V3 example', () => {
    // help.aliyun.com "V3版本请求体&签名机制": RunInstances on ecs.cn-shanghai with fixed date and nonce.
    const headers = acs3SignedHeaders({
      method: 'POST',
      host: 'ecs.cn-shanghai.aliyuncs.com',
      query: { ImageId: 'win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd', RegionId: 'cn-shanghai' },
      action: 'RunInstances',
      version: '2014-05-26',
      date: '2023-10-26T10:22:32Z',
      nonce: '3156853299f313e23d1673dc12e1703d',
      accessKeyId: 'YourAccessKeyId',
      accessKeySecret: 'YourAccessKeySecret',
    });
    expect(headers.authorization).toBe(
      'ACS3-HMAC-SHA256 Credential=YourAccessKeyId,SignedHeaders=host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version,Signature=06563a9e1b43f5dfe96b81484da74bceab24a1d853912eee15083a6f0f3283c0',
    );
    expect(headers['x-acs-content-sha256']).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('percent-encodes the canonical query as RFC 3986 and sorts it', () => {
    expect(acsCanonicalQuery({ b: 'a b*~', a: '{"k":"值"}' })).toBe('a=%7B%22k%22%3A%22%E5%80%BC%22%7D&b=a%20b%2A~');
  });
});

describe('Tencent Cloud TC3-HMAC-SHA256', () => {
  it('reproduces the signature of the published example', () => {
    // cloud.tencent.com "Signature v3": DescribeInstances on cvm with timestamp 1551113065.
    const authorization = tc3Authorization({
      host: 'cvm.tencentcloudapi.com',
      service: 'cvm',
      timestamp: 1551113065,
      body: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
    });
    expect(authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });
});

// ---- local fakes: each verifies the signature the way the provider's server does ----

interface Captured {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

async function startFake(handler: (request: Captured) => { status: number; body: unknown }): Promise<{ server: Server; url: string; requests: Captured[] }> {
  const requests: Captured[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const captured = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(captured);
      const answer = handler(captured);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Aliyun's check, written from the documentation independently of the adapter. */
function aliyunSignatureValid(request: Captured, secret: string): boolean {
  const auth = String(request.headers.authorization ?? '');
  const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(auth);
  if (!match) return false;
  const [, , signedHeaders, signature] = match;
  const url = new URL(request.url, 'http://x');
  const params = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  const enc = (v: string) => encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = params.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
  const names = signedHeaders!.split(';');
  const canonicalHeaders = names.map((n) => `${n}:${String(request.headers[n] ?? '').trim()}\n`).join('');
  if (request.headers['x-acs-content-sha256'] !== sha256(request.body)) return false;
  const canonical = [request.method, url.pathname, query, canonicalHeaders, signedHeaders, sha256(request.body)].join('\n');
  const expected = createHmac('sha256', secret).update(`ACS3-HMAC-SHA256\n${sha256(canonical)}`).digest('hex');
  return expected === signature;
}

/** Tencent's check, written from the documentation independently of the adapter. */
function tencentSignatureValid(request: Captured, secretKey: string): boolean {
  const auth = String(request.headers.authorization ?? '');
  const match = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/(\w+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(auth);
  if (!match) return false;
  const [, , date, service, signedHeaders, signature] = match;
  const timestamp = String(request.headers['x-tc-timestamp']);
  if (new Date(Number(timestamp) * 1000).toISOString().slice(0, 10) !== date) return false;
  const canonicalHeaders = signedHeaders!.split(';').map((n) => `${n}:${String(request.headers[n] ?? '').toLowerCase()}\n`).join('');
  const canonical = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256(request.body)].join('\n');
  const toSign = ['TC3-HMAC-SHA256', timestamp, `${date}/${service}/tc3_request`, sha256(canonical)].join('\n');
  const h = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();
  const key = h(h(h(`TC3${secretKey}`, date!), service!), 'tc3_request');
  return createHmac('sha256', key).update(toSign).digest('hex') === signature;
}

describe('the Aliyun adapter against a local fake', () => {
  let fake: Awaited<ReturnType<typeof startFake>>;
  let nextAnswer: { status: number; body: unknown } | undefined;
  beforeAll(async () => {
    fake = await startFake((request) => {
      if (!aliyunSignatureValid(request, 'fake-secret')) return { status: 400, body: { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' } };
      return nextAnswer ?? { status: 200, body: { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990' } };
    });
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  const provider = (secret = 'fake-secret') =>
    createAliyunSmsProvider({ accessKeyId: 'LTAI-fake', accessKeySecret: secret, endpoint: fake.url, signName: '快报', templates: TEMPLATES });

  it('sends a signed SendSms with the template code, JSON parameters and our idempotency key', async () => {
    nextAnswer = undefined;
    const result = await provider().send(MESSAGE);
    expect(result).toEqual({ ok: true, providerMessageId: '900619746936498440^0' });
    const request = fake.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.headers['x-acs-action']).toBe('SendSms');
    expect(request.headers['x-acs-version']).toBe('2017-05-25');
    const query = new URL(request.url, 'http://x').searchParams;
    expect(query.get('PhoneNumbers')).toBe('13812345678');
    expect(query.get('SignName')).toBe('快报');
    expect(query.get('TemplateCode')).toBe('SMS_200');
    expect(JSON.parse(query.get('TemplateParam')!)).toEqual(PARAMS);
    expect(query.get('OutId')).toBe('order_completed:42');
  });

  it('reports a wrong secret as a permanent failure (the fake rejects the signature)', async () => {
    const result = await provider('wrong-secret').send(MESSAGE);
    expect(result).toMatchObject({ ok: false, retryable: false, code: 'SignatureDoesNotMatch' });
  });

  it('retries throttling and provider faults, not bad numbers', async () => {
    nextAnswer = { status: 200, body: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控Permits:1' } };
    expect(await provider().send(MESSAGE)).toMatchObject({ ok: false, retryable: true, code: 'isv.BUSINESS_LIMIT_CONTROL' });
    nextAnswer = { status: 500, body: { Code: 'isp.SYSTEM_ERROR', Message: 'system error' } };
    expect(await provider().send(MESSAGE)).toMatchObject({ ok: false, retryable: true });
    nextAnswer = { status: 200, body: { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' } };
    expect(await provider().send(MESSAGE)).toMatchObject({ ok: false, retryable: false, code: 'isv.MOBILE_NUMBER_ILLEGAL' });
  });

  it('treats an unreachable endpoint as retryable', async () => {
    const unreachable = createAliyunSmsProvider({ accessKeyId: 'a', accessKeySecret: 'b', endpoint: 'http://127.0.0.1:9', signName: '快报', templates: TEMPLATES });
    expect(await unreachable.send(MESSAGE)).toMatchObject({ ok: false, retryable: true, code: 'TRANSPORT' });
  });
});

describe('the Tencent adapter against a local fake', () => {
  let fake: Awaited<ReturnType<typeof startFake>>;
  let nextAnswer: { status: number; body: unknown } | undefined;
  beforeAll(async () => {
    fake = await startFake((request) => {
      if (!tencentSignatureValid(request, 'fake-key')) {
        return { status: 200, body: { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' }, RequestId: 'r1' } } };
      }
      return nextAnswer ?? { status: 200, body: { Response: { SendStatusSet: [{ SerialNo: '5000:1045710669157053657849499619', PhoneNumber: '+8613812345678', Code: 'Ok', Message: 'send success' }], RequestId: 'r2' } } };
    });
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  const provider = (secretKey = 'fake-key') =>
    createTencentSmsProvider({ secretId: 'AKID-fake', secretKey, sdkAppId: '1400000000', region: 'ap-guangzhou', endpoint: fake.url, signName: '快报', templates: TEMPLATES });

  it('sends a signed SendSms with positional parameters and the session context', async () => {
    nextAnswer = undefined;
    const result = await provider().send(MESSAGE);
    expect(result).toEqual({ ok: true, providerMessageId: '5000:1045710669157053657849499619' });
    const request = fake.requests.at(-1)!;
    expect(request.headers['x-tc-action']).toBe('SendSms');
    expect(request.headers['x-tc-version']).toBe('2021-01-11');
    expect(request.headers['x-tc-region']).toBe('ap-guangzhou');
    expect(JSON.parse(request.body)).toEqual({
      PhoneNumberSet: ['+8613812345678'],
      SmsSdkAppId: '1400000000',
      SignName: '快报',
      TemplateId: 'SMS_200',
      TemplateParamSet: [PARAMS.company, PARAMS.goods],
      SessionContext: 'order_completed:42',
    });
  });

  it('reports a wrong key as a permanent failure', async () => {
    expect(await provider('wrong').send(MESSAGE)).toMatchObject({ ok: false, retryable: false, code: 'AuthFailure.SignatureFailure' });
  });

  it('reads per-number failures and retries only limits and faults', async () => {
    nextAnswer = { status: 200, body: { Response: { SendStatusSet: [{ Code: 'InvalidParameterValue.IncorrectPhoneNumber', Message: 'bad number' }], RequestId: 'r3' } } };
    expect(await provider().send(MESSAGE)).toMatchObject({ ok: false, retryable: false, code: 'InvalidParameterValue.IncorrectPhoneNumber' });
    nextAnswer = { status: 200, body: { Response: { Error: { Code: 'RequestLimitExceeded', Message: 'slow down' }, RequestId: 'r4' } } };
    expect(await provider().send(MESSAGE)).toMatchObject({ ok: false, retryable: true });
  });
});

describe('the console provider', () => {
  it('logs the message with the signature and a masked number', async () => {
    const lines: Array<{ object: Record<string, unknown>; message: string }> = [];
    const provider = createConsoleSmsProvider({ signName: '快报', log: { info: (object, message) => lines.push({ object, message }) } });
    const result = await provider.send(MESSAGE);
    expect(result.ok).toBe(true);
    expect(lines[0]!.message).toBe(`SMS 【快报】${MESSAGE.text}`);
    expect(JSON.stringify(lines[0]!.object)).toContain('138****5678');
    expect(JSON.stringify(lines[0]!.object)).not.toContain('13812345678');
  });
});
