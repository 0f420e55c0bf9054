import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { environmentWith } from '../src/config.ts';
import { freePort, killOnExit } from './target.ts';

const SERVER_ENTRY = path.resolve(import.meta.dirname, '../src/server.ts');
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

export interface BootOutcome {
  /** The exit code, or null when it was still running at the deadline (then killed). */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** The port accepted a connection at some point. */
  listened: boolean;
  ms: number;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts `apps/api/src/server.ts` once with these settings (on a free port, 127.0.0.1) and watches
 * it: the boot probes want to see it refuse to start. A server still running at the deadline, or
 * once it listens and `stopWhenListening` is set, is killed.
 */
export async function bootOnce(env: Record<string, string>, options: { timeoutMs?: number; stopWhenListening?: boolean } = {}): Promise<BootOutcome> {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: environmentWith({ HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', SEED_COMPANIES: '0', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  killOnExit(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let listened = false;
  let exitCode: number | null = null;
  const state = { done: false };
  void exited.then((code) => {
    exitCode = code;
    state.done = true;
  });
  const deadline = started + (options.timeoutMs ?? 30_000);
  while (!state.done && Date.now() < deadline) {
    if (!listened && (await accepts(port))) {
      listened = true;
      if (options.stopWhenListening) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!state.done) {
    child.kill('SIGKILL');
    await exited;
    exitCode = null;
  }
  return { exitCode, stdout, stderr, listened, ms: Date.now() - started };
}

/** Non-empty lines of a text. */
export function linesOf(text: string): string[] {
  return text.split('\n').map((line) => line.trimEnd()).filter((line) => line.trim() !== '');
}

/** Lines that look like a stack trace. */
export function stackLines(text: string): string[] {
  return text.split('\n').filter((line) => /^\s{4}at /.test(line));
}
