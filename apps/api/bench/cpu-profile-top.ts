/**
 * Reads a V8 .cpuprofile (from `BENCH_API_CPU_PROF=dir npm run bench:api`, or `node --cpu-prof`)
 * and prints where the time went: the functions with the most self time, and self time per
 * package (node_modules/<name>, node: internals, our own files). What a flame graph shows, as text.
 *
 *   node apps/api/bench/cpu-profile-top.ts <file.cpuprofile> [how many functions, default 30]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
}

const [file, countText] = process.argv.slice(2);
if (!file) {
  console.error('usage: node apps/api/bench/cpu-profile-top.ts <file.cpuprofile> [count]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const totalSamples = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
const msPerSample = (profile.endTime - profile.startTime) / 1000 / Math.max(totalSamples, 1);

function where(url: string): string {
  if (url === '') return '(native)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return 'node:';
  const repo = url.indexOf('/apps/');
  if (repo >= 0) return url.slice(repo + 1);
  const packages = url.indexOf('/packages/');
  return packages >= 0 ? url.slice(packages + 1) : url;
}

const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
for (const node of profile.nodes) {
  const hits = node.hitCount ?? 0;
  if (hits === 0) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const place = where(url);
  const key = `${functionName || '(anonymous)'}  ${place}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + hits);
  const group = place.startsWith('apps/') || place.startsWith('packages/') ? place.split('/').slice(0, 2).join('/') : place;
  byPlace.set(group, (byPlace.get(group) ?? 0) + hits);
}

// Shares of the time the process was busy: idle time (waiting for requests) is left out.
const idle = byFunction.get('(idle)  (native)') ?? 0;
byFunction.delete('(idle)  (native)');
byPlace.set('(native)', (byPlace.get('(native)') ?? 0) - idle);
const busySamples = totalSamples - idle;
const pct = (hits: number) => `${((100 * hits) / busySamples).toFixed(1).padStart(5)} %`;
const top = Number(countText ?? 30);
console.log(`${file}: ${totalSamples} samples over ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s (${msPerSample.toFixed(3)} ms each), busy ${((busySamples * msPerSample) / 1000).toFixed(1)} s; shares are of the busy time\n`);
console.log('Self time by function:');
for (const [key, hits] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(hits)}  ${key}`);
console.log('\nSelf time by package:');
for (const [key, hits] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${pct(hits)}  ${key}`);
