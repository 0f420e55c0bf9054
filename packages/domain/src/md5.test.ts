import { describe, expect, it } from 'vitest';
import { md5Bytes, md5Hex, utf8Bytes } from './md5.ts';

// The test suite of RFC 1321 (appendix A.5).
const RFC_1321_SUITE: Array<[string, string]> = [
  ['', 'd41d8cd98f00b204e9800998ecf8427e'],
  ['a', '0cc175b9c0f1b6a831c399e269772661'],
  ['abc', '900150983cd24fb0d6963f7d28e17f72'],
  ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
  ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
  ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
  ['12345678901234567890123456789012345678901234567890123456789012345678901234567890', '57edf4a22be3c955ac49da2e2107b67a'],
];

// Computed with node:crypto: UTF-8 text, and lengths either side of the 64-byte block and of the
// 56-byte point where the length no longer fits in the first block.
const MORE_VECTORS: Array<[string, string]> = [
  ['企业年报 OK', 'ba50db934c9eebcefcff207461ef32a9'],
  ['s3cret', '33e1b232a4e6fa0028a6670753749a17'],
  ['x'.repeat(55), '04364420e25c512fd958a70738aa8f72'],
  ['x'.repeat(56), '668a72d5ba17f08e62dabcafad6db14b'],
  ['x'.repeat(63), '7dc2ca208106a2f703567bdff99d8981'],
  ['x'.repeat(64), 'c1bb4f81d892b2d57947682aeb252456'],
  ['快'.repeat(1000), 'a771ddefcc52b121db379f73ef7269ad'],
  ['😀 emoji 𠮷', '8473718ad38cff3b894f8ee30bd91fd4'],
  ['a\ud800b', 'ff6405018d5ab2642e35fdba389b7c51'],
];

describe('md5', () => {
  it('matches the RFC 1321 test suite', () => {
    for (const [text, digest] of RFC_1321_SUITE) expect(md5Hex(text), text).toBe(digest);
  });

  it('hashes UTF-8 bytes and pads correctly at the block boundaries', () => {
    for (const [text, digest] of MORE_VECTORS) expect(md5Hex(text), `${text.slice(0, 3)}… (${text.length})`).toBe(digest);
  });

  it('returns 16 bytes', () => {
    expect(md5Bytes(new Uint8Array([0x61])).length).toBe(16);
  });

  it('encodes UTF-8 like TextEncoder: 2-, 3- and 4-byte characters, lone surrogates as U+FFFD', () => {
    const hex = (text: string) => Array.from(utf8Bytes(text), (byte) => byte.toString(16).padStart(2, '0')).join('');
    expect(hex('é')).toBe('c3a9');
    expect(hex('😀 emoji 𠮷')).toBe('f09f988020656d6f6a6920f0a0aeb7');
    expect(hex('a\ud800b')).toBe('61efbfbd62');
    expect(hex('\udc00')).toBe('efbfbd');
  });
});
