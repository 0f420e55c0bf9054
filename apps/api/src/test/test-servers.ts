import { readEnv } from '../config.ts';

/**
 * Which database dialects and servers this run of the API tests has, and why a half it lacks is
 * skipped. Every suite is declared on every dialect (apps/api/src/test/dialects.ts), so a half this
 * run cannot test shows in the report as skipped, with the reason in its title, instead of vanishing.
 *
 * - TEST_DIALECTS (`sqlite`, `postgres` or both, comma-separated) names the dialects this run is
 *   for: `npm run test:api` sets `sqlite`, `npm run test:api:pg` (scripts/test-api-pg.sh) sets
 *   `postgres`, so each half runs once. Unset (a developer's `npx vitest run --project api …`):
 *   SQLite, and PostgreSQL too when TEST_DATABASE_URL names one.
 * - TEST_DATABASE_URL: the test PostgreSQL (scripts/pg-test-db.sh prints it).
 * - TEST_REDIS_URL: Redis is here (scripts/redis-test.sh sets it); the Redis suites need it.
 *
 * Under CI=true nothing may be skipped for want of a server: this file is the API project's
 * globalSetup (vitest.config.ts), and it stops the run with one line naming what is missing.
 */

export type Dialect = 'sqlite' | 'postgres';

export const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

/** A dialect of a suite in this run: `skip` is why it does not run here, or false. */
export interface DialectRun {
  dialect: Dialect;
  skip: string | false;
}

export interface SuiteNeeds {
  /** the dialects the suite is about (default: both) */
  only?: readonly Dialect[];
  /** the suite needs Redis (TEST_REDIS_URL) */
  redis?: boolean;
  /** each test's timeout in the suite (vitest's describe option) */
  timeout?: number;
}

function requestedDialects(): Dialect[] | undefined {
  const value = readEnv('TEST_DIALECTS');
  if (value === undefined) return undefined;
  const names = value.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(DIALECTS as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) throw new Error(`TEST_DIALECTS: expected sqlite, postgres or both, comma-separated; got "${value}"`);
  return names as Dialect[];
}

/** Why this run does not test `dialect`, or false when it does. */
export function dialectSkipReason(dialect: Dialect): string | false {
  const requested = requestedDialects();
  if (requested && !requested.includes(dialect)) {
    return dialect === 'sqlite' ? 'TEST_DIALECTS leaves out SQLite: npm run test:api runs it' : 'TEST_DIALECTS leaves out PostgreSQL: npm run test:api:pg runs it';
  }
  if (dialect === 'postgres' && !readEnv('TEST_DATABASE_URL')) return 'TEST_DATABASE_URL unset: npm run test:api:pg runs it';
  return false;
}

/** Why this run cannot test a Redis suite, or false when it can. */
export function redisSkipReason(): string | false {
  return readEnv('TEST_REDIS_URL') ? false : 'TEST_REDIS_URL unset: run through scripts/redis-test.sh, as npm run test:api does';
}

/** Each dialect a suite is about, with whether this run tests it. */
export function dialectRuns(needs: SuiteNeeds = {}): DialectRun[] {
  return (needs.only ?? DIALECTS).map((dialect) => {
    const reasons = [dialectSkipReason(dialect), needs.redis ? redisSkipReason() : false].filter((reason): reason is string => reason !== false);
    return { dialect, skip: reasons.length > 0 ? reasons.join('; ') : false };
  });
}

/** The URL of the test PostgreSQL; throws when this run has none (a PostgreSQL half was not skipped). */
export function testDatabaseUrl(): string {
  const url = readEnv('TEST_DATABASE_URL');
  if (!url) throw new Error('TEST_DATABASE_URL is unset: a PostgreSQL test ran without the test database');
  return url;
}

/**
 * What this run of the API tests lacks that its suites need, one line each: under CI=true, Redis
 * always, and PostgreSQL when the run is for it (TEST_DIALECTS names it, or is unset: every
 * dialect); outside CI, PostgreSQL only when TEST_DIALECTS asks for it by name.
 */
export function missingServers(): string[] {
  const ci = readEnv('CI') !== undefined && readEnv('CI') !== 'false' && readEnv('CI') !== '0';
  const requested = requestedDialects();
  const wantsPostgres = requested ? requested.includes('postgres') : ci;
  const missing: string[] = [];
  if (wantsPostgres && !readEnv('TEST_DATABASE_URL')) {
    missing.push(`PostgreSQL is missing: TEST_DATABASE_URL is unset${ci ? ' under CI=true' : ' and TEST_DIALECTS asks for postgres'}, so the PostgreSQL suites would be skipped (npm run test:api:pg makes the database with scripts/pg-test-db.sh)`);
  }
  if (ci && !readEnv('TEST_REDIS_URL')) {
    missing.push('Redis is missing: TEST_REDIS_URL is unset under CI=true, so the Redis suites would be skipped (run the API tests through scripts/redis-test.sh, as npm run test:api does)');
  }
  return missing;
}

/** The API project's globalSetup (vitest.config.ts): a run that would skip suites for want of a server fails instead. */
export default function requireTestServers(): void {
  const missing = missingServers();
  if (missing.length > 0) throw new Error(missing.join('\n'));
}
