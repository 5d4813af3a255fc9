import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { prepareDatabaseTemplate, templateState } from './db-template';
import { demoBuildings, demoPassword } from './demo';
import { freePort } from './free-port';
import { buildServerBundle } from './server-bundle';
import { webAppState } from './web-app';

/** One `npm start`, timed from the command. */
export interface StartRun {
  /** Until GET /api/health first answers 200. */
  healthMs: number;
  /** The CPU time spent by then by npm start's processes (Linux only). */
  healthCpuMs: number | null;
  /** Until start says Copro started: on a first start, once the demo year is written. */
  readyMs: number;
  /** The slowest GET /api/health between the two: how long a query waited behind the demo's writing. */
  slowestHealthMs: number;
  /** The slowest signed-in GET /api/buildings/:ref meanwhile; null when started before one was asked. */
  slowestPageMs: number | null;
  /** The server process's resident memory, idle, some seconds after it started. */
  idleRssMb: number;
  /** Its sources changed while it was measured: it ran through tsx, not as the install builds it. */
  fromSources: boolean;
}

export interface StartFigures {
  first: StartRun;
  second: StartRun;
  idleSeconds: number;
}

const root = path.resolve(import.meta.dirname, '../..');
/** How long the server idles before its memory is read. */
const idleSeconds = 5;

/** `pid` and the processes under it (npm runs the server a few processes down: npm, its shell, node). */
function processTree(pid: number): { pid: number; rssKb: number }[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,rss='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number]);
  const family = new Map<number, number>([[pid, 0]]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, parent, rssKb] of table) {
      if (family.has(parent) && !family.has(child)) {
        family.set(child, rssKb);
        grew = true;
      }
    }
  }
  return [...family].map(([p, rssKb]) => ({ pid: p, rssKb }));
}

/** The server process's resident memory, in MiB: the largest process of the tree. Through `ps`, so on Linux and macOS alike. */
const serverRssMb = (pid: number): number => Math.max(...processTree(pid).map((p) => p.rssKb)) / 1024;

/**
 * The CPU time the tree has used so far, in ms, on Linux (null elsewhere): on a busy machine the
 * time to health varies with the neighbours, the CPU spent much less.
 */
function treeCpuMs(pid: number): number | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      // utime and stime, in clock ticks (100 a second), after the command name's closing parenthesis.
      const fields = fs.readFileSync(`/proc/${p.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Ended meanwhile.
    }
  }
  return ticks * 10;
}

/** The demo admin's session cookie, or null if the sign-in is refused (the demo is not there yet). */
async function signIn(base: string): Promise<string | null> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'admin@example.com', password: demoPassword }),
  }).catch(() => null);
  await res?.arrayBuffer();
  if (res?.status !== 200) return null;
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** `npm start` on `dataDir` until it has started and idled; the server is stopped afterwards. */
async function startOnce(dataDir: string): Promise<StartRun> {
  if (process.platform === 'win32') throw new Error('the start bench runs on Linux or macOS');
  const port = await freePort();
  const t0 = performance.now();
  // The embedded database, whatever this shell names.
  const { DATABASE_URL: _postgres, ...env } = process.env;
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    // Its own process group, so that stopping it stops npm's children too.
    detached: true,
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  let readyMs: number | null = null;
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    output += chunk;
    if (readyMs === null && /^Copro started/m.test(output)) readyMs = performance.now() - t0;
  });
  const base = `http://127.0.0.1:${port}`;
  /** How long a request took, or null when it was not answered 200. */
  const timed = async (url: string, init?: RequestInit): Promise<number | null> => {
    const asked = performance.now();
    const res = await fetch(url, init).catch(() => null);
    await res?.arrayBuffer();
    return res?.status === 200 ? performance.now() - asked : null;
  };
  try {
    let healthMs: number | null = null;
    let healthCpuMs: number | null = null;
    let slowestHealthMs = 0;
    let slowestPageMs: number | null = null;
    let cookie: string | null = null;
    while (readyMs === null || healthMs === null) {
      if (exited) throw new Error(`npm start stopped before it started:\n${output}`);
      const health = await timed(`${base}/api/health`);
      if (health !== null) {
        if (healthMs === null && child.pid) healthCpuMs = treeCpuMs(child.pid);
        healthMs ??= performance.now() - t0;
        slowestHealthMs = Math.max(slowestHealthMs, health);
        // A signed-in page while the demo year is written: several queries, each waiting its turn.
        if (readyMs === null && cookie === null) cookie = await signIn(base);
        if (readyMs === null && cookie) {
          const page = await timed(`${base}/api/buildings/${demoBuildings[0].ref}`, { headers: { cookie } });
          if (page !== null) slowestPageMs = Math.max(slowestPageMs ?? 0, page);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const idleRssMb = child.pid ? serverRssMb(child.pid) : 0;
    const fromSources = output.includes('Running the server from its sources');
    return { healthMs, healthCpuMs, readyMs, slowestHealthMs, slowestPageMs, idleRssMb, fromSources };
  } finally {
    if (!exited && child.pid) {
      const stopped = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await stopped;
    }
  }
}

/**
 * The first `npm start` on an empty data directory (demo seed and year included) and the second
 * one on it. Null when the web app is not built: the start would not serve it.
 */
export async function benchStart(): Promise<StartFigures | null> {
  if (!process.env.WEB_DIST && webAppState() === 'missing') return null;
  // As right after npm install: the server built from these sources, the template with every migration.
  await buildServerBundle();
  if (templateState() !== 'current') await prepareDatabaseTemplate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copro-bench-start-'));
  try {
    const first = await startOnce(dataDir);
    const second = await startOnce(dataDir);
    return { first, second, idleSeconds };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures as `npm run bench` prints them. */
export function startLines(figures: StartFigures | null): string[] {
  const label = 'PGlite (embedded)'.padEnd(20);
  if (!figures) return [`${label} not measured: the web app is not built (npm run build)`];
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const run = (name: string, r: StartRun) =>
    `${label} ${name}: health ${s(r.healthMs)}${r.healthCpuMs === null ? '' : ` (CPU ${s(r.healthCpuMs)})`} · started ${s(r.readyMs)} · slowest meanwhile: health ${r.slowestHealthMs.toFixed(0)} ms, signed-in page ${r.slowestPageMs === null ? '–' : `${r.slowestPageMs.toFixed(0)} ms`} · idle RSS ${r.idleRssMb.toFixed(0)} MB (${figures.idleSeconds} s after)${r.fromSources ? ' · ran from its sources (they changed meanwhile)' : ''}`;
  return [run('first start ', figures.first), run('second start', figures.second)];
}

// `tsx scripts/src/bench-start.ts`: this part of the bench alone.
if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  for (const line of startLines(await benchStart())) console.log(line);
}
