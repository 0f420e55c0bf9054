import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * deploy/prometheus: the alert rules pass `promtool check rules`, their unit tests pass `promtool
 * test rules`, and the example configuration loads (scripts/test-deploy.sh installs Debian's
 * prometheus package for promtool when it is missing). deploy/grafana/kuaibao.json is a dashboard
 * Grafana can import. That every metric they name exists is checked against the app's registry in
 * apps/api/src/observability/alert-metrics.test.ts.
 */

const dir = path.join(import.meta.dirname, 'prometheus');

function promtool(...args: string[]) {
  const result = spawnSync('promtool', args, { cwd: dir, encoding: 'utf8' });
  if (result.error) throw new Error('promtool is missing (Debian package prometheus; scripts/test-deploy.sh installs it)');
  return result;
}

describe('deploy/prometheus', () => {
  it('kuaibao.rules.yml passes promtool check rules', () => {
    const checked = promtool('check', 'rules', 'kuaibao.rules.yml');
    expect(checked.stdout + checked.stderr).toMatch(/SUCCESS: \d+ rules found/);
    expect(checked.status).toBe(0);
  });

  it('its unit tests (kuaibao.rules.test.yml) pass promtool test rules', () => {
    const tested = promtool('test', 'rules', 'kuaibao.rules.test.yml');
    expect(tested.stdout + tested.stderr).toContain('SUCCESS');
    expect(tested.status).toBe(0);
  });

  it('prometheus.example.yml passes promtool check config, with the rules and both scrape jobs the rules expect', () => {
    const checked = promtool('check', 'config', 'prometheus.example.yml');
    expect(checked.stdout + checked.stderr).not.toContain('FAILED');
    expect(checked.status).toBe(0);
    const config = readFileSync(path.join(dir, 'prometheus.example.yml'), 'utf8');
    expect(config).toContain('job_name: kuaibao\n');
    expect(config).toContain('job_name: kuaibao-tls\n');
  });
});

describe('deploy/grafana/kuaibao.json', () => {
  it('is a dashboard whose panels each query Prometheus through the chosen data source, without overlapping', () => {
    const dashboard = JSON.parse(readFileSync(path.join(import.meta.dirname, 'grafana', 'kuaibao.json'), 'utf8')) as {
      uid: string;
      panels: Array<{ id: number; title: string; gridPos: { x: number; y: number; w: number; h: number }; datasource: { uid: string }; targets: Array<{ expr: string }> }>;
    };
    expect(dashboard.uid).toBe('kuaibao');
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(10);
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length);
    const cells = new Set<string>();
    for (const panel of dashboard.panels) {
      expect(panel.datasource.uid, panel.title).toBe('${datasource}');
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets) expect(target.expr, panel.title).toMatch(/\w+/);
      for (let x = panel.gridPos.x; x < panel.gridPos.x + panel.gridPos.w; x++) {
        for (let y = panel.gridPos.y; y < panel.gridPos.y + panel.gridPos.h; y++) {
          expect(cells.has(`${x},${y}`), `${panel.title} overlaps another panel`).toBe(false);
          cells.add(`${x},${y}`);
        }
      }
    }
  });
});
