import { describe, expect, it } from 'vitest';
import { ClientEventSchema, FeedbackRequestSchema } from './event.ts';

/** `extra` whose JSON text is exactly `length` characters: {"a":"xx…"} is 8 characters plus the x's. */
const extraOf = (length: number) => ({ a: 'x'.repeat(length - 8) });

describe('ClientEventSchema', () => {
  it('fills the value and the source of a bare event', () => {
    expect(ClientEventSchema.parse({ key: 'client.home.view', type: 'event' })).toEqual({ key: 'client.home.view', value: '', source: 'client', type: 'event' });
  });

  it('takes only keys of the client namespace', () => {
    expect(ClientEventSchema.safeParse({ key: 'server.home.view', type: 'event' }).success).toBe(false);
    expect(ClientEventSchema.safeParse({ key: `client.${'k'.repeat(93)}`, type: 'click' }).success).toBe(true);
    expect(ClientEventSchema.safeParse({ key: `client.${'k'.repeat(94)}`, type: 'click' }).success).toBe(false);
  });

  it('takes extra up to 1024 characters of JSON and refuses one more', () => {
    expect(JSON.stringify(extraOf(1024))).toHaveLength(1024);
    expect(ClientEventSchema.safeParse({ key: 'client.pay', type: 'error', extra: extraOf(1024) }).success).toBe(true);
    const tooLong = ClientEventSchema.safeParse({ key: 'client.pay', type: 'error', extra: extraOf(1025) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues.map((issue) => issue.message)).toEqual(['at most 1024 characters']);
  });

  it('refuses a source other than the client and an unknown type', () => {
    expect(ClientEventSchema.safeParse({ key: 'client.x', type: 'event', source: 'server' }).success).toBe(false);
    expect(ClientEventSchema.safeParse({ key: 'client.x', type: 'view' }).success).toBe(false);
  });
});

describe('FeedbackRequestSchema', () => {
  it('leaves the contact empty when the visitor gave none, and caps the content at 2000 characters', () => {
    expect(FeedbackRequestSchema.parse({ report: { type: '价格', content: '太贵' } })).toEqual({ report: { type: '价格', content: '太贵', contact: '', company: '' } });
    expect(FeedbackRequestSchema.safeParse({ report: { type: '价格', content: '贵'.repeat(2001) } }).success).toBe(false);
  });
});
