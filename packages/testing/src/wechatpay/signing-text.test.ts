import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signSha256WithRsa, verifySha256WithRsa } from '../sha256-with-rsa.ts';
import { wechatAnswerSigningText, wechatRequestSigningText } from './signing-text.ts';

describe('the WeChat Pay fake’s signing texts (documentation examples)', () => {
  it('builds the request signing text of the GET /v3/certificates example, empty body and all', () => {
    expect(wechatRequestSigningText('GET', '/v3/certificates', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', '')).toBe(
      'GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n',
    );
  });

  it('keeps the query in the URL line and the body byte for byte', () => {
    expect(wechatRequestSigningText('POST', '/v3/pay/transactions/native?x=1', '1554208460', 'n', '{"a":1}')).toBe('POST\n/v3/pay/transactions/native?x=1\n1554208460\nn\n{"a":1}\n');
  });

  it('builds the answer and notification signing text', () => {
    expect(wechatAnswerSigningText('1554208460', 'abc', '{"a":1}')).toBe('1554208460\nabc\n{"a":1}\n');
    expect(wechatAnswerSigningText('1554208460', 'abc', '')).toBe('1554208460\nabc\n\n');
  });
});

describe('the fakes’ SHA256withRSA', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });

  it('verifies what it signed, over the UTF-8 bytes', () => {
    const signature = signSha256WithRsa('营业执照年报\n', privateKey);
    expect(Buffer.from(signature, 'base64')).toHaveLength(256);
    expect(verifySha256WithRsa('营业执照年报\n', signature, publicKey)).toBe(true);
  });

  it('refuses another text, another key and a signature that is not one', () => {
    const signature = signSha256WithRsa('a\n', privateKey);
    expect(verifySha256WithRsa('a\n ', signature, publicKey)).toBe(false);
    expect(verifySha256WithRsa('a\n', signature, other.publicKey)).toBe(false);
    expect(verifySha256WithRsa('a\n', 'not base64!', publicKey)).toBe(false);
  });
});
