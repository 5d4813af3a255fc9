import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

/**
 * Issue 14 "a light request path": authenticated `GET /api/buildings/:ref` on PostgreSQL against a
 * bare Fastify hello world, both in a process of their own (the load comes from this one), in
 * interleaved rounds so the machine's other load weighs on both alike.
 *
 * `benchRequestPath` is what the bench harness calls; `tsx scripts/src/bench-request.ts` runs it
 * alone against BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */

export interface RequestPathSide {
  requests: number;
  /** The server process's CPU time (user and system) per answered request, in microseconds. */
  cpuMicrosPerRequest: number;
  errors: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export interface RequestPathFigures {
  connections: number;
  hello: RequestPathSide;
  copro: RequestPathSide;
  /** Copro's requests per second over hello world's: the target is at least 1/3. */
  ratio: number;
  /**
   * Hello world's server CPU per request over Copro's: the same comparison by CPU time, which the
   * machine's other load sways less than throughput.
   */
  cpuRatio: number;
  /** Database transactions the Copro database counted per measured request (0 when every request is served from memory). */
  transactionsPerRequest: number;
}

export interface RequestPathOptions {
  /** A PostgreSQL server URL: a scratch database is created on it and dropped after. */
  databaseUrl: string;
  /** Requests per round and side. */
  requests?: number;
  connections?: number;
  /** Rounds of hello world then Copro, after one warm-up round each. */
  rounds?: number;
  /** A round stops after this long even if its requests are not all answered. */
  roundTimeoutMs?: number;
}

const benchFile = fileURLToPath(import.meta.url);
const buildingRef = 'jardins-du-parc';
const adminEmail = 'admin@example.com';
const adminPassword = 'copro-demo-2026';

const quantile = (sorted: Float64Array, q: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);

interface Round {
  latencies: number[];
  errors: number;
  seconds: number;
}

/**
 * `total` keep-alive GETs over `connections` sockets, each sending its next request when the last
 * answer is in. A raw socket client: node:http or fetch would cost more than a hello world, and
 * the load would then measure itself.
 */
function load(
  port: number,
  requestPath: string,
  headers: Record<string, string>,
  total: number,
  connections: number,
  timeoutMs: number,
): Promise<Round> {
  const head = [
    `GET ${requestPath} HTTP/1.1`,
    `host: 127.0.0.1:${port}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');
  const request = Buffer.from(head);
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  const deadline = started + timeoutMs;
  return new Promise((resolve, reject) => {
    let open = 0;
    const finish = (): void => {
      if (--open > 0) return;
      resolve({ latencies, errors, seconds: (performance.now() - started) / 1000 });
    };
    const connect = (): void => {
      open++;
      const socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
      let buffer: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      const next = (): void => {
        if (sent >= total || performance.now() > deadline) {
          socket.end();
          return;
        }
        sent++;
        sentAt = performance.now();
        socket.write(request);
      };
      socket.on('connect', next);
      socket.on('data', (chunk: Buffer) => {
        buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
        for (;;) {
          const end = buffer.indexOf('\r\n\r\n');
          if (end < 0) return;
          const text = buffer.toString('latin1', 0, end);
          const match = /\r\ncontent-length:\s*(\d+)/i.exec(text);
          if (!match) {
            socket.destroy();
            reject(new Error(`an answer without content-length: ${text}`));
            return;
          }
          const size = end + 4 + Number(match[1]);
          if (buffer.length < size) return;
          if (!text.startsWith('HTTP/1.1 200')) errors++;
          latencies.push(performance.now() - sentAt);
          buffer = buffer.subarray(size);
          next();
        }
      });
      socket.on('error', (error) => {
        socket.destroy();
        reject(error);
      });
      socket.on('close', finish);
    };
    for (let i = 0; i < connections; i++) connect();
  });
}

const summary = (rounds: Round[], cpuMicros: number): RequestPathSide => {
  const all = new Float64Array(rounds.flatMap((r) => r.latencies)).sort();
  const seconds = rounds.reduce((s, r) => s + r.seconds, 0);
  return {
    requests: all.length,
    cpuMicrosPerRequest: all.length === 0 ? 0 : cpuMicros / all.length,
    errors: rounds.reduce((s, r) => s + r.errors, 0),
    requestsPerSecond: all.length / seconds,
    p50Ms: quantile(all, 0.5),
    p99Ms: quantile(all, 0.99),
  };
};

/** The CPU time a child server has used so far, in microseconds. */
function cpuOf(proc: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    proc.once('message', (m) => resolve((m as { cpu: number }).cpu));
    proc.send('cpu');
  });
}

/** Runs `round` and adds the CPU time `proc` spent meanwhile to `cpu.micros`. */
async function measured(proc: ChildProcess, cpu: { micros: number }, round: () => Promise<Round>) {
  const before = await cpuOf(proc);
  const result = await round();
  cpu.micros += (await cpuOf(proc)) - before;
  return result;
}

/** Starts this file in a child process in `mode`; resolves to the port it listens on. */
function child(mode: 'hello' | 'copro', args: string[]): Promise<{ process: ChildProcess; port: number }> {
  const proc = fork(benchFile, [mode, ...args], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    proc.once('message', (m) => resolve({ process: proc, port: (m as { port: number }).port }));
    proc.once('exit', (code) => reject(new Error(`the ${mode} server exited (${code}) before listening`)));
  });
}

const stop = (proc: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
  });

async function signIn(port: number): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Transactions committed in `database` so far, as the statistics collector has them. */
async function committed(admin: pg.Client, database: string): Promise<number> {
  // Backends report their counts at most once a second: wait for the last ones.
  await new Promise((r) => setTimeout(r, 1200));
  await admin.query('select pg_stat_clear_snapshot()');
  const { rows } = await admin.query<{ n: string }>(
    'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
    [database],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function benchRequestPath(options: RequestPathOptions): Promise<RequestPathFigures> {
  const requests = options.requests ?? 20_000;
  const connections = options.connections ?? 200;
  const rounds = options.rounds ?? 3;
  const timeoutMs = options.roundTimeoutMs ?? 60_000;
  const name = `copro_bench_request_${Date.now()}`;
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(options.databaseUrl);
  url.pathname = `/${name}`;
  const children: ChildProcess[] = [];
  try {
    const hello = await child('hello', []);
    children.push(hello.process);
    const copro = await child('copro', [url.toString()]);
    children.push(copro.process);
    const cookie = await signIn(copro.port);
    const helloRound = () => load(hello.port, '/', {}, requests, connections, timeoutMs);
    const coproRound = () =>
      load(copro.port, `/api/buildings/${buildingRef}`, { cookie }, requests, connections, timeoutMs);
    await helloRound();
    await coproRound();
    const helloRounds: Round[] = [];
    const coproRounds: Round[] = [];
    const helloCpu = { micros: 0 };
    const coproCpu = { micros: 0 };
    const before = await committed(admin, name);
    for (let i = 0; i < rounds; i++) {
      helloRounds.push(await measured(hello.process, helloCpu, helloRound));
      coproRounds.push(await measured(copro.process, coproCpu, coproRound));
    }
    const after = await committed(admin, name);
    const h = summary(helloRounds, helloCpu.micros);
    const c = summary(coproRounds, coproCpu.micros);
    return {
      connections,
      hello: h,
      copro: c,
      ratio: c.requestsPerSecond / h.requestsPerSecond,
      cpuRatio: c.cpuMicrosPerRequest === 0 ? 0 : h.cpuMicrosPerRequest / c.cpuMicrosPerRequest,
      transactionsPerRequest: c.requests === 0 ? 0 : (after - before) / c.requests,
    };
  } finally {
    await Promise.all(children.map(stop));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** The child processes: a bare Fastify hello world, or Copro with the demo seed on `url`. */
async function serve(mode: string, args: string[]): Promise<void> {
  process.on('message', (m) => {
    if (m !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    process.send?.({ cpu: user + system });
  });
  if (mode === 'hello') {
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
    process.send?.({ port: (app.server.address() as net.AddressInfo).port });
    return;
  }
  const [{ loadConfig }, { startServer }, { seedDemo }, { freePort }] = await Promise.all([
    import('@copro/server/config'),
    import('@copro/server/server'),
    import('./demo'),
    import('./free-port'),
  ]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copro-bench-request-'));
  const port = await freePort();
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    }),
    databaseUrl: args[0],
    seedDemo: true,
  };
  const server = await startServer(config, {
    logger: false,
    beforeListen: async (p) => void (await seedDemo(p)),
  });
  process.on('SIGTERM', () => {
    void server.close().finally(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
  process.send?.({ port });
}

const [mode, ...args] = process.argv.slice(2);
if (process.argv[1] === benchFile && mode) {
  await serve(mode, args);
} else if (process.argv[1] === benchFile) {
  const figures = await benchRequestPath({
    databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    ...(process.env.BENCH_REQUESTS ? { requests: Number(process.env.BENCH_REQUESTS) } : {}),
    ...(process.env.BENCH_ROUNDS ? { rounds: Number(process.env.BENCH_ROUNDS) } : {}),
  });
  const line = (label: string, s: RequestPathSide): string =>
    `${label.padEnd(28)} ${s.requestsPerSecond.toFixed(0).padStart(6)} req/s · p50 ${s.p50Ms.toFixed(1)} ms · p99 ${s.p99Ms.toFixed(1)} ms · ${s.cpuMicrosPerRequest.toFixed(0)} µs server CPU per request · ${s.requests} requests, ${s.errors} not 200`;
  console.log(`\nRequest path, ${figures.connections} concurrent connections, PostgreSQL`);
  console.log(line('Fastify hello world', figures.hello));
  console.log(line('GET /api/buildings/:ref', figures.copro));
  console.log(
    `throughput ${figures.ratio.toFixed(2)} of hello world's (target ≥ 0.33) · server CPU per request: hello world's is ${figures.cpuRatio.toFixed(2)} of Copro's · ${figures.transactionsPerRequest.toFixed(2)} database transactions per request`,
  );
}
