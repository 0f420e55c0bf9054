import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, connect } from 'node:net';

/**
 * Redis for the API tests. TEST_REDIS_URL (set by scripts/redis-test.sh, which installs Debian's
 * redis-server when missing) says Redis is here: a suite declared with `{ redis: true }`
 * (dialects.ts) runs, and is skipped, with the reason shown, without it. Tests that share or stop
 * Redis start their own private server with the same binary, so parallel test files never see
 * each other's keys.
 */

export interface TestRedis {
  url: string;
  /** Stops the server (an outage); start() brings it back on the same port, empty. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  server.close();
  await once(server, 'close');
  return port;
}

async function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A private redis-server on a free port, no persistence; stopped by stop() or at the end of the test file. */
export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  async function start(): Promise<void> {
    if (child && child.exitCode === null && child.signalCode === null) return;
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'], { stdio: 'ignore' });
    for (let i = 0; i < 100; i += 1) {
      if (await accepting(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server did not start on port ${port}`);
  }
  async function stop(): Promise<void> {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}
