import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from './client';

/**
 * Reads a query's rows in batches through a server-side cursor, in one read-only snapshot, so an
 * export of a million rows holds one batch in memory at a time (issue 14: memory flat). `onBatch`
 * may wait (for a slow reader); the snapshot stays the same until the last batch.
 */
export async function eachBatch<T>(
  db: Db,
  query: SQL,
  size: number,
  onBatch: (rows: T[]) => Promise<void>,
): Promise<void> {
  await db.transaction(
    async (tx) => {
      const cursor = sql.raw(`export_${randomUUID().replaceAll('-', '')}`);
      await tx.execute(sql`declare ${cursor} no scroll cursor for ${query}`);
      for (;;) {
        const rows = await rowsOf<T>(tx, sql`fetch forward ${sql.raw(String(size))} from ${cursor}`);
        if (rows.length > 0) await onBatch(rows);
        if (rows.length < size) break;
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
