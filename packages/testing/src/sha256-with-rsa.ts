import { sign, verify, type KeyObject } from 'node:crypto';

/**
 * SHA256withRSA (PKCS#1 v1.5) over a text's UTF-8 bytes, base64: the signature both gateways use
 * (WeChat Pay's WECHATPAY2-SHA256-RSA2048, Alipay's RSA2). The fakes' own, on node:crypto's
 * one-shot sign/verify; the adapters sign through their SDKs.
 */
export function signSha256WithRsa(text: string, privateKey: KeyObject): string {
  return sign('sha256', Buffer.from(text, 'utf8'), privateKey).toString('base64');
}

/** False for a wrong signature and for one that is not even base64 of the key's size. */
export function verifySha256WithRsa(text: string, signatureBase64: string, publicKey: KeyObject): boolean {
  try {
    return verify('sha256', Buffer.from(text, 'utf8'), publicKey, Buffer.from(signatureBase64, 'base64'));
  } catch {
    return false;
  }
}
