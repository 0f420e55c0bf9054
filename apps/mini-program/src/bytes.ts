/**
 * Bytes for the host: base64 and UTF-8 by hand, since the mini-program's JavaScript has neither
 * atob nor TextDecoder on every client (the web app uses the browser's own).
 */
const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUES = new Map([...BASE64_ALPHABET].map((char, index) => [char, index]));

/** Standard base64 (padding optional; '-' and '_' read as '+' and '/'); throws on anything else. */
export function base64ToBytes(text: string): Uint8Array {
  const clean = text.replace(/\s+/g, '').replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (clean.length % 4 === 1) throw new Error('invalid base64 length');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (const char of clean) {
    const value = BASE64_VALUES.get(char);
    if (value === undefined) throw new Error('invalid base64 character');
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index++] = (buffer >> bits) & 0xff;
    }
  }
  return out;
}

/** UTF-8 to text; a malformed sequence throws rather than turning into replacement characters. */
export function utf8Decode(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; ) {
    const first = bytes[i]!;
    let code: number;
    let extra: number;
    if (first < 0x80) [code, extra] = [first, 0];
    else if (first >= 0xc2 && first < 0xe0) [code, extra] = [first & 0x1f, 1];
    else if (first >= 0xe0 && first < 0xf0) [code, extra] = [first & 0x0f, 2];
    else if (first >= 0xf0 && first < 0xf5) [code, extra] = [first & 0x07, 3];
    else throw new Error('invalid UTF-8');
    for (let k = 1; k <= extra; k++) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) throw new Error('invalid UTF-8');
      code = (code << 6) | (next & 0x3f);
    }
    if ((extra === 2 && code < 0x800) || (extra === 3 && (code < 0x10000 || code > 0x10ffff)) || (code >= 0xd800 && code <= 0xdfff)) throw new Error('invalid UTF-8');
    text += String.fromCodePoint(code);
    i += extra + 1;
  }
  return text;
}

/** Hex (two digits a byte) to bytes. */
export function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || /[^0-9a-f]/i.test(hex)) throw new Error('invalid hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
