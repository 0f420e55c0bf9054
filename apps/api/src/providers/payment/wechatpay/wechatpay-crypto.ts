import { createDecipheriv, createSign, createVerify, type KeyObject } from 'node:crypto';

/**
 * WeChat Pay API v3 message formats on node:crypto (docs/product/payments.md#wechat-pay). Every signed
 * message is its lines, each ending in "\n" (the last one too). Our requests are signed by
 * wechatpay-axios-plugin's Decorator (wechatpay-client.ts), so their message is not built here.
 */
function signingMessage(...lines: string[]): string {
  return lines.map((line) => `${line}\n`).join('');
}

/** What WeChat signs on responses and notifications: `TIMESTAMP\nNONCE\nBODY\n`. */
export function notificationMessage(timestamp: string, nonce: string, body: string): string {
  return signingMessage(timestamp, nonce, body);
}

/** The JSAPI bridge's paySign message: `appId\ntimeStamp\nnonceStr\npackage\n`. */
export function paySignMessage(appId: string, timeStamp: string, nonceStr: string, pkg: string): string {
  return signingMessage(appId, timeStamp, nonceStr, pkg);
}

/** SHA256withRSA (PKCS#1 v1.5), base64. */
export function rsaSign(message: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function rsaVerify(message: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/**
 * AEAD_AES_256_GCM of a notification's `resource`: key = the APIv3 key's UTF-8 bytes, IV = the
 * nonce's UTF-8 bytes (not base64), AAD = associated_data, tag = the ciphertext's last 16 bytes.
 * Returns undefined when the tag does not verify.
 */
export function decryptResource(resource: { ciphertext: string; nonce: string; associated_data?: string | undefined }, apiV3Key: string): string | undefined {
  try {
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    if (bytes.length <= 16) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
