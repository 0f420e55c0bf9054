import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';

/**
 * The alert rules (deploy/prometheus/kuaibao.rules.yml) and the Grafana dashboard
 * (deploy/grafana/kuaibao.json) name only metrics the app exports: a renamed metric would leave an
 * alert that can never fire and a panel that stays empty. promtool checks the rules' syntax
 * (deploy/prometheus.test.ts, npm run test:deploy); this checks their names against the registry.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const FILES = ['deploy/prometheus/kuaibao.rules.yml', 'deploy/prometheus/kuaibao.rules.test.yml', 'deploy/grafana/kuaibao.json'];
/** Series Prometheus derives from a histogram. */
const HISTOGRAM_SUFFIX = /_(bucket|count|sum)$/;

function namesIn(file: string): string[] {
  return [...new Set(readFileSync(path.join(repoRoot, file), 'utf8').match(/\bkuaibao_[a-z0-9_]+/g) ?? [])].sort();
}

describe('the metrics the alerts and the dashboard use', () => {
  let test: TestApp;
  let backupDir: string;
  beforeAll(async () => {
    backupDir = mkdtempSync(path.join(tmpdir(), 'kuaibao-alert-metrics-'));
    // BACKUP_DIR, as .env.example sets it: the backup gauge exists only with it.
    test = await buildTestApp({ env: { BACKUP_DIR: backupDir } });
  });
  afterAll(async () => {
    await test?.close();
    rmSync(backupDir, { recursive: true, force: true });
  });

  it.each(FILES)('%s names only metrics the app exports', async (file) => {
    const exported = new Map((await test.app.metrics.registry.getMetricsAsJSON()).map((metric) => [metric.name, String(metric.type)]));
    const names = namesIn(file);
    expect(names.length).toBeGreaterThanOrEqual(3);
    const unknown = names.filter((name) => {
      if (exported.has(name)) return false;
      const base = name.replace(HISTOGRAM_SUFFIX, '');
      return !(base !== name && exported.get(base) === 'histogram');
    });
    expect(unknown).toEqual([]);
  });

  it('every alert of the rules is explained in docs/operations.md', () => {
    const rules = readFileSync(path.join(repoRoot, 'deploy/prometheus/kuaibao.rules.yml'), 'utf8');
    const alerts = [...new Set([...rules.matchAll(/- alert: (\w+)/g)].map((match) => match[1]!))];
    const runbooks = [...new Set([...rules.matchAll(/runbook: docs\/operations\.md#(\S+)/g)].map((match) => match[1]!))];
    const operations = readFileSync(path.join(repoRoot, 'docs/operations.md'), 'utf8');
    const headings = new Set([...operations.matchAll(/^#{2,4} (.+)$/gm)].map((match) => match[1]!.trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-')));
    expect(alerts.length).toBeGreaterThanOrEqual(10);
    expect(runbooks.filter((anchor) => !headings.has(anchor))).toEqual([]);
  });
});
