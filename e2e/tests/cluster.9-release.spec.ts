import { execFile } from 'node:child_process';
import { existsSync, readlinkSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { A, B, CLIENT_HEADERS, figure, INSTANCES, signedQuery, startInstance, waitUntilReady } from '../support/cluster.ts';

/**
 * An update and a rollback under load (deploy/release.sh, docs/deploy.md section 12): a release is
 * built beside the running one, `current` switched, the instances restarted one at a time, each
 * after the one before answers /readyz; while visitors keep loading pages and their scripts and
 * calling the API through nginx. The update's build differs from the running one (a line added to
 * both apps' entries), so its hashed files have other names: a page loaded before the switch must
 * still get its scripts, from either instance, and so must a page of the update after the rollback.
 */

const RUN_DIR = process.env.CLUSTER_RUN_DIR ?? '';
const repoRoot = path.resolve(import.meta.dirname, '../..');
const WORKERS = 4;
const PAUSE_MS = 60;

const agent = new https.Agent({ keepAlive: true, maxSockets: WORKERS, rejectUnauthorized: false });
const base = new URL(process.env.CLUSTER_BASE_URL ?? 'https://127.0.0.1:3401');

interface Answer {
  status: number;
  body: string;
  error?: string;
}

function request(method: 'GET' | 'POST', pathAndQuery: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve) => {
    const outgoing = https.request({ host: base.hostname, port: base.port, path: pathAndQuery, method, agent, headers: options.headers ?? {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: response.headers['content-encoding'] ? '' : Buffer.concat(chunks).toString('utf8') }));
    });
    outgoing.on('error', (error) => resolve({ status: 0, body: '', error: error.message }));
    outgoing.end(options.body);
  });
}

/** The hashed scripts and stylesheets a page names, scripts first. */
function assetsOf(html: string): string[] {
  // In attributes, and in the prerendered page's loader script (s.src='/assets/…').
  const named = [...new Set([...html.matchAll(/["'](\/(?:console\/)?assets\/[^"']+\.(?:js|css))["']/g)].map((match) => match[1]!))];
  return [...named.filter((name) => name.endsWith('.js')), ...named.filter((name) => !name.endsWith('.js'))];
}

/** A hashed file, asked for as a browser does (the app answers it precompressed; the body is not read). */
const ASSET_HEADERS = { 'accept-encoding': 'br, gzip' };

async function pageAssets(pagePath: string): Promise<string[]> {
  const page = await request('GET', pagePath);
  expect(page.status, `${pagePath} through nginx`).toBe(200);
  const assets = assetsOf(page.body);
  expect(assets.length, `hashed files named by ${pagePath}`).toBeGreaterThan(0);
  return assets;
}

interface Load {
  stop(): Promise<{ total: number; failed: string[] }>;
}

/**
 * Visitors while the release changes: each round loads the home page and the script it names (as a
 * browser would, whichever instance answers each), a script of a page loaded earlier, and signed
 * API calls; now and then a POST (never retried by nginx).
 */
function startLoad(oldAssets: readonly string[]): Load {
  const state = { running: true };
  let total = 0;
  const failed: string[] = [];
  const note = (what: string, answer: Answer, ok: boolean) => {
    total++;
    if (!ok) failed.push(`${what}: ${answer.status}${answer.error ? ` ${answer.error}` : ''} ${answer.body.slice(0, 120)}`);
  };
  const apiOk = (answer: Answer) => {
    try {
      return answer.status === 200 && (JSON.parse(answer.body) as { code?: number }).code === 0;
    } catch {
      return false;
    }
  };
  const worker = async (id: number) => {
    for (let round = 0; state.running; round++) {
      const home = await request('GET', '/');
      note('GET /', home, home.status === 200);
      const entry = assetsOf(home.body)[0];
      if (entry) {
        const script = await request('GET', entry, { headers: ASSET_HEADERS });
        note(`GET ${entry} (named by the page just loaded)`, script, script.status === 200);
      }
      const old = oldAssets[round % oldAssets.length]!;
      const oldScript = await request('GET', old, { headers: ASSET_HEADERS });
      note(`GET ${old} (named by a page loaded before)`, oldScript, oldScript.status === 200);
      const config = await request('GET', `/api/user/config?${signedQuery({})}`, { headers: { ...CLIENT_HEADERS, 'x-device-id': `device-release-${id}` } });
      note('GET /api/user/config', config, apiOk(config));
      // Under the event route's limit (120 a minute per address) at the ~100 requests a second this makes.
      if (round % 100 === 10) {
        const body = JSON.stringify({ key: 'client.cluster_release', value: String(round), type: 'event' });
        const event = await request('POST', `/api/user/event?${signedQuery({}, body)}`, { headers: { ...CLIENT_HEADERS, 'x-device-id': `device-release-${id}-${round}`, 'content-type': 'application/json' }, body });
        note('POST /api/user/event', event, apiOk(event));
      }
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, id) => worker(id));
  return {
    async stop() {
      state.running = false;
      await Promise.all(workers);
      return { total, failed };
    },
  };
}

/** deploy/release.sh with the cluster's instances: restarted by scripts/cluster-restart.sh, as systemctl restart would. */
function release(args: string[], env: Record<string, string> = {}): Promise<{ status: number; output: string }> {
  const metricsOf = INSTANCES.map((instance) => `${instance.port}) m=${instance.metricsPort};;`).join(' ');
  return new Promise((resolve) => {
    execFile(
      'bash',
      [path.join(repoRoot, 'deploy/release.sh'), ...args],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          KUAIBAO_INSTANCES: INSTANCES.map((instance) => instance.port).join(' '),
          KUAIBAO_RESTART_COMMAND: `case "$1" in ${metricsOf} esac; bash ${JSON.stringify(path.join(repoRoot, 'scripts/cluster-restart.sh'))} ${JSON.stringify(RUN_DIR)} "$1" "$m"`,
          KUAIBAO_READY_TIMEOUT_SECONDS: '180',
          ...env,
        },
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

const currentRelease = () => path.basename(readlinkSync(path.join(RUN_DIR, 'kuaibao', 'current')));

/** Straight to an instance, past nginx (which would ask the other one on a 404). */
async function statusAt(origin: string, asset: string): Promise<number> {
  return (await fetch(`${origin}${asset}`)).status;
}

test.describe.configure({ mode: 'serial' });

let before: { release: string; web: string[]; console: string[] };
let updated: { release: string; web: string[]; console: string[] };

test('an update under load: built beside the running release, instances restarted one at a time; no request fails and old pages keep their scripts', async () => {
  test.setTimeout(900_000);
  // The drain spec leaves B stopped: both run again first, as before an update.
  for (const instance of [A, B]) {
    if (existsSync(path.join(RUN_DIR, `instance-${instance.port}.exit`))) await startInstance(instance);
    await waitUntilReady(instance);
  }
  before = { release: currentRelease(), web: await pageAssets('/'), console: await pageAssets('/console/') };

  const load = startLoad([...before.web, ...before.console]);
  const startedAt = Date.now();
  // A trivially different build: a statement added to each app's entry changes its hashed names.
  const run = await release(['deploy', '--worktree'], {
    KUAIBAO_RELEASE_PREBUILD: `for app in web console; do printf '\\n;(globalThis as { kbRelease?: string }).kbRelease = "cluster update";\\n' >>apps/$app/src/main.tsx; done`,
  });
  const updateMs = Date.now() - startedAt;
  const { total, failed } = await load.stop();
  expect(run.status, run.output.slice(-3000)).toBe(0);

  updated = { release: currentRelease(), web: await pageAssets('/'), console: await pageAssets('/console/') };
  figure(`update: ${before.release} -> ${updated.release} in ${Math.round(updateMs / 1000)} s (build and two restarts); ${total} requests through nginx meanwhile, ${failed.length} failed`);
  expect(failed).toEqual([]);
  expect(updated.release).not.toBe(before.release);
  // The update's pages name files the old pages did not.
  const newFiles = [...updated.web, ...updated.console].filter((asset) => !before.web.includes(asset) && !before.console.includes(asset));
  expect(newFiles.filter((asset) => asset.startsWith('/assets/')).length).toBeGreaterThan(0);
  expect(newFiles.filter((asset) => asset.startsWith('/console/assets/')).length).toBeGreaterThan(0);
  // Both instances run the update, and both still serve every file of the pages loaded before it.
  for (const instance of [A, B]) {
    for (const asset of [...before.web, ...before.console, ...newFiles]) expect(await statusAt(instance.origin, asset), `${asset} at ${instance.name}`).toBe(200);
  }
});

test('a rollback under load: back to the previous release, one instance at a time; no request fails and the update\'s pages keep their scripts', async () => {
  test.setTimeout(600_000);
  const load = startLoad([...updated.web, ...updated.console]);
  const startedAt = Date.now();
  const run = await release(['rollback']);
  const rollbackMs = Date.now() - startedAt;
  const { total, failed } = await load.stop();
  agent.destroy();
  expect(run.status, run.output.slice(-3000)).toBe(0);

  const after = { release: currentRelease(), web: await pageAssets('/'), console: await pageAssets('/console/') };
  figure(`rollback: ${updated.release} -> ${after.release} in ${Math.round(rollbackMs / 1000)} s (two restarts); ${total} requests through nginx meanwhile, ${failed.length} failed`);
  expect(failed).toEqual([]);
  expect(after.release).toBe(before.release);
  expect(after.web).toEqual(before.web);
  expect(after.console).toEqual(before.console);
  for (const instance of [A, B]) {
    for (const asset of [...updated.web, ...updated.console]) expect(await statusAt(instance.origin, asset), `${asset} at ${instance.name}`).toBe(200);
  }
});
