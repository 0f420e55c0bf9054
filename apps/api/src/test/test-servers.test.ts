import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import requireTestServers, { dialectRuns, missingServers } from './test-servers.ts';

/** How a run of the API tests picks its dialects, says why it skips the others, and refuses under CI=true to skip for want of a server. */
describe('the test servers of a run', () => {
  beforeEach(() => {
    for (const name of ['CI', 'TEST_DIALECTS', 'TEST_DATABASE_URL', 'TEST_REDIS_URL']) vi.stubEnv(name, '');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('runs SQLite alone without a PostgreSQL, and declares the PostgreSQL half skipped, saying why', () => {
    expect(dialectRuns()).toEqual([
      { dialect: 'sqlite', skip: false },
      { dialect: 'postgres', skip: 'TEST_DATABASE_URL unset: npm run test:api:pg runs it' },
    ]);
    vi.stubEnv('TEST_DATABASE_URL', 'postgres:///kuaibao_test');
    expect(dialectRuns()).toEqual([
      { dialect: 'sqlite', skip: false },
      { dialect: 'postgres', skip: false },
    ]);
  });

  it('runs each half once: TEST_DIALECTS leaves the other run’s half skipped', () => {
    vi.stubEnv('TEST_DATABASE_URL', 'postgres:///kuaibao_test');
    vi.stubEnv('TEST_DIALECTS', 'postgres');
    expect(dialectRuns()).toEqual([
      { dialect: 'sqlite', skip: 'TEST_DIALECTS leaves out SQLite: npm run test:api runs it' },
      { dialect: 'postgres', skip: false },
    ]);
    vi.stubEnv('TEST_DIALECTS', 'sqlite');
    expect(dialectRuns({ only: ['postgres'] })).toEqual([{ dialect: 'postgres', skip: 'TEST_DIALECTS leaves out PostgreSQL: npm run test:api:pg runs it' }]);
    vi.stubEnv('TEST_DIALECTS', 'mysql');
    expect(() => dialectRuns()).toThrow(/TEST_DIALECTS: expected sqlite, postgres or both/);
  });

  it('skips a Redis suite without TEST_REDIS_URL, giving every reason', () => {
    expect(dialectRuns({ redis: true })).toEqual([
      { dialect: 'sqlite', skip: 'TEST_REDIS_URL unset: run through scripts/redis-test.sh, as npm run test:api does' },
      { dialect: 'postgres', skip: 'TEST_DATABASE_URL unset: npm run test:api:pg runs it; TEST_REDIS_URL unset: run through scripts/redis-test.sh, as npm run test:api does' },
    ]);
    vi.stubEnv('TEST_REDIS_URL', 'redis://127.0.0.1:6379');
    expect(dialectRuns({ redis: true, only: ['sqlite'] })).toEqual([{ dialect: 'sqlite', skip: false }]);
  });

  it('lets a developer skip for want of a server, but not CI=true', () => {
    expect(missingServers()).toEqual([]);
    vi.stubEnv('CI', 'true');
    expect(missingServers()).toEqual([expect.stringMatching(/^PostgreSQL is missing: TEST_DATABASE_URL is unset under CI=true/), expect.stringMatching(/^Redis is missing: TEST_REDIS_URL is unset under CI=true/)]);
    expect(() => requireTestServers()).toThrow(/PostgreSQL is missing[^]*Redis is missing/);
    // The SQLite run under CI needs Redis only: its PostgreSQL halves belong to the PostgreSQL run.
    vi.stubEnv('TEST_DIALECTS', 'sqlite');
    vi.stubEnv('TEST_REDIS_URL', 'redis://127.0.0.1:6379');
    expect(missingServers()).toEqual([]);
    vi.stubEnv('TEST_DIALECTS', 'postgres');
    expect(missingServers()).toEqual([expect.stringMatching(/^PostgreSQL is missing/)]);
    vi.stubEnv('TEST_DATABASE_URL', 'postgres:///kuaibao_test');
    expect(() => requireTestServers()).not.toThrow();
  });

  it('asks for PostgreSQL outside CI too when TEST_DIALECTS names it', () => {
    vi.stubEnv('TEST_DIALECTS', 'postgres');
    expect(missingServers()).toEqual([expect.stringMatching(/^PostgreSQL is missing: TEST_DATABASE_URL is unset and TEST_DIALECTS asks for postgres/)]);
  });
});
