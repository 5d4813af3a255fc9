import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * The answer of a write sent with an `Idempotency-Key`, stored in the write's own database
 * transaction: the same key sent again by the same user to the same route gets this answer and
 * nothing is written twice (a double click, a retry after a timeout). Kept a day.
 */
export const idempotentRequest = pgTable(
  'idempotent_requests',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Method and path, e.g. "POST /api/buildings/b-1/fiscal-years/2026-01-01/checks". */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** A hash of the request's body: the same key with other values is refused, not answered. */
    requestHash: text('request_hash').notNull(),
    /** The first answer's body, answered again as it was. */
    body: jsonb('body').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.route, t.key] }),
    index('idempotent_requests_created_idx').on(t.createdAt),
  ],
);
