import https from 'node:https';
import { expect, test } from '@playwright/test';
import { A, B, CLIENT_HEADERS, exitStatus, figure, requestsServed, signalInstance, signedQuery, waitUntilReady } from '../support/cluster.ts';

const TOTAL = 200;
const CONCURRENCY = 4;
/** Paced so that the stream outlasts the drain (SHUTDOWN_GRACE_MS, 5 s, then the close). */
const PAUSE_MS = 150;

interface Outcome {
  status: number;
  code?: number;
  error?: string;
}

const agent = new https.Agent({ keepAlive: true, maxSockets: CONCURRENCY, rejectUnauthorized: false });
const base = new URL(process.env.CLUSTER_BASE_URL ?? 'https://127.0.0.1:3401');

/** One request through nginx on a kept-alive connection; every third a POST. */
function send(index: number): Promise<Outcome> {
  const post = index % 3 === 2;
  const body = post ? JSON.stringify({ key: 'client.cluster_drain', value: String(index), type: 'event' }) : undefined;
  const pathAndQuery = post ? `/api/user/event?${signedQuery({}, body)}` : index % 3 === 0 ? `/api/user/config?${signedQuery({})}` : `/api/h5/company?${signedQuery({ keyword: '字节跳动' })}`;
  return new Promise((resolve) => {
    const request = https.request(
      { host: base.hostname, port: base.port, path: pathAndQuery, method: post ? 'POST' : 'GET', agent, headers: { ...CLIENT_HEADERS, 'x-device-id': `device-drain-${index}`, ...(post ? { 'content-type': 'application/json' } : {}) } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => {
          let code: number | undefined;
          try {
            code = (JSON.parse(text) as { code: number }).code;
          } catch {
            code = undefined;
          }
          resolve({ status: response.statusCode ?? 0, code });
        });
      },
    );
    request.on('error', (error) => resolve({ status: 0, error: error.message }));
    request.end(body);
  });
}

// Right after cluster.5 brought instance A back, as in a rolling restart (docs/deploy.md, section 12):
// nginx must be using A again by the time B stops listening.
test('SIGTERM to one instance during a stream of requests through nginx: no request fails and it exits 0', async () => {
  await waitUntilReady(A);
  await waitUntilReady(B);
  const outcomes: Outcome[] = [];
  let next = 0;
  let signalledAt = 0;
  let servedByBBeforeSignal = 0;
  let exited: Promise<{ status: number; at: number }> | undefined;
  const worker = async () => {
    while (next < TOTAL) {
      const index = next++;
      outcomes[index] = await send(index);
      if (index === 30 && signalledAt === 0) {
        servedByBBeforeSignal = await requestsServed(B);
        signalledAt = Date.now();
        signalInstance(B, 'SIGTERM');
        exited = exitStatus(B).then((status) => ({ status, at: Date.now() }));
      }
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  };
  const servedByABefore = await requestsServed(A);
  const servedByBBefore = await requestsServed(B);
  const startedAt = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const streamMs = Date.now() - startedAt;
  const { status, at } = await exited!;
  const drainedMs = at - signalledAt;
  agent.destroy();

  const failed = outcomes.map((outcome, index) => ({ index, ...outcome })).filter((outcome) => outcome.status !== 200 || outcome.code !== 0);
  figure(
    `drain: ${TOTAL} requests (GET and POST, keep-alive) over ${streamMs} ms, SIGTERM to B after request 30; failed ${failed.length}; ` +
      `B had answered ${servedByBBeforeSignal - servedByBBefore} of them by then, A answered ${(await requestsServed(A)) - servedByABefore} in all; B exited ${status} ${drainedMs} ms after the signal`,
  );
  expect(failed).toEqual([]);
  expect(status).toBe(0);
  // The stream went on after B stopped listening (the grace is 5 s), so nginx had to route around it.
  expect(streamMs).toBeGreaterThan(6000);
});
