import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

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
