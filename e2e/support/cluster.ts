import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { signRequest } from '@kuaibao/domain';

/**
 * What the cluster specs need of the run scripts/test-cluster.sh started: where nginx and each
 * instance listen, the env file both instances read, the database, and how to stop and start an
 * instance (scripts/cluster-instance.sh, the systemd unit's way).
 */

export interface Instance {
  name: 'A' | 'B';
  port: number;
  metricsPort: number;
  /** The instance itself, past nginx. */
  origin: string;
}

const RUN_DIR = process.env.CLUSTER_RUN_DIR ?? '';
const repoRoot = path.resolve(import.meta.dirname, '../..');

export const INSTANCES: readonly Instance[] = (process.env.CLUSTER_INSTANCES ?? '3402:3412 3403:3413')
  .trim()
  .split(/\s+/)
  .map((pair, index) => {
    const [port, metricsPort] = pair.split(':').map(Number);
    return { name: index === 0 ? 'A' : 'B', port: port!, metricsPort: metricsPort!, origin: `http://127.0.0.1:${port}` };
  });
export const [A, B] = INSTANCES as [Instance, Instance];

/** A setting of the env file both instances run with (made from .env.example by the run script). */
export function clusterSetting(key: string): string {
  if (!RUN_DIR) throw new Error('CLUSTER_RUN_DIR is not set: run these specs through npm run test:cluster');
  const line = readFileSync(path.join(RUN_DIR, 'kuaibao.env'), 'utf8')
    .split('\n')
    .find((text) => text.startsWith(`${key}=`));
  if (line === undefined) throw new Error(`${key} is not set in the cluster's env file`);
  return line.slice(key.length + 1);
}

/** One SQL query on the cluster's database through psql; rows as lines, columns separated by |. */
export function sql(query: string): string {
  return execFileSync('psql', [clusterSetting('DATABASE_URL'), '-v', 'ON_ERROR_STOP=1', '-Atc', query], { encoding: 'utf8' }).trim();
}

/** The client headers the web app sends (apps/web/src/api/client.ts). */
export const CLIENT_HEADERS = { 'x-device-id': 'device-cluster-1', 'x-platform': 'web', 'x-channel': 'web', 'x-version': '3.0.0' } as const;

/** A signed query string for a visitor API call (packages/domain/src/signature.ts), fresh nonce. */
export function signedQuery(query: Record<string, string>, body?: string): string {
  const full: Record<string, string> = { ...query, timestamp: String(Math.floor(Date.now() / 1000)), nonce: randomUUID() };
  full.signature = signRequest({ query: full, body, secret: clusterSetting('SIGN_SECRET') });
  return new URLSearchParams(full).toString();
}

/** The instance's Prometheus text (METRICS_PORT). */
export async function scrape(instance: Instance): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${instance.metricsPort}/metrics`);
  if (!response.ok) throw new Error(`metrics of ${instance.name}: HTTP ${response.status}`);
  return response.text();
}

/** The sum of a series' samples whose labels include `labels`. */
export function metricSum(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const sample = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample || sample[1] !== name) continue;
    const seen = Object.fromEntries([...(sample[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((match) => [match[1], match[2]]));
    if (Object.entries(labels).every(([key, value]) => seen[key] === value)) sum += Number(sample[3]);
  }
  return sum;
}

/** Requests an instance answered, its probes (which the specs call directly) left out. */
export async function requestsServed(instance: Instance): Promise<number> {
  const text = await scrape(instance);
  return metricSum(text, 'kuaibao_http_requests_total') - metricSum(text, 'kuaibao_http_requests_total', { route: '/readyz' }) - metricSum(text, 'kuaibao_http_requests_total', { route: '/healthz' });
}

function runFile(instance: Instance, kind: 'pid' | 'exit'): string {
  return path.join(RUN_DIR, `instance-${instance.port}.${kind}`);
}

export function signalInstance(instance: Instance, signal: 'SIGKILL' | 'SIGTERM'): void {
  process.kill(Number(readFileSync(runFile(instance, 'pid'), 'utf8')), signal);
}

/** The instance's exit status once it has ended (137 after SIGKILL). */
export async function exitStatus(instance: Instance, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(runFile(instance, 'exit'))) return Number(readFileSync(runFile(instance, 'exit'), 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`instance ${instance.name} still running after ${timeoutMs} ms`);
}

/** Starts the instance again as the run script did, and waits until its /readyz says ready. */
export async function startInstance(instance: Instance): Promise<void> {
  execFileSync('bash', [path.join(repoRoot, 'scripts/cluster-instance.sh'), RUN_DIR, String(instance.port), String(instance.metricsPort)], { stdio: 'inherit' });
  await waitUntilReady(instance);
}

export async function waitUntilReady(instance: Instance, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ready = await fetch(`${instance.origin}/readyz`).then((response) => response.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`instance ${instance.name} not ready after ${timeoutMs} ms`);
}

/** nginx's access log of the run, one request a line (the template's format: the status follows the quoted request line). */
export function nginxAccessLog(): string[] {
  return readFileSync(path.join(RUN_DIR, 'nginx-access.log'), 'utf8').split('\n').filter(Boolean);
}

/** A line of figures for the run's log (the closing note quotes them). */
export function figure(text: string): void {
  console.log(`[cluster] ${text}`);
}

// --- Dependencies going away (the degraded-dependency specs, cluster.7 to cluster.9) ---

/** Starts an instance an earlier spec left stopped (cluster.6 stops B), and waits until both are ready. */
export async function bothInstancesUp(): Promise<void> {
  for (const instance of INSTANCES) {
    if (existsSync(runFile(instance, 'exit'))) await startInstance(instance);
    await waitUntilReady(instance);
  }
}

const REDIS_PORT = process.env.CLUSTER_REDIS_PORT ?? '3409';
const PG_PORT = process.env.CLUSTER_PG_PORT ?? '3408';

/** Stops the run's Redis at once (SHUTDOWN NOSAVE: an outage, not a drain). */
export function stopRedis(): void {
  execFileSync('redis-cli', ['-p', REDIS_PORT, 'shutdown', 'nosave'], { stdio: 'ignore' });
}

/** Starts the run's Redis again as scripts/test-cluster.sh did (empty: it runs without persistence). */
export async function startRedis(): Promise<void> {
  execFileSync('redis-server', ['--port', REDIS_PORT, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'yes', '--dir', RUN_DIR, '--pidfile', path.join(RUN_DIR, 'redis.pid'), '--logfile', path.join(RUN_DIR, 'redis.log')], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      if (execFileSync('redis-cli', ['-p', REDIS_PORT, 'ping'], { encoding: 'utf8' }).trim() === 'PONG') return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Redis did not come back');
}

/** Stops or starts the run's private PostgreSQL (scripts/cluster-postgres.sh), never the machine's. */
export function postgres(action: 'stop' | 'start'): void {
  execFileSync('bash', [path.join(repoRoot, 'scripts/cluster-postgres.sh'), action, RUN_DIR, PG_PORT], { stdio: 'inherit' });
}
