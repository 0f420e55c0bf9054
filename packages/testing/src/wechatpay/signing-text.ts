/**
 * The texts WeChat Pay API v3 signs, as its documentation lays them out: one value a line, every
 * line ending in "\n", the last one too. The fake's own, written from the documentation (the
 * adapter has its own in wechatpay-crypto.ts and the plugin's).
 */

/** What a merchant signs on a request: `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`; a GET's body is empty. */
export function wechatRequestSigningText(method: string, pathAndQuery: string, timestamp: string, nonce: string, body: string): string {
  return `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** What WeChat signs on its answers and notifications: `TIMESTAMP\nNONCE\nBODY\n`. */
export function wechatAnswerSigningText(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}
