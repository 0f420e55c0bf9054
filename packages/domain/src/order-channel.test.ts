import { describe, expect, it } from 'vitest';
import { CHANNEL_MAX_LENGTH, normalizeChannel } from './order-channel.ts';

describe('normalizeChannel', () => {
  it('keeps a short ASCII slug, in lower case', () => {
    expect(normalizeChannel('douyin')).toBe('douyin');
    expect(normalizeChannel('wechat-group')).toBe('wechat-group');
    expect(normalizeChannel(' Baidu_SEM2 ')).toBe('baidu_sem2');
    expect(normalizeChannel('a'.repeat(CHANNEL_MAX_LENGTH))).toBe('a'.repeat(CHANNEL_MAX_LENGTH));
  });

  it('drops anything else to null rather than refusing it', () => {
    for (const bad of ['', '   ', '-lead', 'a'.repeat(CHANNEL_MAX_LENGTH + 1), '抖音', 'x y', 'a\nb', 'a\u001b[31m', '<script>', 'a;b', 'a/b', '%0a', 'none', 'NONE']) {
      expect(normalizeChannel(bad)).toBeNull();
    }
    expect(normalizeChannel(undefined)).toBeNull();
    expect(normalizeChannel(42)).toBeNull();
    expect(normalizeChannel(['douyin'])).toBeNull();
  });
});
