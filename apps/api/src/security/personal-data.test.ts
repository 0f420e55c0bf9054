import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPersonalDataVault } from './personal-data.ts';

const ENCRYPTION_KEY = Buffer.alloc(32, 7);
const vault = (hashKey = 'hash-key-one') => createPersonalDataVault({ encryptionKey: ENCRYPTION_KEY, hashKey });

describe('capabilities derived from the ID hash key (decision 012)', () => {
  it('is 32 base64url characters, the same every time for the same purpose and id', () => {
    const key = vault().capability('order.declaration', 'AbCdEfGhIjKlMnOpQrSt');
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(vault().capability('order.declaration', 'AbCdEfGhIjKlMnOpQrSt')).toBe(key);
  });

  it('differs per id and per hash key', () => {
    const key = vault().capability('order.declaration', 'order-a');
    expect(vault().capability('order.declaration', 'order-b')).not.toBe(key);
    expect(vault('hash-key-two').capability('order.declaration', 'order-a')).not.toBe(key);
  });

  it('uses a key of its own: no capability is a prefix of an ID-number hash of the same text', () => {
    const v = vault();
    const id = 'order-a';
    const plainHmac = (text: string) => createHmac('sha256', 'hash-key-one').update(text).digest().subarray(0, 24).toString('base64url');
    const key = v.capability('order.declaration', id);
    expect(key).not.toBe(plainHmac(`order.declaration\n${id}`));
    expect(key).not.toBe(plainHmac(id));
    expect(Buffer.from(v.hash(`order.declaration\n${id}`), 'hex').subarray(0, 24).toString('base64url')).not.toBe(key);
  });

  it('checks a presented key: only the exact key of that id passes', () => {
    const v = vault();
    const key = v.capability('order.declaration', 'order-a');
    expect(v.checkCapability('order.declaration', 'order-a', key)).toBe(true);
    expect(v.checkCapability('order.declaration', 'order-b', key)).toBe(false);
    expect(v.checkCapability('order.declaration', 'order-a', undefined)).toBe(false);
    expect(v.checkCapability('order.declaration', 'order-a', '')).toBe(false);
    expect(v.checkCapability('order.declaration', 'order-a', key.slice(1))).toBe(false);
    expect(v.checkCapability('order.declaration', 'order-a', `${key}x`)).toBe(false);
    expect(v.checkCapability('order.declaration', 'order-a', key.toLowerCase() === key ? key.toUpperCase() : key.toLowerCase())).toBe(false);
    // Multi-byte text of the same character count is not the key either (and does not throw).
    expect(v.checkCapability('order.declaration', 'order-a', '键'.repeat(32))).toBe(false);
    expect(vault('hash-key-two').checkCapability('order.declaration', 'order-a', key)).toBe(false);
  });

  it('still hashes ID numbers as before (lookups of stored orders keep working)', () => {
    expect(vault().hash('11010519491231002X')).toBe(createHmac('sha256', 'hash-key-one').update('11010519491231002X').digest('hex'));
  });
});
