import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppMetrics } from './metrics.ts';

/**
 * GET /metrics on a listener of its own (METRICS_HOST:METRICS_PORT, 127.0.0.1 by default), so the
 * public port and nginx never expose it; with METRICS_TOKEN, only `Authorization: Bearer <token>`
 * is answered (production refuses a non-loopback host without one: config/production-refusals.ts).
 * GET /readyz there says why the instance is not ready, and what it runs without (JSON), which the
 * public /readyz never says (docs/decisions/052-degraded-not-down.md).
 */
export interface MetricsServer {
  readonly url: string;
  close(): Promise<void>;
}

function sameSecret(offered: string, expected: string): boolean {
  const a = Buffer.from(offered);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The readiness the metrics port reports (modules/system/system.routes.ts describeReadiness). */
export type ReadinessReader = () => Promise<{ ready: boolean; reasons: string[]; degraded: string[] }>;

export async function startMetricsServer(
  metrics: AppMetrics,
  options: { host: string; port: number; token: string | undefined; readiness?: ReadinessReader | undefined },
): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const readiness = path === '/readyz' ? options.readiness : undefined;
    if ((path !== '/metrics' && !readiness) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    if (options.token !== undefined) {
      const header = req.headers.authorization ?? '';
      const offered = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!sameSecret(offered, options.token)) {
        res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' }).end('unauthorized\n');
        return;
      }
    }
    if (readiness) {
      readiness().then(
        (report) => {
          res.writeHead(report.ready ? 200 : 503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
          res.end(req.method === 'HEAD' ? undefined : `${JSON.stringify(report)}\n`);
        },
        (error: unknown) => {
          res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
          res.end(`${JSON.stringify({ ready: false, reasons: [`readiness check failed: ${error instanceof Error ? error.message : String(error)}`], degraded: [] })}\n`);
        },
      );
      return;
    }
    metrics.render().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n'),
    );
  });
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
