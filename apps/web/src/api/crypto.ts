/**
 * Encrypted responses (docs/product/api.md, decision 002): `data` is base64 of
 * iv (16 bytes) ‖ AES-128-CBC/PKCS#7 ciphertext of the UTF-8 JSON. Web Crypto only,
 * which needs a secure context (HTTPS, or localhost in development).
 */
const IV_BYTES = 16;

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0 || /[^0-9a-f]/i.test(hex)) throw new Error('invalid hex key');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export async function decryptPayload(base64: string, aesKeyHex: string): Promise<unknown> {
  const bytes = base64ToBytes(base64);
  if (bytes.length <= IV_BYTES) throw new Error('ciphertext too short');
  const key = await crypto.subtle.importKey('raw', hexToBytes(aesKeyHex), { name: 'AES-CBC' }, false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-CBC', iv: bytes.slice(0, IV_BYTES) },
    key,
    bytes.slice(IV_BYTES),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as unknown;
}
