import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { job } from '../db/schema/index';
import { createHarness, type Harness } from '../test/harness';
import { JobQueue, type JobContext } from './jobs';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

/** Each test uses job names of its own, so a queue never claims another test's jobs. */
const uniqueName = (label: string): string => `test.${label}.${Math.random().toString(36).slice(2, 10)}`;

const rowsNamed = (name: string) =>
  h.platform.db.select().from(job).where(eq(job.name, name)).orderBy(job.id);

async function onlyRow(name: string) {
  const rows = await rowsNamed(name);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** Makes a re-queued job due now instead of after its backoff. */
const makeDue = (name: string) =>
  h.platform.db.execute(sql`update jobs set run_at = now() where name = ${name}`);

describe('job queue', () => {
  it('runs an enqueued job with its payload and marks it done', async () => {
    const name = uniqueName('run');
    const queue = new JobQueue(h.platform.db, 50);
    const calls: { payload: Record<string, unknown>; context: JobContext }[] = [];
    queue.register(name, async (payload, context) => {
      calls.push({ payload, context });
    });
    await queue.enqueue(h.platform.db, name, { greeting: 'bonjour', n: 3, nested: { ok: true } });

    expect(await queue.drain()).toBe(1);
    const row = await onlyRow(name);
    expect(calls).toEqual([
      {
        payload: { greeting: 'bonjour', n: 3, nested: { ok: true } },
        context: { id: row.id, attempt: 1, lastAttempt: false, progress: expect.any(Function) },
      },
    ]);
    expect(typeof calls[0]!.context.id).toBe('number');
    expect(row).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null, lastError: null });
    expect(row.finishedAt).toBeInstanceOf(Date);

    expect(await queue.drain()).toBe(0);
    expect(calls).toHaveLength(1);
  });

  it('runs every due job in one drain, and leaves jobs due later alone', async () => {
    const name = uniqueName('many');
    const queue = new JobQueue(h.platform.db, 50);
    const seen: number[] = [];
    queue.register(name, async (payload) => {
      seen.push(Number(payload.n));
    });
    for (let n = 0; n < 5; n++) await queue.enqueue(h.platform.db, name, { n });
    await queue.enqueue(h.platform.db, name, { n: 99 }, { runAt: new Date(Date.now() + 60 * 60 * 1000) });

    expect(await queue.drain()).toBe(5);
    expect(seen).toEqual([0, 1, 2, 3, 4]);
    const rows = await rowsNamed(name);
    expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'done', 'done', 'done', 'queued']);
  });

  it('enqueues in the caller transaction: a rolled-back enqueue leaves no job', async () => {
    const name = uniqueName('rollback');
    const queue = new JobQueue(h.platform.db, 50);
    await expect(
      h.platform.db.transaction(async (tx) => {
        await queue.enqueue(tx, name, {});
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rowsNamed(name)).toHaveLength(0);
  });

  it('retries a failed job later with its error, then marks it done', async () => {
    const name = uniqueName('retry');
    const queue = new JobQueue(h.platform.db, 50);
    const attempts: number[] = [];
    queue.register(name, async (_payload, context) => {
      attempts.push(context.attempt);
      if (context.attempt === 1) throw new Error('SMTP timeout');
    });
    await queue.enqueue(h.platform.db, name, {});

    await queue.drain();
    const failed = await onlyRow(name);
    expect(failed).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'SMTP timeout',
      lockedUntil: null,
      finishedAt: null,
    });
    expect(failed.runAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: the backoff holds it back.
    expect(await queue.drain()).toBe(0);

    await makeDue(name);
    expect(await queue.drain()).toBe(1);
    expect(attempts).toEqual([1, 2]);
    expect(await onlyRow(name)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('gives up after maxAttempts failures', async () => {
    const name = uniqueName('fail');
    const queue = new JobQueue(h.platform.db, 50);
    const errors: string[] = [];
    const failing = new JobQueue(h.platform.db, 50, (error, jobName) =>
      errors.push(`${jobName}: ${(error as Error).message}`),
    );
    let calls = 0;
    failing.register(name, async () => {
      calls++;
      throw new Error(`failure ${calls}`);
    });
    await queue.enqueue(h.platform.db, name, {}, { maxAttempts: 3 });

    for (let i = 0; i < 5; i++) {
      await failing.drain();
      await makeDue(name);
    }
    expect(calls).toBe(3);
    expect(errors).toEqual([`${name}: failure 1`, `${name}: failure 2`, `${name}: failure 3`]);
    const row = await onlyRow(name);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 3,
      maxAttempts: 3,
      lastError: 'failure 3',
      lockedUntil: null,
    });
    expect(row.finishedAt).toBeInstanceOf(Date);
  });

  it('enqueues a job with a singleton key once, and runs it once', async () => {
    const name = uniqueName('singleton');
    const key = `${name}:2026-05`;
    const queue = new JobQueue(h.platform.db, 50);
    const payloads: unknown[] = [];
    queue.register(name, async (payload) => {
      payloads.push(payload);
    });
    await queue.enqueue(h.platform.db, name, { first: true }, { singletonKey: key });
    await queue.enqueue(h.platform.db, name, { first: false }, { singletonKey: key });
    expect(await rowsNamed(name)).toHaveLength(1);

    await queue.drain();
    // Once, ever: not even after the first one is done.
    await queue.enqueue(h.platform.db, name, { first: false }, { singletonKey: key });
    await queue.drain();
    expect(payloads).toEqual([{ first: true }]);
    expect(await onlyRow(name)).toMatchObject({ status: 'done', singletonKey: key });
  });

  it('runs each job exactly once when two queues drain the same table at the same time', async () => {
    const name = uniqueName('concurrent');
    const runs = new Map<number, number>();
    const byQueue = [0, 0];
    const queues = [0, 1].map((q) => {
      const queue = new JobQueue(h.platform.db, 50);
      queue.register(name, async (payload) => {
        const n = Number(payload.n);
        runs.set(n, (runs.get(n) ?? 0) + 1);
        byQueue[q]!++;
        // Yield so the other queue gets to claim while this job "runs".
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
      return queue;
    });
    const total = 20;
    for (let n = 0; n < total; n++) await queues[0]!.enqueue(h.platform.db, name, { n });

    const counts = await Promise.all(queues.map((q) => q.drain()));
    expect(counts[0]! + counts[1]!).toBe(total);
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual([...Array(total).keys()]);
    expect([...runs.values()].every((c) => c === 1)).toBe(true);
    expect(byQueue[0]! + byQueue[1]!).toBe(total);
    // Both took part: the test raced two claimers rather than one after the other.
    expect(Math.min(...byQueue)).toBeGreaterThan(0);
    expect((await rowsNamed(name)).every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });

  it('takes over a job whose lock expired, and leaves one still locked alone', async () => {
    const name = uniqueName('expired');
    const queue = new JobQueue(h.platform.db, 50);
    const ran: string[] = [];
    queue.register(name, async (payload) => {
      ran.push(String(payload.which));
    });
    await queue.enqueue(h.platform.db, name, { which: 'expired' });
    await queue.enqueue(h.platform.db, name, { which: 'locked' });
    // As if another instance claimed both and died: one lock has run out, the other has not.
    await h.platform.db.execute(sql`
      update jobs set status = 'running', attempts = 1,
        locked_until = case when payload->>'which' = 'expired' then now() - interval '1 minute' else now() + interval '5 minutes' end
      where name = ${name}`);

    expect(await queue.drain()).toBe(1);
    expect(ran).toEqual(['expired']);
    const rows = await rowsNamed(name);
    expect(rows.map((r) => [r.payload.which, r.status, r.attempts])).toEqual([
      ['expired', 'done', 2],
      ['locked', 'running', 1],
    ]);
  });

  it('stops polling on stop(): jobs enqueued afterwards stay queued', async () => {
    const name = uniqueName('poll');
    const queue = new JobQueue(h.platform.db, 50);
    let calls = 0;
    queue.register(name, async () => {
      calls++;
    });
    queue.start();
    await queue.enqueue(h.platform.db, name, {});
    const deadline = Date.now() + 2000;
    while (calls === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toBe(1);

    await queue.stop();
    await queue.enqueue(h.platform.db, name, {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls).toBe(1);
    expect((await rowsNamed(name)).map((r) => r.status)).toEqual(['done', 'queued']);
  });
});
