import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ERROR_CATALOG } from '@kuaibao/domain';
import { startMetricsServer, type MetricsServer } from '../../observability/metrics-server.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { describeReadiness } from './system.routes.ts';

/**
 * /readyz says why only on the metrics port (behind its token); the public one, which nginx passes
 * to anyone, says ok or the catalog's 503 and nothing more (docs/decisions/052-degraded-not-down.md).
 */
describe('readiness, public and on the metrics port', () => {
  const TOKEN = 'a-metrics-token-of-some-length';
  let test: TestApp;
  let server: MetricsServer;
  let readyzUrl: string;
  const detailed = async () => {
    const answer = await fetch(readyzUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
    return { status: answer.status, body: (await answer.json()) as { ready: boolean; reasons: string[]; degraded: string[] } };
  };
  const publicAnswer = async () => {
    const answer = await test.app.inject('/readyz');
    return { status: answer.statusCode, body: answer.body };
  };

  beforeAll(async () => {
    test = await buildTestApp({ companies: 0 });
    server = await startMetricsServer(test.app.metrics, { host: '127.0.0.1', port: 0, token: TOKEN, readiness: () => describeReadiness(test.app, test.database) });
    readyzUrl = server.url.replace('/metrics', '/readyz');
  });
  afterAll(async () => {
    await server?.close();
    await test?.close();
  });

  it('says ready on both, with nothing degraded', async () => {
    expect(await detailed()).toEqual({ status: 200, body: { ready: true, reasons: [], degraded: [] } });
    expect(await publicAnswer()).toEqual({ status: 200, body: JSON.stringify({ code: 0, msg: 'ok' }) });
  });

  it('names a pending migration on the metrics port only, and only with the token', async () => {
    const last = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(test.database.db);
    const name = last.rows[0]!.name;
    await sql`DELETE FROM kysely_migration WHERE name = ${name}`.execute(test.database.db);
    try {
      expect(await detailed()).toEqual({ status: 503, body: { ready: false, reasons: ['database: migrations pending'], degraded: [] } });
      expect((await fetch(readyzUrl)).status).toBe(401);
      const answer = await publicAnswer();
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({ code: ERROR_CATALOG.SERVICE_UNAVAILABLE.code, msg: ERROR_CATALOG.SERVICE_UNAVAILABLE.message });
      expect(answer.body).not.toMatch(/migration|database/i);
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${name}, ${new Date().toISOString()})`.execute(test.database.db);
    }
    expect((await detailed()).status).toBe(200);
  });

  it('says the instance is stopping while it drains', async () => {
    test.app.draining.start();
    const report = await detailed();
    expect(report.status).toBe(503);
    expect(report.body.reasons).toEqual(['stopping (SIGTERM): draining']);
    const answer = await publicAnswer();
    expect(answer.status).toBe(503);
    expect(answer.body).not.toMatch(/stopping|SIGTERM/);
  });
});
