import { and, eq, sql } from 'drizzle-orm';
import { Cron } from 'croner';
import { isErrorCode, type JobStatus } from '@copro/domain';
import { rowsOf, type Db, type DbOrTx } from '../db/client';
import { job } from '../db/schema/index';

export interface JobContext {
  id: number;
  attempt: number;
  /** True on the last attempt: a failure now is final. */
  lastAttempt: boolean;
  /**
   * Records how far the job is, for whoever follows it. It does not wait for the write: a job
   * reports from inside its own transaction, and PGlite runs one statement at a time.
   */
  progress(done: number, total: number): void;
}
/** What a job answers (counts, totals) is kept on its row for the status route. */
export type JobResult = Record<string, unknown>;
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<JobResult | void>;

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** A job with the same key is enqueued once, ever: the idempotency key of scheduled work. */
  singletonKey?: string;
  /** The building the job works for: only that building's users may follow it. */
  buildingId?: string;
}

interface ClaimedJob {
  id: number;
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/** An error as a job's row and log keep it: its cause first, which says why a failed query failed. */
export const errorText = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.cause.message}\n${error.message}` : error.message;
};

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
  private readonly schedules: Cron[] = [];
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

  /** Logs a failure around the jobs (an alert that could not be written) where job failures go. */
  reportError(error: unknown, context: string): void {
    this.onError(error, context);
  }

  /** Answers the new job's id, or null when a job with the same singleton key already exists. */
  async enqueue(
    tx: DbOrTx,
    name: string,
    payload: Record<string, unknown>,
    options: EnqueueOptions = {},
  ): Promise<number | null> {
    const [row] = await tx
      .insert(job)
      .values({
        name,
        payload,
        runAt: options.runAt ?? new Date(),
        maxAttempts: options.maxAttempts ?? 5,
        singletonKey: options.singletonKey ?? null,
        buildingId: options.buildingId ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: job.id });
    return row ? Number(row.id) : null;
  }

  /**
   * Calls `fire` on a cron pattern (UTC) until stop(). Every instance fires, so `fire` must only
   * enqueue with singleton keys: the work itself runs once, on whichever instance claims it.
   */
  schedule(pattern: string, label: string, fire: () => Promise<unknown>): Cron {
    const cron = new Cron(
      pattern,
      {
        timezone: 'UTC',
        protect: true,
        catch: (error: unknown) => this.onError(error, `schedule ${label}`),
      },
      async () => {
        await fire();
      },
    );
    this.schedules.push(cron);
    return cron;
  }

  /** A job of `buildingId` as its status route shows it; null for another building's job or none. */
  async status(buildingId: string, id: number): Promise<JobStatus | null> {
    const [row] = await this.db
      .select()
      .from(job)
      .where(and(eq(job.id, id), eq(job.buildingId, buildingId)));
    if (!row) return null;
    return {
      id: Number(row.id),
      name: row.name,
      status: row.status as JobStatus['status'],
      progress: row.progressTotal === null ? null : { done: row.progressDone ?? 0, total: row.progressTotal },
      result: row.result ?? null,
      // An AppError's message is its code; anything else stays in the server's log.
      error: row.status !== 'failed' ? null : isErrorCode(row.lastError) ? row.lastError : 'unknown',
    };
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

  /** Stops polling and the schedules; waits for the job that runs. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const cron of this.schedules.splice(0)) cron.stop();
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
      update jobs set status = 'running', attempts = attempts + 1, progress_done = null, progress_total = null,
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
    // Progress writes go one after another, the latest only; the job's end waits for the last one.
    let latest: { done: number; total: number } | null = null;
    let writing: Promise<void> = Promise.resolve();
    const write = (): Promise<void> => {
      const next = latest;
      latest = null;
      if (!next) return Promise.resolve();
      return this.db
        .execute(
          sql`update jobs set progress_done = ${next.done}, progress_total = ${next.total} where id = ${claimed.id}`,
        )
        .then(
          () => undefined,
          (error: unknown) => this.onError(error, `${claimed.name} progress`),
        );
    };
    const progress = (done: number, total: number): void => {
      const idle = latest === null;
      latest = { done, total };
      if (idle) writing = writing.then(write);
    };
    try {
      if (!handler) throw new Error(`no handler for job ${claimed.name}`);
      const result = await handler(claimed.payload, {
        id: claimed.id,
        attempt: claimed.attempts,
        lastAttempt: claimed.attempts >= claimed.max_attempts,
        progress,
      });
      await writing;
      await this.db.execute(
        sql`update jobs set status = 'done', finished_at = now(), locked_until = null,
          result = ${result ? JSON.stringify(result) : null}::jsonb
        where id = ${claimed.id}`,
      );
    } catch (error) {
      await writing;
      this.onError(error, claimed.name);
      const message = errorText(error);
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
