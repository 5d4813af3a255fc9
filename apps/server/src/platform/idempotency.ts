import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { idempotentRequest } from '../db/schema/index';
import type { Clock } from './clock';
import { AppError } from './errors';
import { userOf } from './routes';

/** The header a write the user may retry carries (the web's `api(…, { idempotencyKey })`). */
export const idempotencyKeyHeader = 'idempotency-key';

/** How long a first answer is kept for its retries: a day covers any retry a person makes. */
export const idempotencyKeyLifetimeMs = 24 * 60 * 60 * 1000;

/** Printable ASCII without spaces, like the keys other APIs take (a UUID from the web). */
const keyPattern = /^[\x21-\x7e]{1,255}$/;

/** Expired answers swept by each keyed write, so the table stays a day's worth of writes. */
const sweepBatch = 100;

function keyOf(req: FastifyRequest): string | null {
  const value = req.headers[idempotencyKeyHeader];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !keyPattern.test(value)) throw new AppError('idempotencyKeyInvalid');
  return value;
}

const hashOf = (body: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');

/**
 * Runs a write in one database transaction. With an `Idempotency-Key`, the write happens once
 * per user, route and key: its answer is stored in the same transaction, so a retry (a double
 * click, a retry after a timeout) answers the first answer again and writes nothing. Two requests
 * with the same key at the same time: the second waits for the first to commit, then answers its
 * answer; if the first failed nothing was stored and the second does the write. The same key
 * with another body is refused. Only a success is stored: its status is the route's.
 */
export async function writeOnce<T>(
  db: Db,
  clock: Clock,
  req: FastifyRequest,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const key = keyOf(req);
  if (key === null) return db.transaction(work);
  const userId = userOf(req).id;
  const route = `${req.method} ${req.url.split('?')[0] ?? ''}`;
  const requestHash = hashOf(req.body);
  const match = and(
    eq(idempotentRequest.userId, userId),
    eq(idempotentRequest.route, route),
    eq(idempotentRequest.key, key),
  );
  return db.transaction(async (tx) => {
    // Held until commit: a concurrent request with the same key waits here, then finds the answer.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`idempotency:${userId}:${route}:${key}`}))`);
    const now = clock.now();
    const expired = new Date(now.getTime() - idempotencyKeyLifetimeMs);
    const [stored] = await tx.select().from(idempotentRequest).where(match);
    if (stored && stored.createdAt > expired) {
      if (stored.requestHash !== requestHash) throw new AppError('idempotencyKeyReused');
      return stored.body as T;
    }
    const answer = await work(tx);
    const row = { requestHash, body: answer, createdAt: now };
    await tx
      .insert(idempotentRequest)
      .values({ userId, route, key, ...row })
      .onConflictDoUpdate({
        target: [idempotentRequest.userId, idempotentRequest.route, idempotentRequest.key],
        set: row,
      });
    // Rows another write is sweeping are skipped, so two sweeps never wait on each other.
    await tx.execute(sql`
      delete from ${idempotentRequest} where ctid in (
        select ctid from ${idempotentRequest} where ${idempotentRequest.createdAt} < ${expired.toISOString()}::timestamptz
        limit ${sweepBatch} for update skip locked)`);
    return answer;
  });
}
