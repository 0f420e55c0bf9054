import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOG, SIGNATURE_WINDOW_SECONDS } from '@kuaibao/domain';
import { buildApp } from '../app.ts';
import { buildTestApp, signedInject, type TestApp } from '../test/helper.ts';
import { describeDialects } from '../test/dialects.ts';
import { createMemoryNonceStore, type NonceStore } from './nonce-store.ts';
import { createDatabaseNonceStore } from './request-nonces.repository.ts';

function behavesLikeANonceStore(store: () => NonceStore): void {
  it('accepts a nonce once inside its window, and again once it has expired', async () => {
    const nonces = store();
    const t = 1_764_000_000;
    expect(await nonces.remember('nonce-aaaa-1', t)).toBe(true);
    expect(await nonces.remember('nonce-aaaa-1', t + 1)).toBe(false);
    expect(await nonces.remember('nonce-aaaa-1', t + 2 * SIGNATURE_WINDOW_SECONDS - 1)).toBe(false);
    expect(await nonces.remember('nonce-bbbb-2', t + 1)).toBe(true);
    expect(await nonces.remember('nonce-aaaa-1', t + 2 * SIGNATURE_WINDOW_SECONDS)).toBe(true);
    expect(await nonces.remember('nonce-aaaa-1', t + 2 * SIGNATURE_WINDOW_SECONDS + 1)).toBe(false);
  });
}

describe('the in-process nonce store', () => {
  behavesLikeANonceStore(() => createMemoryNonceStore());
});

describeDialects('the database nonce store (%s)', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ dialect, companies: 0 });
  });
  afterAll(async () => {
    await test.close();
  });

  behavesLikeANonceStore(() => createDatabaseNonceStore(test.database.db));

  it('writes the nonces of concurrent requests together, each answered for itself, a repeat in the batch a replay', async () => {
    const nonces = createDatabaseNonceStore(test.database.db);
    const t = 1_764_100_000;
    const names = Array.from({ length: 40 }, (_, i) => `batch-${dialect}-${String(i).padStart(4, '0')}`);
    // Started in one turn of the event loop: one batch, with one nonce twice and one already stored.
    expect(await nonces.remember(names[0]!, t)).toBe(true);
    const answers = await Promise.all([...names, names[5]!].map((nonce) => nonces.remember(nonce, t + 1)));
    expect(answers[0]).toBe(false);
    expect(answers.slice(1, 40).every(Boolean)).toBe(true);
    expect(answers[40]).toBe(false);
    const stored = await test.database.db.selectFrom('request_nonces').select('nonce').where('nonce', 'in', names).execute();
    expect(stored).toHaveLength(40);
    // And the next turn sees them all.
    expect(await Promise.all(names.map((nonce) => nonces.remember(nonce, t + 2)))).toEqual(names.map(() => false));
  });

  it('refuses a captured request after a restart on the same database (docs/security.md)', async () => {
    const request = { url: '/env', nonce: `replay-${dialect}-0001` };
    const first = await signedInject(test, request);
    expect(first.statusCode, first.body).toBe(200);
    // A new server process on the same database: what a restart is.
    const restarted = await buildApp({ config: test.config, database: test.database, now: () => test.clock.now, logger: false });
    try {
      const replay = await signedInject({ ...test, app: restarted }, request);
      expect(replay.statusCode).toBe(ERROR_CATALOG.REQUEST_REPLAYED.status);
      expect((replay.json() as { code: number }).code).toBe(ERROR_CATALOG.REQUEST_REPLAYED.code);
    } finally {
      await restarted.close();
    }
  });
});
