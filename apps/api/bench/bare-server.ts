/**
 * The baseline of `npm run bench:api`: a bare Fastify 5 server with one JSON route and nothing
 * else (no hooks, no logger, no plugins), started as its own process like the API server, so the
 * bench compares both through the same load generator on the same machine in the same run.
 */
import Fastify from 'fastify';
import { readEnv } from '../src/config.ts';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ code: 0, msg: 'ok', data: { hello: 'world' } }));
await app.listen({ host: '127.0.0.1', port: Number(readEnv('PORT') ?? 0) });
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void app.close().then(() => process.exit(0)));
