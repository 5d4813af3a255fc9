import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from './free-port';
import { webAppState } from './web-app';

/** One `npm start`, timed from the command. */
export interface StartRun {
  /** Until GET /api/health first answers 200. */
  healthMs: number;
  /** Until start says Copro started: on a first start, once the demo year is written. */
  readyMs: number;
  /** The slowest GET /api/health between the two: how long a request waited behind the demo's writing. */
  slowestHealthMs: number;
  /** The server process's resident memory, idle, some seconds after it started. */
  idleRssMb: number;
}

export interface StartFigures {
  first: StartRun;
  second: StartRun;
  idleSeconds: number;
}

const root = path.resolve(import.meta.dirname, '../..');
/** How long the server idles before its memory is read. */
const idleSeconds = 5;

/**
 * The resident memory of the largest process under `pid` (npm runs the server a few processes
 * down: npm, its shell, the server's node), in MiB. Through `ps`, so on Linux and macOS alike.
 */
function serverRssMb(pid: number): number {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,rss='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number]);
  const family = new Set([pid]);
  let largestKb = 0;
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent, rssKb] of table) {
      if (family.has(parent) && !family.has(child)) {
        family.add(child);
        largestKb = Math.max(largestKb, rssKb);
        grew = true;
      }
    }
  }
  return largestKb / 1024;
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
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
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
  try {
    let healthMs: number | null = null;
    let slowestHealthMs = 0;
    while (readyMs === null || healthMs === null) {
      if (exited) throw new Error(`npm start stopped before it started:\n${output}`);
      const asked = performance.now();
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((res) => res.status === 200)
        .catch(() => false);
      if (ok) {
        healthMs ??= performance.now() - t0;
        slowestHealthMs = Math.max(slowestHealthMs, performance.now() - asked);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const idleRssMb = child.pid ? serverRssMb(child.pid) : 0;
    return { healthMs, readyMs, slowestHealthMs, idleRssMb };
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
    `${label} ${name}: health ${s(r.healthMs)} · started ${s(r.readyMs)} · slowest health meanwhile ${r.slowestHealthMs.toFixed(0)} ms · idle RSS ${r.idleRssMb.toFixed(0)} MB (${figures.idleSeconds} s after)`;
  return [run('first start ', figures.first), run('second start', figures.second)];
}

// `tsx scripts/src/bench-start.ts`: this part of the bench alone.
if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  for (const line of startLines(await benchStart())) console.log(line);
}
