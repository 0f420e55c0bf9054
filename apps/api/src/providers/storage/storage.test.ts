import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk.provider.ts';
import type { StorageProvider } from './port.ts';
import { createS3Storage, sigV4Headers } from './s3.provider.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
const key = () => `${randomBytes(16).toString('hex')}.png`;

describe('AWS Signature Version 4', () => {
  it('reproduces the GET Object example of the S3 documentation', () => {
    const headers = sigV4Headers({
      method: 'GET',
      host: 'examplebucket.s3.amazonaws.com',
      path: '/test.txt',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      date: new Date('2013-05-24T00:00:00Z'),
      headers: { range: 'bytes=0-9' },
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

/** Behaviour shared by every backend. */
function storageContract(name: string, make: () => StorageProvider) {
  describe(`${name} storage`, () => {
    it('stores, reads back and deletes an object', async () => {
      const storage = make();
      const k = key();
      await storage.put({ key: k, body: PNG, contentType: 'image/png' });
      const stored = await storage.get(k);
      expect(stored?.body.equals(PNG)).toBe(true);
      expect(stored?.contentType).toBe('image/png');
      await storage.delete(k);
      expect(await storage.get(k)).toBeUndefined();
      await storage.delete(k);
    });

    it('refuses keys that could name another path', async () => {
      const storage = make();
      for (const bad of ['../../etc/passwd', 'a/b.png', `${'0'.repeat(32)}.svg`, '']) {
        await expect(storage.put({ key: bad, body: PNG, contentType: 'image/png' })).rejects.toThrow(/invalid storage key/);
        await expect(storage.get(bad)).rejects.toThrow(/invalid storage key/);
      }
    });
  });
}

const dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
storageContract('disk', () => createDiskStorage({ dir }));

describe('disk storage files', () => {
  it('leaves no temporary files behind', async () => {
    const storage = createDiskStorage({ dir });
    await storage.put({ key: key(), body: PNG, contentType: 'image/png' });
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

// ---- a local S3 fake that checks SigV4 the way S3 does, written from the documentation ----

const SECRET = 'fake-s3-secret';
const objects = new Map<string, { body: Buffer; contentType: string }>();
let server: Server;
let endpoint = '';
const seen: Array<{ method: string; url: string; host: string }> = [];

function validSignature(method: string, url: string, headers: Record<string, string | string[] | undefined>, body: Buffer): boolean {
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(String(headers.authorization ?? ''));
  if (!match) return false;
  const [, , date, region, signed, signature] = match;
  const payloadHash = createHash('sha256').update(body).digest('hex');
  if (headers['x-amz-content-sha256'] !== payloadHash) return false;
  const canonicalHeaders = signed!.split(';').map((n) => `${n}:${String(headers[n] ?? '').trim()}\n`).join('');
  const canonical = [method, url.split('?')[0], '', canonicalHeaders, signed, payloadHash].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', String(headers['x-amz-date']), `${date}/${region}/s3/aws4_request`, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const h = (k: string | Buffer, t: string) => createHmac('sha256', k).update(t).digest();
  const signingKey = h(h(h(h(`AWS4${SECRET}`, date!), region!), 's3'), 'aws4_request');
  return createHmac('sha256', signingKey).update(toSign).digest('hex') === signature;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method ?? '', url: req.url ?? '', host: req.headers.host ?? '' });
      if (!validSignature(req.method ?? '', req.url ?? '', req.headers, body)) {
        res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const objectKey = req.url ?? '';
      if (req.method === 'PUT') {
        objects.set(objectKey, { body, contentType: String(req.headers['content-type'] ?? '') });
        res.writeHead(200).end();
      } else if (req.method === 'GET') {
        const object = objects.get(objectKey);
        if (!object) res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
        else res.writeHead(200, { 'content-type': object.contentType }).end(object.body);
      } else if (req.method === 'DELETE') {
        objects.delete(objectKey);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const s3 = (secret = SECRET) => createS3Storage({ endpoint, region: 'cn-east-1', bucket: 'kuaibao', accessKeyId: 'AKFAKE', secretAccessKey: secret, forcePathStyle: true, prefix: 'uploads/' });
storageContract('S3', () => s3());

describe('S3 storage requests', () => {
  it('uses path-style URLs under the prefix', async () => {
    const k = key();
    await s3().put({ key: k, body: PNG, contentType: 'image/png' });
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', url: `/kuaibao/uploads/${k}` });
    expect(objects.has(`/kuaibao/uploads/${k}`)).toBe(true);
  });

  it('throws when the service rejects the signature', async () => {
    await expect(s3('wrong-secret').put({ key: key(), body: PNG, contentType: 'image/png' })).rejects.toThrow(/HTTP 403.*SignatureDoesNotMatch/);
  });
});
