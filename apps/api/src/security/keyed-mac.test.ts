import { describe, expect, it } from 'vitest';
import { createKeyedMac } from './keyed-mac.ts';

describe('createKeyedMac', () => {
  const mac = createKeyedMac('kuaibao-test-id-hash-key', 'label one');

  it('verifies its own tags, of the length asked for', () => {
    const tag = mac.tag('order.declaration\nabc', 24);
    expect(tag).toHaveLength(32);
    expect(mac.verify('order.declaration\nabc', tag, 24)).toBe(true);
    expect(mac.verify('order.declaration\nabd', tag, 24)).toBe(false);
    expect(mac.tag('x')).toHaveLength(43);
  });

  it('refuses a missing, altered, re-spelt or shortened tag', () => {
    const tag = mac.tag('text');
    expect(mac.verify('text', undefined)).toBe(false);
    expect(mac.verify('text', '')).toBe(false);
    expect(mac.verify('text', `${tag.slice(0, -1)}${tag.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(mac.verify('text', `${tag}=`)).toBe(false);
    expect(mac.verify('text', tag.slice(0, 20))).toBe(false);
  });

  it('gives each label and each secret its own key', () => {
    expect(createKeyedMac('kuaibao-test-id-hash-key', 'label two').tag('text')).not.toBe(mac.tag('text'));
    expect(createKeyedMac('another-deployment-key', 'label one').tag('text')).not.toBe(mac.tag('text'));
  });
});
