import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db, Tx } from '../db/client';

/**
 * Where uploaded files live, by a path such as buildings/{id}/units/{uuid}/insurance/{name}
 * (SPEC 7 "File downloads"). The local directory is the embedded default; an S3-compatible store
 * can stand in behind the same three calls when instances scale out.
 */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    // Keys are built by the server, but a key must never climb out of the storage root.
    if (!resolved.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`bad storage key ${key}`);
    return resolved;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/**
 * The files one database transaction writes and drops, kept in step with it: a file is written
 * when the transaction asks (so a committed row never names a missing file) and removed again if
 * the transaction fails; a file the transaction stops naming is removed only once it has committed.
 */
export interface FileChanges {
  /** Writes the file now; it is removed again if the transaction does not commit. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** Removes the file once the transaction has committed; keeps it if the transaction fails. */
  removeAfterCommit(key: string): void;
}

/**
 * Runs `work` in a transaction of `db` with the file changes it makes, so no failed write leaves
 * an orphan file and no committed row loses its file. Every upload goes through here.
 */
export async function transactionWithFiles<T>(
  db: Db,
  storage: FileStorage,
  work: (tx: Tx, files: FileChanges) => Promise<T>,
  onCleanupError: (error: unknown) => void = (error) => console.error('[storage] clean-up failed:', error),
): Promise<T> {
  const written: string[] = [];
  const dropped: string[] = [];
  const files: FileChanges = {
    async put(key, bytes) {
      // Listed before the write, so a write that fails half-way is cleaned up too.
      written.push(key);
      await storage.put(key, bytes);
    },
    removeAfterCommit(key) {
      dropped.push(key);
    },
  };
  let result: T;
  try {
    result = await db.transaction((tx) => work(tx, files));
  } catch (error) {
    await Promise.all(written.map((key) => storage.remove(key).catch(onCleanupError)));
    throw error;
  }
  // The rows are committed: a file that fails to go is an orphan, not a failed request.
  await Promise.all(dropped.map((key) => storage.remove(key).catch(onCleanupError)));
  return result;
}
