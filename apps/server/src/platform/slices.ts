import type { DbOrTx, Tx } from '../db/client';

/**
 * Items per database transaction of a long job: a request waits behind at most one slice (the
 * embedded database has one connection), and a slice is still big enough for multi-row inserts.
 */
export const defaultSliceSize = 500;

export interface SliceOptions {
  /** Items per database transaction (tests make it small). */
  sliceSize?: number;
  /** Hears after each slice how many items are done, of how many planned. */
  onProgress?: (done: number, total: number) => void;
}

/** The steps of a job that posts what a plan decided, slice by slice. */
export interface SlicedJob<T> {
  /** Takes the job's lock (a transaction-scoped advisory lock): two runs never work at once. */
  lock(tx: Tx): Promise<void>;
  /**
   * What is due, decided from the database as it is now. The first plan reads outside any
   * transaction, so that deciding (reads and pure code) holds no connection; a plan made again
   * because the first no longer holds reads in the slice's transaction, under the lock.
   */
  plan(db: DbOrTx): Promise<T[]>;
  /**
   * Under the lock, whether the plan still holds for these items: none of them done by another run
   * since, and nothing it was decided from changed. When it does not, the job plans again.
   */
  holds(tx: Tx, slice: readonly T[]): Promise<boolean>;
  /** Posts and records the items, in the slice's transaction. */
  post(tx: Tx, slice: readonly T[]): Promise<void>;
}

/**
 * Lets the event loop turn between slices. PGlite answers in-process, so a job that awaits only
 * the database never yields to the network: without this, requests would not even be read until
 * the job ends. Their queries queue on the connection ahead of the next slice.
 */
const turn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Runs a job as a plan and then slices, each slice its own database transaction that commits what
 * it posts: the app stays responsive while it runs, a crash leaves whole slices, and the next run
 * (which plans from what is committed) completes it. Answers the items posted.
 */
export async function runInSlices<T>(
  db: DbOrTx,
  job: SlicedJob<T>,
  options: SliceOptions = {},
): Promise<T[]> {
  const size = Math.max(1, options.sliceSize ?? defaultSliceSize);
  let pending = await job.plan(db);
  const posted: T[] = [];
  options.onProgress?.(0, pending.length);
  while (pending.length > 0) {
    await turn();
    const { slice, rest } = await db.transaction(async (tx) => {
      await job.lock(tx);
      let plan = pending;
      if (!(await job.holds(tx, plan.slice(0, size)))) plan = await job.plan(tx);
      const slice = plan.slice(0, size);
      await job.post(tx, slice);
      return { slice, rest: plan.slice(size) };
    });
    posted.push(...slice);
    pending = rest;
    options.onProgress?.(posted.length, posted.length + pending.length);
  }
  return posted;
}
