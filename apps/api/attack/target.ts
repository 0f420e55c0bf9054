import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEV_DEFAULTS, environmentWith } from '../src/config.ts';
import type { AttackTarget } from './probe.ts';

const SERVER_ENTRY = path.resolve(import.meta.dirname, '../src/server.ts');
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

export interface StartedTarget extends AttackTarget {
  port: number;
  /** The temp directory holding the database and uploads; removed by stop(). */
  dir: string;
  /** The environment the server runs with (the overrides only). */
  env: Readonly<Record<string, string>>;
  stop(): Promise<void>;
}

/**
 * Servers this process started and has not stopped. Should the process end without stopping them
 * (a test runner's timeout, an uncaught error), they are killed with it rather than left running.
 */
const liveChildren = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of liveChildren) child.kill('SIGKILL');
});

/** Kills `child` with this process if it is still running then. */
export function killOnExit(child: ChildProcess): void {
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
}

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitHealthy(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the target exited with ${child.exitCode} before it was healthy:\n${output().slice(-2000)}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`the target was not healthy within ${timeoutMs} ms:\n${output().slice(-2000)}`);
}

/**
 * Starts `apps/api/src/server.ts` as a child process on a free port with a fresh SQLite file in a
 * temp directory: the attack suite's and the crash test's own server. The console's first admin
 * gets a known password. `env` overrides anything (e.g. TRUST_PROXY, timeouts).
 */
export async function startTarget(options: { env?: Record<string, string>; companies?: number; healthTimeoutMs?: number } = {}): Promise<StartedTarget> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-attack-'));
  const port = await freePort();
  const consoleAdmin = { username: 'admin', password: 'attack-admin-pass-1' };
  const sqliteFile = path.join(dir, 'kuaibao.sqlite');
  const env: Record<string, string> = {
    APP_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    SQLITE_FILE: sqliteFile,
    SEED_COMPANIES: String(options.companies ?? 2000),
    LOG_LEVEL: 'info',
    CONSOLE_ADMIN_PASSWORD: consoleAdmin.password,
    SMS_OUTBOX_INTERVAL_MS: '500',
    ...options.env,
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  let child: ChildProcess;
  const output = () => log;

  async function launch(): Promise<void> {
    child = spawn(process.execPath, [SERVER_ENTRY], { cwd: REPO_ROOT, env: environmentWith(env), stdio: ['ignore', 'pipe', 'pipe'] });
    killOnExit(child);
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
    await waitHealthy(baseUrl, child, output, options.healthTimeoutMs ?? 120_000);
  }

  async function halt(signal: NodeJS.Signals): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }

  await launch();
  return {
    baseUrl,
    port,
    dir,
    env,
    signSecret: env.SIGN_SECRET ?? DEV_DEFAULTS.SIGN_SECRET,
    responseAesKey: env.RESPONSE_AES_KEY ?? DEV_DEFAULTS.RESPONSE_AES_KEY,
    sandboxNotifyKey: env.SANDBOX_NOTIFY_KEY ?? DEV_DEFAULTS.SANDBOX_NOTIFY_KEY,
    consoleAdmin,
    sqliteFile,
    logText: output,
    async restart() {
      await halt('SIGTERM');
      await launch();
    },
    async killAndRestart() {
      await halt('SIGKILL');
      await launch();
    },
    async stop() {
      await halt('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
