import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * deploy/release.sh on a stand-in project: a git repository whose `npm run build` writes a hashed
 * file named after its version, two stand-in instances whose /readyz answers once their "restart"
 * has finished. What the script does to folders, links and restarts; the cluster run
 * (e2e/tests/cluster.7-release.spec.ts) does it to the real app under load.
 */

const RELEASE = path.join(import.meta.dirname, 'release.sh');

let dir: string;
let source: string;
let home: string;
let modules: string;
const servers: http.Server[] = [];
const ports: number[] = [];

const git = (...args: string[]) => execFileSync('git', ['-C', source, ...args], { encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } }).trim();

function commitVersion(version: string): void {
  writeFileSync(path.join(source, 'version.txt'), `${version}\n`);
  git('add', '-A');
  git('commit', '-qm', version);
}

interface Run {
  status: number;
  stderr: string;
}

/** The script, asynchronously: the stand-in instances answer /readyz from this process meanwhile. */
function release(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      [RELEASE, ...args],
      {
        env: {
          PATH: process.env.PATH,
          HOME: dir,
          KUAIBAO_HOME: home,
          KUAIBAO_SOURCE: source,
          KUAIBAO_NODE_MODULES_FROM: modules,
          KUAIBAO_INSTANCES: ports.join(' '),
          // A restart: note the port, the release current points at and which instances answer, then be ready 0.3 s later.
          KUAIBAO_RESTART_COMMAND: `echo "$1 $(basename "$(readlink "${home}/current")") $(cd "${dir}" && ls ready-* 2>/dev/null | sort | xargs)" >>"${dir}/restarts.log"; rm -f "${dir}/ready-$1"; (sleep 0.3; touch "${dir}/ready-$1") &`,
          KUAIBAO_READY_TIMEOUT_SECONDS: '10',
          ...env,
        },
        encoding: 'utf8',
      },
      (error, _stdout, stderr) => resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr }),
    );
  });
}

const current = () => path.basename(readlinkSync(path.join(home, 'current')));
const previous = () => path.basename(readlinkSync(path.join(home, 'previous')));
const releaseDir = (id: string) => path.join(home, 'releases', id);
const assets = (id: string) => readdirSync(path.join(releaseDir(id), 'apps/web/dist/assets')).sort();
const ownAssets = (id: string) => readFileSync(path.join(releaseDir(id), '.release-assets'), 'utf8').trim().split('\n');
/** The name of the web app's hashed file that the release's own build wrote. */
const built = (id: string) => path.basename(ownAssets(id)[1]!);
const restarts = () => (existsSync(path.join(dir, 'restarts.log')) ? readFileSync(path.join(dir, 'restarts.log'), 'utf8').trim().split('\n') : []);
/** What a restart notes when every instance answered /readyz before it. */
const allReady = () => ports.map((port) => `ready-${port}`).sort().join(' ');
const clearRestarts = () => rmSync(path.join(dir, 'restarts.log'), { force: true });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-release-'));
  source = path.join(dir, 'source');
  home = path.join(dir, 'home');
  modules = path.join(dir, 'modules');
  mkdirSync(source);
  execFileSync('git', ['init', '-q', source]);
  const lock = '{"lockfileVersion":3}\n';
  writeFileSync(path.join(source, 'package.json'), JSON.stringify({ name: 'stand-in', private: true, scripts: { build: 'sh build.sh' } }));
  writeFileSync(path.join(source, 'package-lock.json'), lock);
  // A build like Vite's: files named after their content, an emptied dist, and a failure when asked.
  writeFileSync(
    path.join(source, 'build.sh'),
    [
      'set -e',
      'grep -q broken version.txt && { echo "build failed" >&2; exit 1; }',
      'hash=$(sha1sum version.txt | cut -c1-8)',
      'for app in web console; do rm -rf apps/$app/dist; mkdir -p apps/$app/dist/assets; echo "v $(cat version.txt)" >apps/$app/dist/assets/$hash.js; echo "<script src=/assets/$hash.js>" >apps/$app/dist/index.html; done',
    ].join('\n'),
  );
  writeFileSync(path.join(source, '.gitignore'), 'apps/*/dist/\n');
  commitVersion('one');
  // An install from before releases served the source folder's own build: its files are kept too.
  mkdirSync(path.join(source, 'apps/web/dist/assets'), { recursive: true });
  writeFileSync(path.join(source, 'apps/web/dist/assets/legacy.js'), 'served before releases');
  // The installed dependencies to link from, with the same lock file.
  mkdirSync(path.join(modules, 'node_modules'), { recursive: true });
  writeFileSync(path.join(modules, 'package-lock.json'), lock);
  writeFileSync(path.join(modules, 'node_modules', 'marker.js'), 'installed');
  for (let i = 0; i < 2; i++) {
    const server = http.createServer((request, response) => {
      const port = (server.address() as AddressInfo).port;
      response.statusCode = request.url === '/readyz' && existsSync(path.join(dir, `ready-${port}`)) ? 200 : 503;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    const port = (server.address() as AddressInfo).port;
    ports.push(port);
    writeFileSync(path.join(dir, `ready-${port}`), '');
  }
});

afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('deploy/release.sh', () => {
  let first: string;
  let second: string;

  it('prepare: builds the first release in its own folder and points current at it, restarting nothing', async () => {
    const run = await release(['prepare']);
    expect(run.stderr).toContain('done');
    expect(run.status).toBe(0);
    first = current();
    expect(first).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{10}$/);
    expect(readlinkSync(path.join(home, 'current'))).toBe(`releases/${first}`);
    expect(ownAssets(first)).toEqual([`apps/console/dist/assets/${built(first)}`, `apps/web/dist/assets/${built(first)}`]);
    expect(assets(first)).toEqual([built(first), 'legacy.js'].sort());
    // node_modules hard-linked from the install with the same lock file, not downloaded again.
    expect(statSync(path.join(releaseDir(first), 'node_modules/marker.js')).ino).toBe(statSync(path.join(modules, 'node_modules/marker.js')).ino);
    expect(existsSync(path.join(home, 'previous'))).toBe(false);
    expect(restarts()).toEqual([]);
  });

  it('deploy: switches to the new release, restarts the instances one at a time each once the one before is ready, and keeps the old hashed files served', async () => {
    commitVersion('two');
    const run = await release(['deploy']);
    expect(run.status, run.stderr).toBe(0);
    second = current();
    expect(second).not.toBe(first);
    expect(previous()).toBe(first);
    // The new build's file and the previous release's, which old pages still ask for.
    expect(ownAssets(second)).toHaveLength(2);
    expect(assets(second)).toEqual([built(first), built(second)].sort());
    expect(readFileSync(path.join(releaseDir(second), 'apps/web/dist/assets', built(first)), 'utf8')).toBe('v one\n');
    expect(existsSync(path.join(releaseDir(second), 'apps/console/dist/assets', built(first)))).toBe(true);
    // The old release is left as it was.
    expect(assets(first)).toHaveLength(2);
    // Each restart saw current on the new release and every instance answering /readyz before it.
    const [a, b] = ports;
    expect(restarts()).toEqual([`${a} ${second} ${allReady()}`, `${b} ${second} ${allReady()}`]);
  });

  it('a failed build leaves no folder and changes nothing', async () => {
    clearRestarts();
    commitVersion('broken');
    const before = readdirSync(path.join(home, 'releases')).sort();
    const run = await release(['deploy']);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('build failed');
    expect(readdirSync(path.join(home, 'releases')).sort()).toEqual(before);
    expect(current()).toBe(second);
    expect(restarts()).toEqual([]);
  });

  it('rollback: back to the previous release, which now also serves the files of the one it replaces, restarted one at a time', async () => {
    clearRestarts();
    const run = await release(['rollback']);
    expect(run.status, run.stderr).toBe(0);
    expect(current()).toBe(first);
    expect(previous()).toBe(second);
    expect(assets(first)).toEqual([built(first), built(second), 'legacy.js'].sort());
    const [a, b] = ports;
    expect(restarts()).toEqual([`${a} ${first} ${allReady()}`, `${b} ${first} ${allReady()}`]);
    const history = readFileSync(path.join(home, 'history'), 'utf8').trim().split('\n').map((line) => line.split(' ').slice(1).join(' '));
    expect(history).toEqual([`${first} prepare`, `${second} deploy`, `${first} rollback`]);
  });

  it('stops at an instance that does not become ready, leaving the next one alone, and says how to go back', async () => {
    clearRestarts();
    const run = await release(['restart'], { KUAIBAO_READY_TIMEOUT_SECONDS: '1', KUAIBAO_RESTART_COMMAND: `echo "$1" >>"${dir}/restarts.log"; rm -f "${dir}/ready-$1"` });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(`the instance on port ${ports[0]} is not ready`);
    expect(run.stderr).toContain('deploy/release.sh rollback');
    expect(restarts()).toEqual([String(ports[0])]);
    writeFileSync(path.join(dir, `ready-${ports[0]}`), '');
  });

  it('an instance a restart starts does not hold the script\'s lock: the next command runs', async () => {
    // A restart command that leaves a process running, as a started instance does.
    const leaveRunning = { KUAIBAO_RESTART_COMMAND: 'sleep 30 >/dev/null 2>&1 &' };
    expect((await release(['restart'], leaveRunning)).status).toBe(0);
    const next = await release(['restart'], leaveRunning);
    expect(next.stderr).not.toContain('another deploy/release.sh is running');
    expect(next.status).toBe(0);
  });

  it('deploy --worktree: builds the files as they are, uncommitted changes included; old releases beyond the kept number go', async () => {
    clearRestarts();
    const before = [built(first), built(second)];
    git('checkout', '-q', 'HEAD~1');
    writeFileSync(path.join(source, 'version.txt'), 'three, not committed\n');
    const run = await release(['deploy', '--worktree'], { KUAIBAO_KEEP_RELEASES: '1' });
    expect(run.status, run.stderr).toBe(0);
    const third = current();
    expect(third).toMatch(/-worktree$/);
    expect(readFileSync(path.join(releaseDir(third), 'version.txt'), 'utf8')).toBe('three, not committed\n');
    // Its own file, and those of the two releases that served before it.
    expect(assets(third)).toEqual([...before, built(third)].sort());
    // Kept: the new one (the newest) and the previous one; the other went.
    expect(readdirSync(path.join(home, 'releases')).sort()).toEqual([first, third].sort());
    expect(previous()).toBe(first);
  });
});
