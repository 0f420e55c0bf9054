import { describe, expect, it } from 'vitest';
import { buildTestApp, signedInject, validOrderForm } from '../test/helper.ts';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('masks a phone number in a lookup and hides the signature', () => {
    const url = redactUrl('/api/h5/order/phone?phone=13812345678&timestamp=1764000000&nonce=abcdefgh12&signature=0123456789abcdef0123456789abcdef');
    expect(url).toBe('/api/h5/order/phone?phone=138****5678&timestamp=1764000000&nonce=***&signature=***');
  });

  it('hides order ids, edit keys, OAuth codes and states', () => {
    expect(redactUrl('/api/h5/order/detail?id=8f3a9c1e2b&x=1')).toBe('/api/h5/order/detail?id=***&x=1');
    expect(redactUrl('/corp/?code=0a1b2c&state=s1')).toBe('/corp/?code=***&state=***');
    expect(redactUrl('/api/user/login?mpCode=zz&ID=abc')).toBe('/api/user/login?mpCode=***&ID=***');
  });

  it("hides the lookup's proofs: the device's order keys and a verified phone's token (decision 049)", () => {
    expect(redactUrl('/api/h5/order/phone?phone=13812345678&keys=abc.def&phone_token=1790000000.xyz')).toBe('/api/h5/order/phone?phone=138****5678&keys=***&phone_token=***');
    expect(redactUrl('/api/h5/order/detail?id=a&key=k&phone_token=t')).toBe('/api/h5/order/detail?id=***&key=***&phone_token=***');
  });

  it('hides upload names and payment order numbers in paths', () => {
    expect(redactUrl('/uploads/3f2a9e7c0b1d4e5f8a6b7c8d9e0f1a2b.png')).toBe('/uploads/***');
    expect(redactUrl('/sandbox/cashier/KB20261124000001/pay')).toBe('/sandbox/cashier/***/pay');
  });

  it('masks phone and ID numbers wherever they appear, even percent-encoded or in the path', () => {
    expect(redactUrl('/api/h5/company?keyword=%E5%BC%A013812345678')).not.toContain('13812345678');
    expect(redactUrl('/x/13812345678')).toBe('/x/138****5678');
    expect(redactUrl('/x?q=11010519491231002X')).not.toContain('11010519491231002X');
    expect(redactUrl('/x?q=1101051949123100')).toContain('1101051949123100');
  });

  it('survives malformed encodings', () => {
    expect(redactUrl('/x?phone=%E0%A4%A&%ZZ=1&flag')).toContain('/x?');
    expect(redactUrl('/x?a=1#13812345678')).toBe('/x?a=1');
  });
});

describe('the request log of a running app', () => {
  it('keeps neither the phone, nor the ID number, nor the order id of a visitor', async () => {
    const lines: string[] = [];
    const test = await buildTestApp({ companies: 0, env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void lines.push(line) } });
    try {
      const created = await signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm() });
      expect(created.statusCode, created.body).toBe(200);
      const orderId = (created.json() as { data: { orderId: string } }).data.orderId;
      await signedInject(test, { url: '/api/h5/order/detail', query: { id: orderId } });
      await signedInject(test, { url: '/api/h5/order/phone', query: { phone: '13812345678' } });
      const log = lines.join('');
      expect(log).toContain('/api/h5/order/phone?phone=138****5678');
      expect(log).not.toContain('13812345678');
      expect(log).not.toContain('11010519491231002X');
      expect(log).not.toContain(orderId);
    } finally {
      await test.close();
    }
  });
});
