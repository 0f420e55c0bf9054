/**
 * AES-128-CBC decryption with PKCS#7 padding, for the API's encrypted answers (decision 002:
 * `data` is base64 of iv ‖ ciphertext). The web app uses Web Crypto; a mini-program has no Web
 * Crypto, so the host carries this small decryptor (FIPS-197's inverse cipher). The tables are
 * computed once from the field arithmetic rather than typed in.
 */
import { base64ToBytes, hexToBytes, utf8Decode } from './bytes.ts';

const BLOCK = 16;
const ROUNDS = 10;

/** Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1. */
function gfMultiply(a: number, b: number): number {
  let product = 0;
  for (let x = a, y = b; y > 0; y >>= 1) {
    if (y & 1) product ^= x;
    x = (x << 1) ^ (x & 0x80 ? 0x11b : 0);
  }
  return product & 0xff;
}

function buildSboxes(): { sbox: Uint8Array; inverse: Uint8Array } {
  const sbox = new Uint8Array(256);
  const inverse = new Uint8Array(256);
  for (let value = 0; value < 256; value++) {
    // The multiplicative inverse (0 maps to 0), then the affine transform.
    let inv = 0;
    if (value !== 0) for (inv = 1; gfMultiply(value, inv) !== 1; inv++);
    let out = inv;
    for (let shift = 1; shift <= 4; shift++) out ^= ((inv << shift) | (inv >> (8 - shift))) & 0xff;
    out ^= 0x63;
    sbox[value] = out;
    inverse[out] = value;
  }
  return { sbox, inverse };
}

let tables: { sbox: Uint8Array; inverse: Uint8Array } | undefined;

/** The 11 round keys of AES-128, 176 bytes. */
function expandKey(key: Uint8Array, sbox: Uint8Array): Uint8Array {
  const words = new Uint8Array(BLOCK * (ROUNDS + 1));
  words.set(key);
  let rcon = 1;
  for (let i = BLOCK; i < words.length; i += 4) {
    let t0 = words[i - 4]!;
    let t1 = words[i - 3]!;
    let t2 = words[i - 2]!;
    let t3 = words[i - 1]!;
    if (i % BLOCK === 0) {
      [t0, t1, t2, t3] = [sbox[t1]! ^ rcon, sbox[t2]!, sbox[t3]!, sbox[t0]!];
      rcon = gfMultiply(rcon, 2);
    }
    words[i] = words[i - BLOCK]! ^ t0;
    words[i + 1] = words[i - BLOCK + 1]! ^ t1;
    words[i + 2] = words[i - BLOCK + 2]! ^ t2;
    words[i + 3] = words[i - BLOCK + 3]! ^ t3;
  }
  return words;
}

function decryptBlock(state: Uint8Array, roundKeys: Uint8Array, inverse: Uint8Array): void {
  const addRoundKey = (round: number) => {
    for (let i = 0; i < BLOCK; i++) state[i]! ^= roundKeys[round * BLOCK + i]!;
  };
  const inverseShiftAndSub = () => {
    const copy = state.slice();
    // State is column-major: byte (row r, column c) sits at 4c + r; row r rotates right by r.
    for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) state[4 * ((c + r) % 4) + r] = inverse[copy[4 * c + r]!]!;
  };
  const inverseMixColumns = () => {
    for (let c = 0; c < 4; c++) {
      const [a0, a1, a2, a3] = [state[4 * c]!, state[4 * c + 1]!, state[4 * c + 2]!, state[4 * c + 3]!];
      state[4 * c] = gfMultiply(a0, 14) ^ gfMultiply(a1, 11) ^ gfMultiply(a2, 13) ^ gfMultiply(a3, 9);
      state[4 * c + 1] = gfMultiply(a0, 9) ^ gfMultiply(a1, 14) ^ gfMultiply(a2, 11) ^ gfMultiply(a3, 13);
      state[4 * c + 2] = gfMultiply(a0, 13) ^ gfMultiply(a1, 9) ^ gfMultiply(a2, 14) ^ gfMultiply(a3, 11);
      state[4 * c + 3] = gfMultiply(a0, 11) ^ gfMultiply(a1, 13) ^ gfMultiply(a2, 9) ^ gfMultiply(a3, 14);
    }
  };
  addRoundKey(ROUNDS);
  for (let round = ROUNDS - 1; round > 0; round--) {
    inverseShiftAndSub();
    addRoundKey(round);
    inverseMixColumns();
  }
  inverseShiftAndSub();
  addRoundKey(0);
}

/** Decrypts `ciphertext` (a multiple of 16 bytes) under a 16-byte key and iv, and strips PKCS#7. */
export function aes128CbcDecrypt(key: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array): Uint8Array {
  if (key.length !== BLOCK || iv.length !== BLOCK) throw new Error('AES-128 needs a 16-byte key and iv');
  if (ciphertext.length === 0 || ciphertext.length % BLOCK !== 0) throw new Error('ciphertext is not whole blocks');
  tables ??= buildSboxes();
  const roundKeys = expandKey(key, tables.sbox);
  const plain = new Uint8Array(ciphertext.length);
  let previous = iv;
  for (let offset = 0; offset < ciphertext.length; offset += BLOCK) {
    // Copies (a Node Buffer's slice would share its memory).
    const block = Uint8Array.from(ciphertext.subarray(offset, offset + BLOCK));
    const state = Uint8Array.from(block);
    decryptBlock(state, roundKeys, tables.inverse);
    for (let i = 0; i < BLOCK; i++) plain[offset + i] = state[i]! ^ previous[i]!;
    previous = block;
  }
  const pad = plain[plain.length - 1]!;
  if (pad < 1 || pad > BLOCK || plain.subarray(plain.length - pad).some((byte) => byte !== pad)) throw new Error('bad padding');
  return plain.subarray(0, plain.length - pad);
}

/** An encrypted `data` of the envelope: base64(iv ‖ AES-128-CBC(JSON)) under the hex key. */
export function decryptEnvelopeData(base64: string, aesKeyHex: string): unknown {
  const bytes = base64ToBytes(base64);
  if (bytes.length <= BLOCK) throw new Error('ciphertext too short');
  return JSON.parse(utf8Decode(aes128CbcDecrypt(hexToBytes(aesKeyHex), bytes.subarray(0, BLOCK), bytes.subarray(BLOCK))));
}
