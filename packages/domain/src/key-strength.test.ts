import { describe, expect, it } from 'vitest';
import { KEY_MIN_BITS, estimateKeyBits, isPublicKey } from './key-strength.ts';

/** Uniform random bytes as hex, like `openssl rand -hex` (mulberry32, seeded: the domain has no crypto; the run is repeatable). */
let seed = 0x2545f491;
function randomHex(bytes: number): string {
  let hex = '';
  for (let i = 0; i < bytes; i += 1) {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    hex += (((t ^ (t >>> 14)) >>> 0) & 0xff).toString(16).padStart(2, '0');
  }
  return hex;
}

const textAsHex = (text: string) => [...text].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');

describe('estimateKeyBits', () => {
  it('gives a random 16-byte hex key its full 128 bits, every time (20,000 keys, either case)', () => {
    let lowest = Infinity;
    for (let i = 0; i < 20_000; i += 1) {
      const key = randomHex(16);
      lowest = Math.min(lowest, estimateKeyBits(key), estimateKeyBits(key.toUpperCase()));
    }
    expect(lowest).toBe(128);
  });

  it('gives longer random keys more than the minimum', () => {
    expect(estimateKeyBits(randomHex(24))).toBe(192);
    expect(estimateKeyBits(randomHex(32))).toBe(256);
    expect(estimateKeyBits('Zx9-kQ2_vL7pW4mN8rT1yB6cF3hJ5dG0')).toBeGreaterThanOrEqual(KEY_MIN_BITS);
  });

  it('finds next to nothing in all zeros, repeated characters and counting', () => {
    expect(estimateKeyBits('0'.repeat(64))).toBeLessThan(16);
    expect(estimateKeyBits('a'.repeat(16))).toBeLessThan(16);
    expect(estimateKeyBits('12345678')).toBeLessThan(32);
    expect(estimateKeyBits('1234567890123456789012345678901234567890')).toBeLessThan(32);
    expect(estimateKeyBits('abcdefghijklmnopqrstuvwxyz')).toBeLessThan(32);
  });

  it('sees the patterns people type: pairs, repeated blocks, alternation', () => {
    expect(estimateKeyBits('00112233445566778899aabbccddeeff')).toBeLessThan(32);
    expect(estimateKeyBits('00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff')).toBeLessThan(64);
    expect(estimateKeyBits('deadbeef'.repeat(8))).toBeLessThan(64);
    expect(estimateKeyBits('abababababababababababababababab')).toBeLessThan(16);
    expect(estimateKeyBits('0101100101101001100101100110100110010110011010010110100110010110')).toBeLessThan(KEY_MIN_BITS);
  });

  it('reads hex that spells text as that text', () => {
    expect(estimateKeyBits('6b75616962616f2d6465762d61657321')).toBeLessThan(KEY_MIN_BITS); // "kuaibao-dev-aes!"
    expect(estimateKeyBits(textAsHex('my-company-key!!'))).toBeLessThan(KEY_MIN_BITS);
  });

  it('counts short keys short, however mixed', () => {
    expect(estimateKeyBits('Prod-Secret-0001')).toBeLessThan(KEY_MIN_BITS);
    expect(estimateKeyBits('')).toBe(0);
  });
});

describe('isPublicKey', () => {
  const published = ['6b75616962616f2d6465762d61657321', 'kuaibao-dev-sign-secret'];

  it('knows a public key in any case and written as hex', () => {
    expect(isPublicKey('6B75616962616F2D6465762D61657321', published)).toBe(true);
    expect(isPublicKey('KUAIBAO-DEV-SIGN-SECRET', published)).toBe(true);
    expect(isPublicKey(textAsHex('kuaibao-dev-sign-secret'), published)).toBe(true);
    expect(isPublicKey(randomHex(16), published)).toBe(false);
  });
});
