import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from './free-port';
import { webAppState } from './web-app';

export interface StartFigures {
  firstMs: number;
  secondMs: number;
}

const root = path.resolve(import.meta.dirname, '../..');

/** `npm start` on `dataDir` until GET /api/health answers 200; the server is stopped afterwards. */
async function startToHealth(dataDir: string): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  // The embedded database, whatever this shell names.
  const { DATABASE_URL: _postgres, ...env } = process.env;
  const child = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['start'], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: 'ignore',
    // Its own process group, so that stopping it stops npm's children too.
    detached: process.platform !== 'win32',
    shell: process.platform === 'win32',
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error('npm start stopped before answering');
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((res) => res.status === 200)
        .catch(() => false);
      if (ok) return performance.now() - t0;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    if (!exited && child.pid) {
      const stopped = new Promise((resolve) => child.once('exit', resolve));
      if (process.platform === 'win32') child.kill();
      else process.kill(-child.pid, 'SIGTERM');
      await stopped;
    }
  }
}

/**
 * The first `npm start` on an empty data directory (demo seed included) and the second one, each
 * until GET /api/health answers. Null when the web app is not built: the start would build it.
 */
export async function benchStart(): Promise<StartFigures | null> {
  if (!process.env.WEB_DIST && webAppState() !== 'built') return null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copro-bench-start-'));
  try {
    const firstMs = await startToHealth(dataDir);
    const secondMs = await startToHealth(dataDir);
    return { firstMs, secondMs };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
