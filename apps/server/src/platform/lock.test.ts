import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startServer } from '../server';
import { DataDirLockedError, lockDataDir } from './lock';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const tempDir = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copro-lock-'));
  dirs.push(dir);
  return dir;
};
const lockFileOf = (dir: string): string => path.join(dir, 'copro.lock');

/** A pid no process has: beyond the kernel's pid_max. */
const deadPid = 2 ** 22 + 1;

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const lockModule = pathToFileURL(path.join(import.meta.dirname, 'lock.ts')).href;

/** Another Node process that calls lockDataDir on `dir`: "locked" and then stays, or the error's class and message and exit code 3. */
function lockInChild(dir: string): {
  child: ChildProcess;
  output: () => string;
  firstLine: Promise<string>;
  exit: Promise<number | null>;
} {
  const code = `import(${JSON.stringify(lockModule)}).then((m) => {
    try { m.lockDataDir(process.env.COPRO_LOCK_DIR); console.log('locked'); setInterval(() => {}, 1000); }
    catch (e) { console.log(e.constructor.name + ': ' + e.message); process.exit(3); }
  });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', code], {
    cwd: repoRoot,
    env: { ...process.env, COPRO_LOCK_DIR: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', () => reject(new Error(`child exited before printing a line: ${out}`)));
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (status) => resolve(status)));
  return { child, output: () => out, firstLine, exit };
}

describe('data directory lock', () => {
  it('writes the pid into the lock file, and release removes it', () => {
    const dir = path.join(tempDir(), 'not-yet-created');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFileOf(dir), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFileOf(dir))).toBe(false);
    // Released: the directory can be locked again.
    lockDataDir(dir)();
  });

  it('refuses a second lock on the same directory, however the directory is named, saying Copro is already running', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    try {
      for (const name of [dir, `${dir}/`, path.join(dir, '..', path.basename(dir))]) {
        let error: unknown;
        try {
          lockDataDir(name);
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(DataDirLockedError);
        expect((error as DataDirLockedError).message).toMatch(/Copro is already running/);
        expect((error as DataDirLockedError).pid).toBe(process.pid);
      }
      expect(fs.readFileSync(lockFileOf(dir), 'utf8')).toBe(String(process.pid));
    } finally {
      release();
    }
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = tempDir();
    fs.writeFileSync(lockFileOf(dir), String(deadPid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFileOf(dir), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFileOf(dir))).toBe(false);
  });

  it('takes over an empty or unreadable lock, as left by a crash between creating and writing it', () => {
    for (const content of ['', 'garbage']) {
      const dir = tempDir();
      fs.writeFileSync(lockFileOf(dir), content);
      lockDataDir(dir)();
    }
  });

  it('takes over a lock with its own pid that it does not hold, as after a container restart', () => {
    const dir = tempDir();
    fs.writeFileSync(lockFileOf(dir), String(process.pid));
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
  });

  it('release leaves alone a lock that another process took since', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    fs.writeFileSync(lockFileOf(dir), String(deadPid));
    release();
    expect(fs.readFileSync(lockFileOf(dir), 'utf8')).toBe(String(deadPid));
  });

  it('stops another process while this one holds the lock', async () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    try {
      const other = lockInChild(dir);
      expect(await other.exit).toBe(3);
      expect(other.output()).toMatch(
        /^DataDirLockedError: Copro is already running on this data directory \(process \d+\)/,
      );
      expect(other.output()).toContain(`(process ${process.pid})`);
      expect(fs.readFileSync(lockFileOf(dir), 'utf8')).toBe(String(process.pid));
    } finally {
      release();
    }
  });

  it('is stopped by another live process, and takes the lock over once that process is killed', async () => {
    const dir = tempDir();
    const holder = lockInChild(dir);
    expect(await holder.firstLine).toBe('locked');
    expect(fs.readFileSync(lockFileOf(dir), 'utf8')).toBe(String(holder.child.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);

    // Killed hard: no exit handler runs, the lock file stays behind.
    holder.child.kill('SIGKILL');
    await holder.exit;
    expect(fs.readFileSync(lockFileOf(dir), 'utf8')).toBe(String(holder.child.pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFileOf(dir), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('keeps startServer from opening a locked embedded database, and releases the lock when the server closes', async () => {
    const dataDir = tempDir();
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }),
      authSecret: 'test-secret-test-secret-test-secret-0000',
    };
    const release = lockDataDir(dataDir);
    await expect(startServer(config, { logger: false })).rejects.toThrow(DataDirLockedError);
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
    release();

    const server = await startServer(config, { logger: false });
    try {
      expect(fs.readFileSync(lockFileOf(dataDir), 'utf8')).toBe(String(process.pid));
      const health = await fetch(`${server.address}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
    } finally {
      await server.close();
    }
    expect(fs.existsSync(lockFileOf(dataDir))).toBe(false);
  });
});
