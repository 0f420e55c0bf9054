import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The operator's kit (docs/deploy.md): the nginx template rendered by its script and run by the real
 * nginx in front of two stand-in app instances, the systemd unit checked by systemd-analyze, and
 * deploy/with-env.sh reading .env.example. scripts/test-deploy.sh installs Debian's nginx first.
 */

const deployDir = import.meta.dirname;
const repoRoot = path.resolve(deployDir, '..');
const SERVER_NAME = 'kuaibao.test';
/** Stands in for a built, precompressed asset: bytes nginx must pass through as they are. */
const BROTLI_BYTES = Buffer.from([0x1b, 0x03, 0x00, 0xf8, 0xa5, 0x40, 0x02, 0x65, 0x0f]);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function fetchThroughNginx(url: string, options: { method?: string; headers?: Record<string, string>; body?: Buffer } = {}): Promise<Answer> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      target,
      { method: options.method ?? 'GET', headers: { host: SERVER_NAME, ...options.headers }, rejectUnauthorized: false, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** Requests the stand-ins answered, by route and instance. */
const hits = new Map<string, number>();

/** Two stand-ins for kuaibao@<port>: Fastify with the trust setting .env.example ships (TRUST_PROXY=127.0.0.1). */
async function startInstance(name: string, port: number): Promise<FastifyInstance> {
  const app = Fastify({ trustProxy: ['127.0.0.1'], bodyLimit: 8 * 1024 * 1024 });
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.get('/whoami', async (request) => ({ instance: name, ip: request.ip, protocol: request.protocol, forwardedFor: request.headers['x-forwarded-for'] }));
  app.get('/assets/index-3f9a.js', async (request, reply) => {
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'accept-encoding').type('text/javascript; charset=utf-8');
    if (String(request.headers['accept-encoding']).includes('br')) return reply.header('content-encoding', 'br').send(BROTLI_BYTES);
    return reply.send('console.log("plain")');
  });
  // A hashed file only this instance has, as during a rolling update (deploy/release.sh).
  app.get(`/assets/only-${name}.js`, async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(`/* ${name} */`));
  app.get(`/console/assets/only-${name}.js`, async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(`/* ${name} */`));
  app.get('/robots.txt', async () => `robots from ${name}`);
  // Stands in for the app's API and upload routes: says which request id nginx passed.
  const echo = async (request: FastifyRequest) => ({ instance: name, requestId: request.headers['x-request-id'] ?? null });
  app.all('/api/*', echo);
  app.get('/uploads/*', echo);
  app.post('/upload', async (request) => ({ bytes: (request.body as Buffer).length }));
  // The app's "not now" answers (decision 052), each counted where it landed.
  app.get('/busy', async (_request, reply) => {
    hits.set(`busy:${name}`, (hits.get(`busy:${name}`) ?? 0) + 1);
    return reply.status(503).header('retry-after', '3').send({ code: 50320, msg: '系统维护中，请稍后再试', instance: name });
  });
  app.get('/payment-down', async (_request, reply) => {
    hits.set(`payment-down:${name}`, (hits.get(`payment-down:${name}`) ?? 0) + 1);
    return reply.status(502).send({ code: 50201, instance: name });
  });
  // Instance a dies under a request (kill -9): the connection ends with no answer.
  app.get('/dies-on-a', async (request, reply) => {
    if (name === 'a') {
      request.raw.socket.destroy();
      return reply;
    }
    return { instance: name };
  });
  app.post('/dies-on-a', async (request, reply) => {
    hits.set(`post-dies:${name}`, (hits.get(`post-dies:${name}`) ?? 0) + 1);
    if (name === 'a') {
      request.raw.socket.destroy();
      return reply;
    }
    return { instance: name };
  });
  await app.listen({ host: '127.0.0.1', port });
  return app;
}

describe('deploy/nginx: the rendered config, run by nginx in front of two instances', () => {
  let dir: string;
  let httpPort: number;
  let httpsPort: number;
  const instancePorts: number[] = [];
  const instances: FastifyInstance[] = [];
  let nginx: ChildProcess | undefined;
  let nginxArgs: string[];

  beforeAll(async () => {
    const nginxFound = spawnSync('nginx', ['-v']);
    if (nginxFound.error) throw new Error('nginx is not installed: run scripts/test-deploy.sh (it installs Debian\'s nginx with apt-get), or apt-get install nginx');
    dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-nginx-'));
    chmodSync(dir, 0o755);
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${SERVER_NAME}`, '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
    mkdirSync(path.join(dir, 'verify'));
    writeFileSync(path.join(dir, 'verify', 'MP_verify_Ab12Cd34Ef56.txt'), 'Ab12Cd34Ef56');
    writeFileSync(path.join(dir, 'verify', 'Zx9Yw8Vu7T.txt'), 'mini-program check');
    mkdirSync(path.join(dir, 'temp'), { mode: 0o777 });
    httpPort = await freePort();
    httpsPort = await freePort();
    for (const name of ['a', 'b']) {
      const port = await freePort();
      instancePorts.push(port);
      instances.push(await startInstance(name, port));
    }
    execFileSync('bash', [path.join(deployDir, 'nginx', 'render.sh'), path.join(dir, 'kuaibao.conf')], {
      env: {
        PATH: process.env.PATH,
        KB_SERVER_NAME: SERVER_NAME,
        KB_TLS_CERT: path.join(dir, 'cert.pem'),
        KB_TLS_KEY: path.join(dir, 'key.pem'),
        KB_VERIFY_DIR: path.join(dir, 'verify'),
        KB_ACME_ROOT: path.join(dir, 'acme'),
        KB_UPSTREAM_PORTS: instancePorts.join(' '),
        KB_HTTP_PORT: String(httpPort),
        KB_HTTPS_PORT: String(httpsPort),
        KB_ACCESS_LOG: path.join(dir, 'kuaibao-access.log'),
      },
    });
    // The http-level lines Debian's /etc/nginx/nginx.conf has, with this run's own paths.
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      [
        process.getuid?.() === 0 ? 'user root;' : '',
        `pid ${dir}/nginx.pid;`,
        'worker_processes 1;',
        'events { worker_connections 256; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        `  access_log ${dir}/access.log;`,
        `  client_body_temp_path ${dir}/temp/body;`,
        `  proxy_temp_path ${dir}/temp/proxy;`,
        `  fastcgi_temp_path ${dir}/temp/fastcgi;`,
        `  uwsgi_temp_path ${dir}/temp/uwsgi;`,
        `  scgi_temp_path ${dir}/temp/scgi;`,
        `  include ${dir}/kuaibao.conf;`,
        '}',
      ].join('\n'),
    );
    nginxArgs = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
    const checked = spawnSync('nginx', ['-t', ...nginxArgs], { encoding: 'utf8' });
    if (checked.status !== 0) throw new Error(`nginx -t refused the rendered config: ${checked.stderr}`);
    nginx = spawn('nginx', [...nginxArgs, '-g', 'daemon off;'], { stdio: 'ignore' });
    for (let attempt = 0; ; attempt++) {
      const answered = await fetchThroughNginx(`http://127.0.0.1:${httpPort}/`).then(() => true, () => false);
      if (answered) break;
      if (attempt > 100) throw new Error(`nginx did not start: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(async () => {
    if (nginx?.pid) {
      nginx.kill('SIGQUIT');
      await new Promise((resolve) => nginx!.once('exit', resolve));
    }
    for (const instance of instances) await instance.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('renders every KB_ variable and keeps nginx’s own variables', () => {
    const rendered = readFileSync(path.join(dir, 'kuaibao.conf'), 'utf8');
    expect(rendered).not.toContain('${KB_');
    expect(rendered).toContain(`listen ${httpsPort} ssl http2;`);
    expect(rendered).toContain(`server 127.0.0.1:${instancePorts[0]} max_fails=3 fail_timeout=2s;`);
    expect(rendered).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
  });

  it('logs with its own format on both servers, which never names the query string or the raw request line', () => {
    const rendered = readFileSync(path.join(dir, 'kuaibao.conf'), 'utf8');
    expect(rendered.match(/^\s*access_log (\S+) kuaibao;$/gm)).toEqual([`    access_log ${dir}/kuaibao-access.log kuaibao;`, `    access_log ${dir}/kuaibao-access.log kuaibao;`]);
    const format = /^log_format kuaibao ([^;]*);/m.exec(rendered)?.[1];
    expect(format).toBeDefined();
    // $request and $request_uri carry the query string; $args and $query_string are it; $http_referer is a whole URL.
    for (const variable of ['$request ', '$request"', '$request_uri', '$args', '$query_string', '$arg_', '$http_referer', '$uri']) expect(format).not.toContain(variable);
    expect(format).toContain('$kuaibao_log_path');
    expect(format).toContain('rid=$request_id');
    expect(rendered).toContain('proxy_set_header X-Request-Id $request_id;');
  });

  /** The access-log lines written so far, waiting until there are at least `count` (nginx writes a line after answering). */
  async function accessLines(count: number): Promise<string[]> {
    for (let attempt = 0; ; attempt++) {
      const lines = readFileSync(path.join(dir, 'kuaibao-access.log'), 'utf8').split('\n').filter(Boolean);
      if (lines.length >= count || attempt > 100) return lines;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('keeps no phone number, key, code, upload name or order id of a request in its access log', async () => {
    const before = (await accessLines(0)).length;
    const phone = '13800138000';
    const targets = [
      `https://127.0.0.1:${httpsPort}/api/h5/order/phone?phone=${phone}&keys=edit-key-secret-1`,
      `https://127.0.0.1:${httpsPort}/api/h5/order/detail?id=pub-order-secret-2&key=edit-key-secret-3`,
      `https://127.0.0.1:${httpsPort}/api/console/orders/918273/files/564738`,
      `https://127.0.0.1:${httpsPort}/uploads/upload-secret-4.png`,
      `https://127.0.0.1:${httpsPort}/api/h5/order/${phone}`,
      `https://127.0.0.1:${httpsPort}/order/${phone}`,
      `https://127.0.0.1:${httpsPort}/order/result?id=pub-order-secret-5&code=oauth-secret-6`,
      // Port 80 too: the redirect keeps the query for the browser, the log does not.
      `http://127.0.0.1:${httpPort}/api/h5/order/phone?phone=${phone}`,
    ];
    for (const target of targets) await fetchThroughNginx(target, { headers: { referer: `https://${SERVER_NAME}/order/result?id=pub-order-secret-7&key=edit-key-secret-8` } });
    const lines = (await accessLines(before + targets.length)).slice(before);
    expect(lines).toHaveLength(targets.length);
    const written = lines.join('\n');
    for (const secret of [phone, 'phone=', '?', 'secret', '918273', '564738']) expect(written).not.toContain(secret);
    expect(lines[0]).toMatch(/"GET \/api\/h5\/order\/phone HTTP\/1\.1" 200 \d+ "https:\/\/kuaibao\.test\/order\/result" /);
    expect(lines[2]).toContain('"GET /api/console/orders/:id/files/:id HTTP/1.1" 200');
    expect(lines[3]).toContain('"GET /uploads/*** HTTP/1.1" 200');
    expect(lines[4]).toContain('"GET /api/h5/order/:id HTTP/1.1" 200');
    expect(lines[5]).toContain('"GET /*** HTTP/1.1" 404');
    expect(lines[6]).toContain('"GET /order/result HTTP/1.1"');
    expect(lines[7]).toContain('"GET /api/h5/order/phone HTTP/1.1" 301');
    // The http-level log of nginx.conf (combined, whole request line) gets nothing from these servers.
    expect(readFileSync(path.join(dir, 'access.log'), 'utf8')).toBe('');
  });

  it('passes its own request id upstream, over one the client sent, and logs the same id', async () => {
    const before = (await accessLines(0)).length;
    const answer = await fetchThroughNginx(`https://127.0.0.1:${httpsPort}/api/user/config`, { headers: { 'x-request-id': 'chosen-by-the-client-0001' } });
    const seen = JSON.parse(answer.body.toString()) as { requestId: string };
    expect(seen.requestId).toMatch(/^[0-9a-f]{32}$/);
    const [line] = (await accessLines(before + 1)).slice(before);
    expect(line).toContain(`rid=${seen.requestId} `);
    expect(line).not.toContain('chosen-by-the-client');
  });

  it('sends plain HTTP to https on the configured origin, path and query kept', async () => {
    const answer = await fetchThroughNginx(`http://127.0.0.1:${httpPort}/corp/orders?from=menu`);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://${SERVER_NAME}:${httpsPort}/corp/orders?from=menu`);
  });

  it('speaks HTTP/2 over TLS', async () => {
    const protocol = await new Promise<string | false>((resolve, reject) => {
      const socket = tls.connect({ host: '127.0.0.1', port: httpsPort, servername: SERVER_NAME, ALPNProtocols: ['h2', 'http/1.1'], rejectUnauthorized: false }, () => {
        resolve(socket.alpnProtocol ?? false);
        socket.end();
      });
      socket.on('error', reject);
    });
    expect(protocol).toBe('h2');
  });

  it('serves WeChat’s MP_verify file from the configured folder, over http and https, and nothing else under that name', async () => {
    for (const origin of [`http://127.0.0.1:${httpPort}`, `https://127.0.0.1:${httpsPort}`]) {
      const found = await fetchThroughNginx(`${origin}/MP_verify_Ab12Cd34Ef56.txt`);
      expect(found.status).toBe(200);
      expect(found.body.toString()).toBe('Ab12Cd34Ef56');
      expect(found.headers['content-type']).toContain('text/plain');
      expect((await fetchThroughNginx(`${origin}/MP_verify_Missing0.txt`)).status).toBe(404);
    }
    // Another platform's file from the folder; a .txt that is not there is the app's.
    expect((await fetchThroughNginx(`https://127.0.0.1:${httpsPort}/Zx9Yw8Vu7T.txt`)).body.toString()).toBe('mini-program check');
    expect((await fetchThroughNginx(`https://127.0.0.1:${httpsPort}/robots.txt`)).body.toString()).toMatch(/^robots from [ab]$/);
  });

  it('gives the app the address nginx saw, never one the visitor wrote, and https as the protocol', async () => {
    const answer = await fetchThroughNginx(`https://127.0.0.1:${httpsPort}/whoami`, { headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'http' } });
    expect(answer.status).toBe(200);
    const seen = JSON.parse(answer.body.toString()) as { ip: string; protocol: string; forwardedFor: string };
    expect(seen.forwardedFor).toBe('127.0.0.1');
    expect(seen.ip).toBe('127.0.0.1');
    expect(seen.protocol).toBe('https');
  });

  it('passes precompressed assets through untouched, with their long cache header', async () => {
    const brotli = await fetchThroughNginx(`https://127.0.0.1:${httpsPort}/assets/index-3f9a.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body.equals(BROTLI_BYTES)).toBe(true);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Not compressed by nginx either when the app sends it plain.
    const plain = await fetchThroughNginx(`https://127.0.0.1:${httpsPort}/assets/index-3f9a.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe('console.log("plain")');
  });

  it('asks the other instance for a hashed file one instance lacks (a rolling update), never answering its 404', async () => {
    for (const url of ['/assets/only-a.js', '/assets/only-b.js', '/console/assets/only-b.js']) {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await fetchThroughNginx(`https://127.0.0.1:${httpsPort}${url}`)).status);
      expect(statuses, url).toEqual([200, 200, 200, 200, 200, 200]);
    }
    // A file neither has is still a 404, after both were asked.
    expect((await fetchThroughNginx(`https://127.0.0.1:${httpsPort}/assets/missing.js`)).status).toBe(404);
  });

  it('takes a 5 MiB screenshot upload and refuses a body over the limit itself', async () => {
    const headers = { 'content-type': 'application/octet-stream' };
    const fits = await fetchThroughNginx(`https://127.0.0.1:${httpsPort}/upload`, { method: 'POST', headers, body: Buffer.alloc(5 * 1024 * 1024 + 4096) });
    expect(fits.status).toBe(200);
    expect(JSON.parse(fits.body.toString())).toEqual({ bytes: 5 * 1024 * 1024 + 4096 });
    const tooLarge = await fetchThroughNginx(`https://127.0.0.1:${httpsPort}/upload`, { method: 'POST', headers, body: Buffer.alloc(7 * 1024 * 1024) });
    expect(tooLarge.status).toBe(413);
  });

  it('retries a GET once on the other instance when one dies under it, never a POST it sent, and never a 503 or 502 answer (decision 052)', async () => {
    const rendered = readFileSync(path.join(dir, 'kuaibao.conf'), 'utf8');
    expect(rendered).toContain('    proxy_next_upstream error timeout;\n');
    expect(rendered).toContain('    proxy_next_upstream_tries 2;\n');
    expect(rendered).toContain('    proxy_next_upstream_timeout 10s;\n');
    const directives = rendered.split('\n').filter((line) => /^\s*proxy_next_upstream/.test(line));
    // No status the app answers makes nginx retry or count a failure; the one exception is the hashed
    // assets' 404 during a rolling update (decision 053), which nginx never counts against an instance.
    expect(directives.join('\n').replace('proxy_next_upstream error timeout http_404;', '')).not.toMatch(/non_idempotent|http_/);
    expect(directives.filter((line) => line.includes('http_404'))).toEqual(['        proxy_next_upstream error timeout http_404;']);

    // A 503 with Retry-After (database restarting) and a 502 (a payment provider) reach the client as
    // they are, each from the one instance that answered it, and mark no instance down.
    hits.clear();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const busy = await fetchThroughNginx(`https://127.0.0.1:${httpsPort}/busy`);
      statuses.push(busy.status);
      expect(busy.headers['retry-after']).toBe('3');
      statuses.push((await fetchThroughNginx(`https://127.0.0.1:${httpsPort}/payment-down`)).status);
    }
    expect(new Set(statuses)).toEqual(new Set([502, 503]));
    expect((hits.get('busy:a') ?? 0) + (hits.get('busy:b') ?? 0)).toBe(12);
    expect((hits.get('payment-down:a') ?? 0) + (hits.get('payment-down:b') ?? 0)).toBe(12);
    const who = [];
    for (let i = 0; i < 6; i++) who.push(await fetchThroughNginx(`https://127.0.0.1:${httpsPort}/whoami`));
    expect(who.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(who.map((answer) => (JSON.parse(answer.body.toString()) as { instance: string }).instance))).toEqual(new Set(['a', 'b']));

    // An instance gone mid-request: the GET is answered by the other one; the POST it had sent is not sent again.
    for (let i = 0; i < 4; i++) {
      const answer = await fetchThroughNginx(`https://127.0.0.1:${httpsPort}/dies-on-a`);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body.toString())).toEqual({ instance: 'b' });
    }
    hits.clear();
    const posts: number[] = [];
    for (let i = 0; i < 4; i++) posts.push((await fetchThroughNginx(`https://127.0.0.1:${httpsPort}/dies-on-a`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.from('{}') })).status);
    expect(posts.filter((status) => status === 502).length).toBe(hits.get('post-dies:a') ?? 0);
    expect((hits.get('post-dies:a') ?? 0) + (hits.get('post-dies:b') ?? 0)).toBe(4);
  });

  it('keeps answering from the other instance while one is stopped (a restart)', async () => {
    await instances[0]!.close();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await fetchThroughNginx(`https://127.0.0.1:${httpsPort}/whoami`));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => (JSON.parse(answer.body.toString()) as { instance: string }).instance))).toEqual(new Set(['b']));
  });
});

describe('deploy/nginx/render.sh', () => {
  const render = (env: Record<string, string>) => spawnSync('bash', [path.join(deployDir, 'nginx', 'render.sh')], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
  const required = { KB_SERVER_NAME: SERVER_NAME, KB_TLS_CERT: '/etc/ssl/kb.pem', KB_TLS_KEY: '/etc/ssl/kb.key' };

  it('names a missing required variable, and refuses a value that would break out of a directive', () => {
    const missing = render({ KB_SERVER_NAME: SERVER_NAME, KB_TLS_CERT: '/etc/ssl/kb.pem' });
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain('KB_TLS_KEY');
    const injected = render({ ...required, KB_VERIFY_DIR: '/srv/verify; autoindex on' });
    expect(injected.status).toBe(2);
    expect(injected.stderr).toContain('not a plain path');
  });

  it('defaults to two instances on 3001 and 3002, ports 80 and 443, and adds IPv6 listeners on request', () => {
    const plain = render(required);
    expect(plain.status).toBe(0);
    expect(plain.stdout).toContain('server 127.0.0.1:3001 max_fails=3 fail_timeout=2s;\n    server 127.0.0.1:3002 max_fails=3 fail_timeout=2s;');
    expect(plain.stdout).toContain('listen 443 ssl http2;');
    expect(plain.stdout).toContain(`return 301 https://${SERVER_NAME}$request_uri;`);
    expect(plain.stdout).not.toContain('[::]');
    expect(plain.stdout).toContain('access_log /var/log/nginx/kuaibao.access.log kuaibao;');
    expect(render({ ...required, KB_IPV6: 'on' }).stdout).toContain('listen [::]:443 ssl http2;');
  });
});

describe('deploy/systemd/kuaibao@.service', () => {
  const unit = readFileSync(path.join(deployDir, 'systemd', 'kuaibao@.service'), 'utf8');
  const settings = (key: string) => unit.split('\n').filter((line) => line.startsWith(`${key}=`)).map((line) => line.slice(key.length + 1));

  it('passes systemd-analyze verify as an instance (kuaibao@3001.service), without a warning', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-unit-'));
    try {
      copyFileSync(path.join(deployDir, 'systemd', 'kuaibao@.service'), path.join(dir, 'kuaibao@3001.service'));
      const verified = spawnSync('systemd-analyze', ['verify', path.join(dir, 'kuaibao@3001.service')], { encoding: 'utf8' });
      if (verified.error) throw new Error('systemd-analyze is missing (Debian package systemd)');
      expect(verified.stderr).toBe('');
      expect(verified.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('restarts on failure, reads /etc/kuaibao/.env, takes PORT from the instance, and stops within the app’s drain', () => {
    expect(settings('Restart')).toEqual(['on-failure']);
    expect(settings('EnvironmentFile')).toEqual(['/etc/kuaibao/.env']);
    expect(settings('ExecStart')[0]).toMatch(/^\/usr\/bin\/env PORT=%i \S+\/node apps\/api\/src\/server\.ts$/);
    expect(settings('KillSignal')).toEqual(['SIGTERM']);
    // Longer than the app's drain: SHUTDOWN_GRACE_MS + SHUTDOWN_TIMEOUT_MS at their defaults (.env.example), after
    // which the app exits by itself (decision 026); only then may systemd send SIGKILL.
    const example = readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
    const exampleMs = (key: string) => Number(new RegExp(`^#?${key}=(\\d+)$`, 'm').exec(example)?.[1]);
    const drainSeconds = (exampleMs('SHUTDOWN_GRACE_MS') + exampleMs('SHUTDOWN_TIMEOUT_MS')) / 1000;
    expect(drainSeconds).toBeGreaterThanOrEqual(30);
    expect(Number.parseInt(settings('TimeoutStopSec')[0]!, 10)).toBeGreaterThan(drainSeconds);
    expect(settings('User')).toEqual(['kuaibao']);
    expect(settings('ProtectSystem')).toEqual(['strict']);
    expect(settings('ReadWritePaths')).toEqual(['/var/lib/kuaibao']);
    expect(settings('NoNewPrivileges')).toEqual(['yes']);
    expect(settings('PrivateTmp')).toEqual(['yes']);
    // V8 needs writable executable memory.
    expect(settings('MemoryDenyWriteExecute')).toEqual([]);
  });
});

describe('deploy/systemd/kuaibao-backup.timer and .service', () => {
  const read = (name: string) => readFileSync(path.join(deployDir, 'systemd', name), 'utf8');
  const settingsOf = (unit: string, key: string) => unit.split('\n').filter((line) => line.startsWith(`${key}=`)).map((line) => line.slice(key.length + 1));

  it('pass systemd-analyze verify together, without a warning', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-unit-'));
    try {
      for (const name of ['kuaibao-backup.service', 'kuaibao-backup.timer']) copyFileSync(path.join(deployDir, 'systemd', name), path.join(dir, name));
      const verified = spawnSync('systemd-analyze', ['verify', path.join(dir, 'kuaibao-backup.timer'), path.join(dir, 'kuaibao-backup.service')], { encoding: 'utf8' });
      if (verified.error) throw new Error('systemd-analyze is missing (Debian package systemd)');
      expect(verified.stderr).toBe('');
      expect(verified.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('run npm run backup daily as the service user, with its settings, files private, into the backup folder .env.example names', () => {
    const timer = read('kuaibao-backup.timer');
    const service = read('kuaibao-backup.service');
    expect(settingsOf(timer, 'OnCalendar')).toEqual(['*-*-* 03:10:00']);
    expect(settingsOf(timer, 'Persistent')).toEqual(['true']);
    expect(settingsOf(timer, 'Unit')).toEqual(['kuaibao-backup.service']);
    expect(settingsOf(timer, 'WantedBy')).toEqual(['timers.target']);
    expect(settingsOf(service, 'Type')).toEqual(['oneshot']);
    expect(settingsOf(service, 'User')).toEqual(['kuaibao']);
    expect(settingsOf(service, 'EnvironmentFile')).toEqual(['/etc/kuaibao/.env']);
    expect(settingsOf(service, 'ExecStart')[0]).toMatch(/\/node apps\/api\/src\/ops\/backup\.cli\.ts$/);
    expect(settingsOf(service, 'UMask')).toEqual(['0077']);
    // The backup folder it may write is the one .env.example sets, and the data folder SQLite reads.
    const example = readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
    const backupDir = /^BACKUP_DIR=(.+)$/m.exec(example)?.[1];
    expect(backupDir).toBe('/var/backups/kuaibao');
    expect(settingsOf(service, 'ReadWritePaths')[0]!.split(' ')).toEqual(['/var/lib/kuaibao', backupDir]);
  });
});

describe('deploy/with-env.sh', () => {
  it('reads .env.example as systemd would: settings exported as written, commented ones left out', () => {
    const printed = execFileSync('bash', [path.join(deployDir, 'with-env.sh'), path.join(repoRoot, '.env.example'), 'env'], { env: { PATH: process.env.PATH }, encoding: 'utf8' });
    const seen = Object.fromEntries(printed.split('\n').filter(Boolean).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
    expect(seen).toMatchObject({ APP_ENV: 'prod', HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1', SQLITE_FILE: '/var/lib/kuaibao/kuaibao.sqlite', SIGN_SECRET: '' });
    expect(seen.PORT).toBeUndefined();
    expect(seen.DATABASE_URL).toBeUndefined();
    // npm's cache and logs stay out of the service user's home, the data folder restore needs empty.
    expect(seen.npm_config_cache).toMatch(/^\/tmp\/kuaibao-npm-\d+$/);
  });

  it('refuses a line that is not KEY=VALUE, naming it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-env-'));
    try {
      writeFileSync(path.join(dir, '.env'), 'APP_ENV=prod\nexport HOST=0.0.0.0\n');
      const run = spawnSync('bash', [path.join(deployDir, 'with-env.sh'), path.join(dir, '.env'), 'true'], { encoding: 'utf8' });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('.env:2 is not KEY=VALUE');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
