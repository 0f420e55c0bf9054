import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_REPORT_TYPE, signRequest } from '@kuaibao/domain';
import { DEV_DEFAULTS, environmentWith } from './config.ts';

/**
 * SIGTERM on the real process (server.ts, docs/decisions/026-cluster-run-and-graceful-shutdown.md):
 * a request in flight completes, /readyz says 503 at once, new connections are refused after the
 * grace, and the exit code tells whether everything finished within the timeout.
 */

const SERVER = path.resolve(import.meta.dirname, 'server.ts');

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

let dir: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-shutdown-'));
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function boot(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, [SERVER], {
    env: environmentWith({ SQLITE_FILE: path.join(dir, `${randomUUID()}.sqlite`), PORT: '0', HOST: '127.0.0.1', SEED_COMPANIES: '0', LOG_LEVEL: 'info', APP_ENV: 'test', PAYMENT_SWEEP_INTERVAL_SECONDS: '1', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const check = () => {
      const running = /is running: http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (running) resolve(Number(running[1]));
    };
    child.stdout!.on('data', check);
    void exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)));
  });
  return { child, port, output: () => output, exited };
}

/** A signed feedback POST whose body arrives in two parts, so the request is in flight until `finish`. */
function startSlowRequest(port: number): { socket: Socket; finish: () => Promise<string> } {
  const body = JSON.stringify({ report: { type: DEFAULT_REPORT_TYPE, content: '关机时仍在上传的请求', contact: '' } });
  const query = { timestamp: String(Math.floor(Date.now() / 1000)), nonce: randomUUID() };
  const signature = signRequest({ query, body, secret: DEV_DEFAULTS.SIGN_SECRET });
  const bytes = Buffer.from(body, 'utf8');
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  const closed = new Promise<string>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
  socket.write(
    `POST /api/user/feedback?timestamp=${query.timestamp}&nonce=${query.nonce}&signature=${signature} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${bytes.length}\r\nX-Device-Id: device-shutdown-1\r\nX-Platform: web\r\nX-Channel: web\r\nX-Version: 3.0.0\r\n\r\n`,
  );
  socket.write(bytes.subarray(0, 10));
  return {
    socket,
    finish: async () => {
      socket.write(bytes.subarray(10));
      return closed;
    },
  };
}

/** One request on a fresh connection; the whole answer as text (the server closes after it here). */
function rawGet(port: number, url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
      // Keep-alive answers would leave the socket open: stop at the end of a complete body.
      const length = /content-length: (\d+)/i.exec(answer);
      const headerEnd = answer.indexOf('\r\n\r\n');
      if (length && headerEnd >= 0 && Buffer.byteLength(answer.slice(headerEnd + 4)) >= Number(length[1])) socket.end();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.write(`GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  });
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** Waits until the server has logged a line with every one of `parts` (it logs JSON lines). */
async function untilLogged(server: Running, ...parts: string[]): Promise<void> {
  await vi.waitFor(() => expect(server.output().split('\n').some((line) => parts.every((part) => line.includes(part))), `a log line with ${parts.join(' and ')}:\n${server.output()}`).toBe(true), { timeout: 10_000, interval: 20 });
}

/** The server has the slow request's headers (it logs a request as it comes in) and waits for the rest of the body. */
const untilSlowRequestIn = (server: Running) => untilLogged(server, '"msg":"incoming request"', '"method":"POST"', '/api/user/feedback');

describe('graceful shutdown on SIGTERM', () => {
  it('answers the request in flight, says not ready at once, refuses new connections after the grace, and exits 0', async () => {
    const server = await boot({ SHUTDOWN_GRACE_MS: '1500', SHUTDOWN_TIMEOUT_MS: '10000' });
    const ready = await rawGet(server.port, '/readyz');
    expect(ready).toMatch(/^HTTP\/1\.1 200 /);
    expect(ready.toLowerCase()).toContain('connection: keep-alive');

    const slow = startSlowRequest(server.port);
    await untilSlowRequestIn(server);
    server.child.kill('SIGTERM');
    await untilLogged(server, 'stopping: draining');

    // During the grace: still listening, but not ready, and every answer closes its connection.
    const draining = await rawGet(server.port, '/readyz');
    expect(draining).toMatch(/^HTTP\/1\.1 503 /);
    expect(draining.toLowerCase()).toContain('connection: close');
    const alive = await rawGet(server.port, '/healthz');
    expect(alive).toMatch(/^HTTP\/1\.1 200 /);
    expect(alive.toLowerCase()).toContain('connection: close');

    // After the grace: no new connections, while the slow request is still open.
    await vi.waitFor(async () => expect(await connectionRefused(server.port)).toBe(true), { timeout: 10_000, interval: 50 });
    expect(server.child.exitCode).toBeNull();

    const answer = await slow.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"code":0');
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
  }, 60_000);

  it('logs and exits 1 when a request is still running after the timeout', async () => {
    const server = await boot({ SHUTDOWN_GRACE_MS: '0', SHUTDOWN_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '60000' });
    const slow = startSlowRequest(server.port);
    await untilSlowRequestIn(server);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    // Not before the timeout: the request had its chance.
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1000);
    expect(server.output()).toContain('still running after the timeout');
    slow.socket.destroy();
  }, 60_000);
});
