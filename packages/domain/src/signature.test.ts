import { describe, expect, it } from 'vitest';
import { canonicalRequestString, md5Hex, signRequest, signaturesEqual } from './signature.ts';

// RFC 1321 vectors plus one UTF-8 vector computed with node:crypto.
const MD5_VECTORS: Array<[string, string]> = [
  ['', 'd41d8cd98f00b204e9800998ecf8427e'],
  ['abc', '900150983cd24fb0d6963f7d28e17f72'],
  ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
  ['企业年报 OK', 'ba50db934c9eebcefcff207461ef32a9'],
  ['s3cret', '33e1b232a4e6fa0028a6670753749a17'],
];

describe('request signature', () => {
  it('computes MD5 over UTF-8, matching the RFC 1321 vectors', () => {
    for (const [text, digest] of MD5_VECTORS) expect(md5Hex(text)).toBe(digest);
  });

  it('sorts the query, drops signature and empty values, appends body and hashed secret', () => {
    const canonical = canonicalRequestString({
      query: { timestamp: 1700000000, nonce: 'n-1', keyword: '字节', signature: 'x', empty: '', missing: undefined },
      body: '{"a":1}',
      secret: 's3cret',
    });
    expect(canonical).toBe(`keyword=字节&nonce=n-1&timestamp=1700000000&body={"a":1}&secret=33e1b232a4e6fa0028a6670753749a17`);
  });

  it('changes when any part changes', () => {
    const base = { query: { timestamp: 1, nonce: 'a' }, body: '{}', secret: 'k' };
    const signature = signRequest(base);
    expect(signRequest({ ...base, query: { timestamp: 2, nonce: 'a' } })).not.toBe(signature);
    expect(signRequest({ ...base, body: '{ }' })).not.toBe(signature);
    expect(signRequest({ ...base, secret: 'other' })).not.toBe(signature);
    expect(signature).toBe(md5Hex(canonicalRequestString(base)));
  });

  it('compares signatures exactly', () => {
    expect(signaturesEqual('abc', 'abc')).toBe(true);
    expect(signaturesEqual('abc', 'abd')).toBe(false);
    expect(signaturesEqual('abc', 'ab')).toBe(false);
  });
});
