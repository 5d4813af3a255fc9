import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../db/client';
import { job } from '../db/schema/index';

export interface JobContext {
  id: number;
  attempt: number;
  /** True on the last attempt: a failure now is final. */
  lastAttempt: boolean;
}
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** A job with the same key is enqueued once, ever: the idempotency key of scheduled work. */
  singletonKey?: string;
}

interface ClaimedJob {
  id: number;
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/** How long a claimed job may run before another instance may take it over. */
const lockSeconds = 300;
/** Retry backoff: 2^attempt seconds, capped at an hour. */
const backoffSeconds = (attempt: number): number => Math.min(3600, 2 ** attempt);

/**
 * A job queue in PostgreSQL. Jobs are claimed with FOR UPDATE SKIP LOCKED, so any number of
 * server instances may poll the same table and each job runs once. pg-boss needs Node 22 in its
 * current versions and its own connection pool, which PGlite cannot give it (docs/decisions.md).
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly pollMs: number,
    private readonly onError: (error: unknown, jobName: string) => void = () => {},
  ) {}

  register(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  async enqueue(tx: DbOrTx, name: string, payload: Record<string, unknown>, options: EnqueueOptions = {}) {
    await tx
      .insert(job)
      .values({
        name,
        payload,
        runAt: options.runAt ?? new Date(),
        maxAttempts: options.maxAttempts ?? 5,
        singletonKey: options.singletonKey ?? null,
      })
      .onConflictDoNothing();
  }

  start(): void {
    this.stopped = false;
    const tick = (): void => {
      if (this.stopped) return;
      this.running = this.drain()
        .then(() => undefined)
        .catch((error: unknown) => this.onError(error, 'poll'))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.timer = setTimeout(tick, this.pollMs);
        });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Runs every job that is due now, one after another; answers how many ran. */
  async drain(): Promise<number> {
    // The poll loop's drain ends after the current job on stop(); a direct call runs until nothing is due.
    const polling = !this.stopped;
    let count = 0;
    while (!(polling && this.stopped)) {
      const claimed = await this.claim();
      if (!claimed) break;
      await this.run(claimed);
      count++;
    }
    return count;
  }

  private async claim(): Promise<ClaimedJob | null> {
    const names = [...this.handlers.keys()];
    if (names.length === 0) return null;
    const result = await rowsOf<ClaimedJob>(
      this.db,
      sql`
      update jobs set status = 'running', attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${lockSeconds})
      where id = (
        select id from jobs
        where name in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})
          and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
        order by run_at, id
        for update skip locked
        limit 1
      )
      returning id, name, payload, attempts, max_attempts`,
    );
    const row = result[0];
    // node-postgres answers a bigint as a string; PGlite as a number.
    return row ? { ...row, id: Number(row.id) } : null;
  }

  private async run(claimed: ClaimedJob): Promise<void> {
    const handler = this.handlers.get(claimed.name);
    try {
      if (!handler) throw new Error(`no handler for job ${claimed.name}`);
      await handler(claimed.payload, {
        id: claimed.id,
        attempt: claimed.attempts,
        lastAttempt: claimed.attempts >= claimed.max_attempts,
      });
      await this.db.execute(
        sql`update jobs set status = 'done', finished_at = now(), locked_until = null where id = ${claimed.id}`,
      );
    } catch (error) {
      this.onError(error, claimed.name);
      const message = error instanceof Error ? error.message : String(error);
      const failed = claimed.attempts >= claimed.max_attempts;
      await this.db.execute(sql`
        update jobs set
          status = ${failed ? 'failed' : 'queued'},
          last_error = ${message.slice(0, 2000)},
          locked_until = null,
          finished_at = ${failed ? sql`now()` : sql`null`},
          run_at = now() + make_interval(secs => ${backoffSeconds(claimed.attempts)})
        where id = ${claimed.id}`);
    }
  }
}

export type JobRow = typeof job.$inferSelect;
