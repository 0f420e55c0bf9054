import { FIRST_AGREEMENT_VERSION } from '../seed/defaults.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { signRequest, type Envelope, ID_NUMBER_CONSENT_VERSION } from '@kuaibao/domain';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createDatabase, type AppDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { decryptJson } from '../http/response-crypto.ts';
import { seedDatabase } from '../seed/seed.ts';
import { testDatabaseUrl, type Dialect } from './test-servers.ts';

// Which dialects a run tests, and why it skips the others: test-servers.ts; suites per dialect: dialects.ts.
export type { Dialect } from './test-servers.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: AppDatabase;
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

/** A fresh, empty database (not migrated): a temp SQLite file, or a schema of its own in the test PostgreSQL; `cleanup` drops it. */
export async function openTestDatabase(dialect: Dialect, options: { max?: number } = {}): Promise<{ database: AppDatabase; dir: string; cleanup(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-db-'));
  const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const database =
    dialect === 'sqlite'
      ? await createDatabase({ kind: 'sqlite', file: path.join(dir, 'test.sqlite') })
      : await createDatabase({ kind: 'postgres', url: testDatabaseUrl(), schema, ...(options.max ? { max: options.max } : {}) });
  return {
    database,
    dir,
    async cleanup() {
      if (database.kind === 'postgres') await database.raw.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A whole app on a fresh database (a temp SQLite file, or a fresh schema in the test PostgreSQL). */
export async function buildTestApp(options: { dialect?: Dialect; companies?: number; env?: Record<string, string>; /** the test clock's start (default: the real time) */ now?: Date; logStream?: { write(line: string): void }; onRoute?: (route: RouteOptions) => void } = {}): Promise<TestApp> {
  const { database, dir, cleanup } = await openTestDatabase(options.dialect ?? 'sqlite');
  const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', SQLITE_FILE: path.join(dir, 'test.sqlite'), ...options.env });
  await migrate(database);
  await seedDatabase(database, { companies: options.companies ?? 2000 });
  const clock = {
    now: options.now ?? new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const app = await buildApp({ config, database, now: () => clock.now, ...(options.logStream ? { logStream: options.logStream } : { logger: false }), ...(options.onRoute ? { onRoute: options.onRoute } : {}) });
  return {
    app,
    config,
    database,
    clock,
    async close() {
      await app.close();
      await cleanup();
    },
  };
}

export interface SignedRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  query?: Record<string, string>;
  /** An object is sent as JSON; a string is sent as is (for malformed bodies). */
  body?: unknown;
  headers?: Record<string, string>;
  /** The client's address (rate limits count per address). */
  remoteAddress?: string;
  /** Overrides for negative tests. */
  timestamp?: number;
  nonce?: string;
  signature?: string;
}

/** Sends a request the way the web client does: signed query, exact JSON body, client headers. */
export function signedInject(test: TestApp, request: SignedRequest): Promise<LightMyRequestResponse> {
  const method = request.method ?? 'GET';
  const bodyText = request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  const query: Record<string, string> = {
    ...request.query,
    timestamp: String(request.timestamp ?? Math.floor(test.clock.now.getTime() / 1000)),
    nonce: request.nonce ?? randomUUID(),
  };
  query.signature = request.signature ?? signRequest({ query, body: method === 'POST' || method === 'PUT' ? bodyText : undefined, secret: test.config.signature.secret });
  const options: InjectOptions = {
    method,
    url: request.url,
    query,
    headers: { 'x-device-id': 'device-test-1', 'x-platform': 'web', 'x-channel': 'web', 'x-version': '3.0.0', ...(bodyText !== undefined ? { 'content-type': 'application/json' } : {}), ...request.headers },
    ...(bodyText !== undefined ? { payload: bodyText } : {}),
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  };
  return test.app.inject(options);
}

/** The envelope of a response, with `data` decrypted when the server encrypted it. */
export function envelopeOf<T = unknown>(test: TestApp, response: LightMyRequestResponse): Envelope & { data: T } {
  const envelope = response.json() as Envelope;
  const data = envelope.encrypt ? decryptJson(envelope.data as string, test.config.responseAesKey) : envelope.data;
  return { ...envelope, data: data as T };
}

/** A valid order form for a seeded company. */
export function validOrderForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    goods_id: '1',
    pay_type: 'weixin',
    pay_source: 'native',
    source: 'web',
    entity_name: '北京字节跳动科技有限公司',
    entity_id: '91110108551385082Q',
    entity_legal: '张一鸣',
    entity_idno: '11010519491231002X',
    entity_phone: '13812345678',
    extra: { consent: true, agreement_version: FIRST_AGREEMENT_VERSION, idno_consent: true, idno_consent_version: ID_NUMBER_CONSENT_VERSION },
    // 信用修复 needs the record to repair; the other services ignore it.
    credit_record: 'business_anomaly',
    ...overrides,
  };
}
