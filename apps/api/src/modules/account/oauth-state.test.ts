import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { createOnceKeys } from '../../shared-state/once-keys.ts';
import { createOAuthStateBinding, oauthStateMac } from './oauth-state.ts';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function binding(idHashKey = 'kuaibao-test-id-hash-key') {
  const clock = { now: new Date('2026-11-24T02:00:00Z') };
  return { clock, states: createOAuthStateBinding({ mac: oauthStateMac(idHashKey), now: () => clock.now, used: createOnceKeys({ now: () => clock.now }) }) };
}

describe('OAuth state binding (decision 013)', () => {
  it('derives its key from ID_HASH_KEY under its own label: neither the key itself nor another deployment’s', () => {
    const tag = oauthStateMac('kuaibao-test-id-hash-key').tag('state.1');
    expect(tag).toHaveLength(43);
    expect(tag).not.toBe(createHmac('sha256', 'kuaibao-test-id-hash-key').update('state.1').digest('base64url'));
    expect(tag).not.toBe(oauthStateMac('another-deployment-key').tag('state.1'));
  });

  it('refuses a cookie signed with another key', async () => {
    const ours = binding();
    const theirs = binding('another-deployment-key');
    const issued = theirs.states.issue();
    expect(await ours.states.consume(issued.cookie, issued.state)).toBe(false);
    expect(await theirs.states.consume(issued.cookie, issued.state)).toBe(true);
  });

  it('refuses another spelling of the right signature (base64url’s unused low bits)', async () => {
    const { states } = binding();
    const issued = states.issue();
    const signature = issued.cookie.split('.')[2]!;
    const last = BASE64URL.indexOf(signature.at(-1)!);
    // The last of 43 characters carries 4 bits of the 32-byte MAC; its 2 low bits are padding.
    const twin = BASE64URL[last ^ 1]!;
    expect(Buffer.from(`${signature.slice(0, -1)}${twin}`, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
    expect(await states.consume(issued.cookie.replace(/.$/, twin), issued.state)).toBe(false);
    expect(await states.consume(issued.cookie, issued.state)).toBe(true);
  });

  it('takes a state once, until it would have expired anyway', async () => {
    const { clock, states } = binding();
    const issued = states.issue();
    expect(await states.consume(issued.cookie, issued.state)).toBe(true);
    expect(await states.consume(issued.cookie, issued.state)).toBe(false);
    clock.now = new Date(clock.now.getTime() + 599_999);
    expect(await states.consume(issued.cookie, issued.state)).toBe(false);
  });

  it('expires exactly after its time to live', async () => {
    const { clock, states } = binding();
    const early = states.issue();
    const late = states.issue();
    clock.now = new Date(clock.now.getTime() + 599_999);
    expect(await states.consume(early.cookie, early.state)).toBe(true);
    clock.now = new Date(clock.now.getTime() + 1);
    expect(await states.consume(late.cookie, late.state)).toBe(false);
  });

  it('refuses empty, oversized and non-text input without throwing', async () => {
    const { states } = binding();
    const issued = states.issue();
    expect(await states.consume(undefined, issued.state)).toBe(false);
    expect(await states.consume('', issued.state)).toBe(false);
    expect(await states.consume(issued.cookie, undefined)).toBe(false);
    expect(await states.consume(`${issued.cookie}.x`, issued.state)).toBe(false);
    expect(await states.consume('a'.repeat(10_000), 'a'.repeat(129))).toBe(false);
    expect(await states.consume(issued.cookie, issued.state)).toBe(true);
  });
});
