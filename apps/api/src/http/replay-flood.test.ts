import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_VERSION, ERROR_CATALOG, canonicalRequestString } from '@kuaibao/domain';
import { DEV_DEFAULTS, environmentWith } from '../config.ts';
import { describeDialects } from '../test/dialects.ts';

/**
 * A flood of signed requests that are all refused must not fill the disk
 * (docs/decisions/051-replay-in-process.md): 60 s at full speed from one address over 4 connections
 * against the real server process on SQLite (server.ts, its checkpoint worker included), every
 * request freshly signed, all but the first 30 refused 429 by the phone lookup's limit. Before the
 * replay cache moved into the process, each of them wrote its nonce and the write-ahead log grew by
 * hundreds of megabytes. The SQLite files (database, -wal, -shm) must grow by less than 10 MB,
 * at their largest during the flood.
 */

const SERVER = path.resolve(import.meta.dirname, '../server.ts');
const FLOOD_SECONDS = 60;
const CONNECTIONS = 4;
const GROWTH_LIMIT_BYTES = 10 * 1024 * 1024;
const CLIENT_HEADERS = { 'x-device-id': 'flood-device', 'x-platform': 'web', 'x-channel': 'web', 'x-version': API_VERSION, accept: 'application/json' };

let dir: string;
let file: string;
let child: ChildProcess | undefined;
let origin: string;
let output = '';

function sqliteBytes(): number {
  let total = 0;
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      total += statSync(`${file}${suffix}`).size;
    } catch {
      // not there (yet): nothing on disk
    }
  }
  return total;
}

/** The phone lookup signed as the web client signs it, with a fresh timestamp and nonce. */
function signedLookup(): string {
  const query: Record<string, string> = { phone: '13812345678', timestamp: String(Math.floor(Date.now() / 1000)), nonce: randomUUID() };
  query.signature = createHash('md5').update(canonicalRequestString({ query, body: undefined, secret: DEV_DEFAULTS.SIGN_SECRET }), 'utf8').digest('hex');
  return `/api/h5/order/phone?${new URLSearchParams(query).toString()}`;
}

describeDialects('a flood of refused signed requests (%s, the real server)', { only: ['sqlite'] }, () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-flood-'));
    file = path.join(dir, 'flood.sqlite');
    child = spawn(process.execPath, [SERVER], {
      env: environmentWith({ SQLITE_FILE: file, UPLOADS_DIR: path.join(dir, 'uploads'), PORT: '0', HOST: '127.0.0.1', SEED_COMPANIES: '0', LOG_LEVEL: 'warn', APP_ENV: 'test' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
    child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000)));
    const port = await new Promise<number>((resolve, reject) => {
      child!.stdout!.on('data', (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-4000);
        const running = /is running: http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
        if (running) resolve(Number(running[1]));
      });
      void exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)));
    });
    origin = `http://127.0.0.1:${port}`;
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(`grows the SQLite files by less than 10 MB in ${FLOOD_SECONDS} s`, async () => {
    // The lookup's limit (30 per 10 minutes per address) spent first: what follows is refused.
    for (let i = 0; i < 31; i += 1) await fetch(`${origin}${signedLookup()}`, { headers: CLIENT_HEADERS }).then((response) => response.arrayBuffer());
    const refusal = await fetch(`${origin}${signedLookup()}`, { headers: CLIENT_HEADERS });
    expect(refusal.status).toBe(ERROR_CATALOG.RATE_LIMITED.status);
    expect(((await refusal.json()) as { code: number }).code).toBe(ERROR_CATALOG.RATE_LIMITED.code);

    const before = sqliteBytes();
    let largest = before;
    const sampler = setInterval(() => (largest = Math.max(largest, sqliteBytes())), 200);
    const statuses = new Map<number, number>();
    let result: autocannon.Result;
    try {
      result = await new Promise<autocannon.Result>((resolve, reject) => {
        autocannon(
          {
            url: origin,
            connections: CONNECTIONS,
            duration: FLOOD_SECONDS,
            requests: [
              {
                method: 'GET',
                headers: CLIENT_HEADERS,
                setupRequest: (request) => ({ ...request, path: signedLookup() }),
                onResponse: (status: number) => void statuses.set(status, (statuses.get(status) ?? 0) + 1),
              },
            ],
          },
          (error, finished) => (error ? reject(error) : resolve(finished)),
        );
      });
    } finally {
      clearInterval(sampler);
    }
    const after = sqliteBytes();
    largest = Math.max(largest, after);
    const growth = largest - before;
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
    console.log(
      `[flood] ${result.requests.total.toLocaleString('en-US')} signed requests in ${FLOOD_SECONDS} s over ${CONNECTIONS} connections (${Math.round(result.requests.average).toLocaleString('en-US')} req/s), ` +
        `statuses ${JSON.stringify(Object.fromEntries(statuses))}; SQLite files ${mb(before)} MB before, ${mb(largest)} MB at most, ${mb(after)} MB after: grew by ${mb(growth)} MB (limit ${mb(GROWTH_LIMIT_BYTES)} MB)`,
    );

    // It was a flood, and it was refused: every answer a 429 but one window's worth (the limit holds), none lost.
    expect(result.errors, output).toBe(0);
    expect(result.requests.total).toBeGreaterThan(1000);
    // The limit's 10-minute window may turn during the minute: at most one window's 30 get through.
    expect([...statuses.keys()].filter((status) => status !== ERROR_CATALOG.RATE_LIMITED.status && status !== 200)).toEqual([]);
    expect(statuses.get(200) ?? 0).toBeLessThanOrEqual(30);
    expect(growth).toBeLessThan(GROWTH_LIMIT_BYTES);
  }, (FLOOD_SECONDS + 60) * 1000);
});
