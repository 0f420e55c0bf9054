import { afterEach, describe, expect, it } from 'vitest';
import type { RuntimeFacts } from '../platform/detect.ts';
import { SNAPSHOT_ELEMENT_ID, usableSnapshot, type PrerenderSnapshot } from './snapshot.ts';

const PHONE: RuntimeFacts = { host: 'h5', platform: 'web', formFactor: 'phone', os: 'android', inMessenger: false };
const SNAPSHOT: PrerenderSnapshot = {
  path: '/check',
  basename: '',
  platform: { ...PHONE, variant: 'v0' },
  site: { config: null, goods: [], prevInfo: null, ready: false },
};

function writeSnapshot(value: unknown) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = SNAPSHOT_ELEMENT_ID;
  element.textContent = typeof value === 'string' ? value : JSON.stringify(value);
  document.body.append(element);
}

afterEach(() => document.getElementById(SNAPSHOT_ELEMENT_ID)?.remove());

describe('usableSnapshot', () => {
  it('is the snapshot for the visit it was rendered for (case and a trailing slash aside)', () => {
    writeSnapshot(SNAPSHOT);
    expect(usableSnapshot(document, PHONE, '', '/check', '')).toEqual(SNAPSHOT);
    expect(usableSnapshot(document, PHONE, '', '/Check/', '?from=menu')).toEqual(SNAPSHOT);
  });

  it('is null for another route, base path, host or form factor, so React renders over the HTML', () => {
    writeSnapshot(SNAPSHOT);
    expect(usableSnapshot(document, PHONE, '', '/checkDetail', '')).toBeNull();
    expect(usableSnapshot(document, PHONE, '/corp', '/check', '')).toBeNull();
    expect(usableSnapshot(document, { ...PHONE, host: 'wx-mp', platform: 'wx-mp', inMessenger: true }, '', '/check', '')).toBeNull();
    expect(usableSnapshot(document, { ...PHONE, formFactor: 'desktop' }, '', '/check', '')).toBeNull();
  });

  it('is null for a corp address carrying WeChat’s code (the home redirects at once)', () => {
    writeSnapshot({ ...SNAPSHOT, path: '/', basename: '/corp', platform: { ...SNAPSHOT.platform, host: 'wx-oa', platform: 'wx-oa' } });
    const corp: RuntimeFacts = { ...PHONE, host: 'wx-oa', platform: 'wx-oa', inMessenger: true };
    expect(usableSnapshot(document, corp, '/corp', '/', '')).not.toBeNull();
    expect(usableSnapshot(document, corp, '/corp', '/', '?code=abc&state=x')).toBeNull();
  });

  it('is null without a snapshot or with one that is not JSON', () => {
    expect(usableSnapshot(document, PHONE, '', '/check', '')).toBeNull();
    writeSnapshot('{not json');
    expect(usableSnapshot(document, PHONE, '', '/check', '')).toBeNull();
  });
});
