import { createHash, createHmac } from 'node:crypto';
import type { StorageConfig } from '../../config.ts';
import { assertStorageKey, type StorageProvider } from './port.ts';

/**
 * An S3-compatible bucket, signed with AWS Signature Version 4 ("Authenticating Requests: Using the
 * Authorization Header", docs.aws.amazon.com/AmazonS3):
 *
 *   CanonicalRequest = METHOD \n URI \n Query \n CanonicalHeaders \n SignedHeaders \n payload hash
 *   StringToSign     = "AWS4-HMAC-SHA256" \n amzDate \n <date>/<region>/s3/aws4_request \n hex(SHA256(CanonicalRequest))
 *   key              = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), "s3"), "aws4_request")
 *
 * Path-style URLs (endpoint/bucket/key) by default, which MinIO and most compatible services
 * accept; virtual-hosted style (bucket.endpoint/key) with S3_FORCE_PATH_STYLE=false.
 */

const ALGORITHM = 'AWS4-HMAC-SHA256';
const TIMEOUT_MS = 15_000;

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** S3 encodes each path segment once (RFC 3986 unreserved characters kept) and keeps the slashes. */
function encodePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}

export interface SigV4Input {
  method: string;
  host: string;
  /** unencoded path, e.g. /bucket/key.png */
  path: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** hex SHA-256 of the body (or UNSIGNED-PAYLOAD) */
  payloadHash: string;
  date: Date;
  /** further headers to sign and send (lower-case names), e.g. content-type, range */
  headers?: Readonly<Record<string, string>>;
}

/** The headers to send, Authorization included. */
export function sigV4Headers(input: SigV4Input): Record<string, string> {
  const amzDate = input.date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const dateStamp = amzDate.slice(0, 8);
  const service = input.service ?? 's3';
  const headers: Record<string, string> = { ...input.headers, host: input.host, 'x-amz-content-sha256': input.payloadHash, 'x-amz-date': amzDate };
  const names = Object.keys(headers).map((name) => name.toLowerCase()).sort();
  const canonicalHeaders = names.map((name) => `${name}:${(headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [input.method.toUpperCase(), encodePath(input.path), '', canonicalHeaders, signedHeaders, input.payloadHash].join('\n');
  const scope = `${dateStamp}/${input.region}/${service}/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, dateStamp), input.region), service), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return { ...headers, authorization: `${ALGORITHM} Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}` };
}

export class StorageError extends Error {
  override name = 'StorageError';
}

export function createS3Storage(deps: NonNullable<StorageConfig['s3']> & { now?: () => Date; fetch?: typeof fetch }): StorageProvider {
  const doFetch = deps.fetch ?? fetch;
  const endpoint = new URL(deps.endpoint);
  const location = (key: string) => {
    assertStorageKey(key);
    const objectKey = `${deps.prefix}${key}`;
    return deps.forcePathStyle
      ? { host: endpoint.host, path: `${endpoint.pathname.replace(/\/$/, '')}/${deps.bucket}/${objectKey}` }
      : { host: `${deps.bucket}.${endpoint.host}`, path: `${endpoint.pathname.replace(/\/$/, '')}/${objectKey}` };
  };

  async function call(method: 'GET' | 'PUT' | 'DELETE', key: string, body?: Buffer, contentType?: string): Promise<Response> {
    const { host, path } = location(key);
    const headers = sigV4Headers({
      method,
      host,
      path,
      region: deps.region,
      accessKeyId: deps.accessKeyId,
      secretAccessKey: deps.secretAccessKey,
      payloadHash: sha256Hex(body ?? ''),
      date: deps.now?.() ?? new Date(),
      ...(contentType ? { headers: { 'content-type': contentType } } : {}),
    });
    const { host: _host, ...sendHeaders } = headers;
    const url = `${endpoint.protocol}//${host}${encodePath(path)}`;
    return doFetch(url, { method, headers: sendHeaders, ...(body ? { body: new Uint8Array(body) } : {}), signal: AbortSignal.timeout(TIMEOUT_MS) });
  }

  async function fail(response: Response, what: string): Promise<never> {
    const text = (await response.text().catch(() => '')).slice(0, 300);
    throw new StorageError(`S3 ${what} failed: HTTP ${response.status} ${text}`);
  }

  return {
    id: 's3',
    async put({ key, body, contentType }) {
      const response = await call('PUT', key, body, contentType);
      if (!response.ok) await fail(response, `PUT ${key}`);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await call('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok) return fail(response, `GET ${key}`);
      return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type') ?? 'application/octet-stream' };
    },
    async delete(key) {
      const response = await call('DELETE', key);
      if (!response.ok && response.status !== 404) await fail(response, `DELETE ${key}`);
      await response.body?.cancel();
    },
  };
}
