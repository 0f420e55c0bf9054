import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeNuonuo } from '@kuaibao/testing';
import { environmentWith, readEnv } from '../config.ts';

/**
 * Runs the real server with INVOICE_PROVIDER=nuonuo against the fake 诺诺开放平台
 * (docs/decisions/064-nuonuo-invoicing.md), for the Chromium journey (e2e/invoicing.config.ts) and
 * for trying the adapter offline:
 *
 *   PORT=3181 node apps/api/src/test/fake-nuonuo-server.ts
 *
 * The fake listens on a free port of 127.0.0.1; its address is printed and, when FAKE_NUONUO_FILE is
 * set, written there as JSON ({url}). `GET <url>/__fake/requests` lists every call it received, with
 * whether its X-Nuonuo-Sign was right. The results job polls every NUONUO_POLL_INTERVAL_MS (1 s here).
 */
const port = Number(readEnv('PORT') ?? 3181);
const fake = await startFakeNuonuo({ pendingPolls: 1 });
const addressFile = readEnv('FAKE_NUONUO_FILE');
if (addressFile) {
  mkdirSync(path.dirname(path.resolve(addressFile)), { recursive: true });
  writeFileSync(addressFile, JSON.stringify({ url: fake.url }));
}

const server = spawn(process.execPath, [fileURLToPath(new URL('../server.ts', import.meta.url))], {
  stdio: 'inherit',
  env: environmentWith({
    PORT: String(port),
    ...fake.env(),
    NUONUO_POLL_INTERVAL_MS: readEnv('NUONUO_POLL_INTERVAL_MS') ?? '1000',
    NUONUO_TIMEOUT_MS: '5000',
    SHUTDOWN_GRACE_MS: '0',
  }),
});
console.log(`fake 诺诺: ${fake.servicesUrl}`);

const shutdown = () => {
  server.kill('SIGTERM');
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
server.once('exit', (code) => {
  void fake.close().finally(() => process.exit(code ?? 0));
});
