import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeNuonuo } from '@kuaibao/testing';
import { readEnv } from '../config.ts';

/**
 * The fake 诺诺开放平台 on its own, for trying INVOICE_PROVIDER=nuonuo offline
 * (docs/decisions/064-nuonuo-invoicing.md):
 *
 *   FAKE_NUONUO_PORT=3283 node apps/api/src/test/fake-nuonuo-server.ts
 *
 * then start the server with the settings it prints. With FAKE_NUONUO_CONTROL_PORT, a second listener
 * on 127.0.0.1 lets a test in another process (e2e/invoicing.config.ts) see and steer it:
 * `GET /requests` (every call, with whether its signature was right), `GET /invoices`,
 * `POST /fail-next-issue` and `POST /refuse-next-red-letter` with `{"message": "…"}`.
 */
const fake = await startFakeNuonuo({ port: Number(readEnv('FAKE_NUONUO_PORT') ?? 3283), pendingPolls: Number(readEnv('FAKE_NUONUO_PENDING_POLLS') ?? 1) });
console.log(`fake 诺诺: ${fake.servicesUrl}`);
console.log(
  Object.entries(fake.env())
    .map(([name, value]) => `${name}=${value}`)
    .join(' '),
);

const controlPort = readEnv('FAKE_NUONUO_CONTROL_PORT');
const control = controlPort
  ? createServer((req, res) => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.method === 'GET' && req.url === '/requests') return answer(200, fake.requests);
        if (req.method === 'GET' && req.url === '/invoices') return answer(200, fake.invoices);
        if (req.method === 'POST' && (req.url === '/fail-next-issue' || req.url === '/refuse-next-red-letter')) {
          try {
            const { message } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message: string };
            if (req.url === '/fail-next-issue') fake.failNextIssue(message);
            else fake.refuseNextRedLetter(message);
            return answer(200, { ok: true });
          } catch {
            return answer(400, { error: 'body must be {"message": "…"}' });
          }
        }
        return answer(404, { error: 'not found' });
      });
    })
  : undefined;
if (control) {
  await new Promise<void>((resolve) => control.listen(Number(controlPort), '127.0.0.1', resolve));
  console.log(`fake 诺诺 control: http://127.0.0.1:${(control.address() as AddressInfo).port}`);
}

const shutdown = () => {
  control?.close();
  void fake.close().finally(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
