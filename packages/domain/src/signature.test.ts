import { describe, expect, it } from 'vitest';
import { md5Hex } from './md5.ts';
import { canonicalRequestString, signRequest, signaturesEqual } from './signature.ts';

describe('request signature', () => {
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

  it('hashes each secret as given when secrets alternate (the digest is kept for the last one only)', () => {
    const query = { timestamp: 1, nonce: 'a' };
    for (const secret of ['k', 'other', 'k', 'k', 'other']) {
      expect(canonicalRequestString({ query, secret }).endsWith(`&secret=${md5Hex(secret)}`)).toBe(true);
    }
  });

  it('compares signatures exactly', () => {
    expect(signaturesEqual('abc', 'abc')).toBe(true);
    expect(signaturesEqual('abc', 'abd')).toBe(false);
    expect(signaturesEqual('abc', 'ab')).toBe(false);
  });
});
