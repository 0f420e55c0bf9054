import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

/**
 * Response encryption for routes that return personal data (docs/product/api.md):
 * base64(iv ‖ AES-128-CBC/PKCS#7(JSON)). The web app decrypts with Web Crypto.
 * The key ships in the web app; this keeps personal data out of casual logs and
 * proxies, it is not a substitute for TLS (docs/decisions/002-envelope.md).
 */
/** The key object of each raw key, imported once: Node imports a raw key on every cipher it is given to. */
const keyObjects = new WeakMap<Buffer, KeyObject>();

function keyObjectOf(key: Buffer): KeyObject {
  let object = keyObjects.get(key);
  if (!object) keyObjects.set(key, (object = createSecretKey(key)));
  return object;
}

export function encryptJson(value: unknown, key: Buffer): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-128-cbc', keyObjectOf(key), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body]).toString('base64');
}

export function decryptJson(payload: string, key: Buffer): unknown {
  const raw = Buffer.from(payload, 'base64');
  const decipher = createDecipheriv('aes-128-cbc', keyObjectOf(key), raw.subarray(0, 16));
  const text = Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]).toString('utf8');
  return JSON.parse(text);
}
