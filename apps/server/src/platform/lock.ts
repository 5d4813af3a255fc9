import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `Copro is already running on this data directory (process ${pid}). Stop it first, or set DATA_DIR to another directory. Lock file: ${lockFile}`,
    );
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The lock files this process holds: one with our pid that is not among them is from an earlier process that had the same pid. */
const held = new Set<string>();

/**
 * PGlite must never be opened by two processes: the first one writes its pid into a lock file
 * with O_EXCL; a lock left by a process that died is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  // The real path: `held` must know the directory however it is named.
  const lockFile = path.join(fs.realpathSync(dataDir), 'copro.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      held.add(lockFile);
      let released = false;
      const release = (): void => {
        if (released) return;
        released = true;
        held.delete(lockFile);
        process.off('exit', release);
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(lockFile, 'utf8'));
      // A container restarts its process with the same pid (often 1): a lock with our own pid that we do not hold is stale.
      const staleOwnPid = pid === process.pid && !held.has(lockFile);
      if (Number.isInteger(pid) && pid > 0 && alive(pid) && !staleOwnPid)
        throw new DataDirLockedError(lockFile, pid);
      fs.unlinkSync(lockFile);
    }
  }
  throw new Error(`Could not lock ${lockFile}`);
}
