/**
 * MD5 (RFC 1321) of a string's UTF-8 bytes, as lowercase hex. The request signature needs it on
 * both sides; this is 0.6 kB gzip on the page against 1.8 kB for a hashing library (decision 011).
 * Not for anything secret: MD5 is only the wire contract's checksum here.
 */

/** Per-round left rotations: four for each of the four rounds. */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
/** K[i] = floor(|sin(i + 1)| · 2^32), the RFC's table (the test checks it through its vectors). */
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0);

export function md5Bytes(message: Uint8Array): Uint8Array {
  const paddedLength = (((message.length + 8) >>> 6) + 1) << 6;
  const block = new Uint8Array(paddedLength);
  block.set(message);
  block[message.length] = 0x80;
  const view = new DataView(block.buffer);
  const bits = message.length * 8;
  view.setUint32(paddedLength - 8, bits >>> 0, true);
  view.setUint32(paddedLength - 4, Math.floor(bits / 2 ** 32), true);

  const state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let offset = 0; offset < paddedLength; offset += 64) {
    let [a, b, c, d] = state as [number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const round = i >>> 4;
      const f = round === 0 ? (b & c) | (~b & d) : round === 1 ? (d & b) | (~d & c) : round === 2 ? b ^ c ^ d : c ^ (b | ~d);
      const word = round === 0 ? i : round === 1 ? (5 * i + 1) & 15 : round === 2 ? (3 * i + 5) & 15 : (7 * i) & 15;
      const sum = (a + f + K[i]! + view.getUint32(offset + word * 4, true)) | 0;
      const shift = SHIFTS[round * 4 + (i & 3)]!;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
    }
    state[0] = (state[0]! + a) | 0;
    state[1] = (state[1]! + b) | 0;
    state[2] = (state[2]! + c) | 0;
    state[3] = (state[3]! + d) | 0;
  }
  const digest = new Uint8Array(16);
  const out = new DataView(digest.buffer);
  state.forEach((word, at) => out.setUint32(at * 4, word, true));
  return digest;
}

/** UTF-8 bytes, as TextEncoder gives them (a lone surrogate becomes U+FFFD), without needing a DOM or Node global. */
export function utf8Bytes(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    let point = char.codePointAt(0)!;
    if (point >= 0xd800 && point <= 0xdfff) point = 0xfffd;
    if (point < 0x80) bytes.push(point);
    else if (point < 0x800) bytes.push(0xc0 | (point >> 6), 0x80 | (point & 63));
    else if (point < 0x10000) bytes.push(0xe0 | (point >> 12), 0x80 | ((point >> 6) & 63), 0x80 | (point & 63));
    else bytes.push(0xf0 | (point >> 18), 0x80 | ((point >> 12) & 63), 0x80 | ((point >> 6) & 63), 0x80 | (point & 63));
  }
  return Uint8Array.from(bytes);
}

export function md5Hex(text: string): string {
  return Array.from(md5Bytes(utf8Bytes(text)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
