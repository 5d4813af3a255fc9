import { and, eq, sql } from 'drizzle-orm';
import type { RegistryCollectionName } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { registryRecord } from '../../db/schema/index';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { foldText } from './list-sql';
import { listPlans, type ListReader } from './list-plans';
import { visibleRecords, type RecordAudience, type RecordRow } from './records';

/** What a list route asks for: one page of the records that match, in the chosen order. */
export interface PageQuery {
  page: number;
  pageSize: number;
  q: string;
  sort: string;
  filter?: string;
  liveOnly: boolean;
}

export interface RecordPage {
  rows: RecordRow[];
  /** The records that match, over every page. */
  total: number;
  /** The archived records the audience sees, whatever the search and filter. */
  archivedCount: number;
}

/**
 * One page of a collection's list (issue 14): the search, the filter and the order run in the
 * database, which sends only the page's rows, so a page costs the same in a building of ten
 * units or of ten thousand.
 */
export async function pageRecords(
  db: DbOrTx,
  scope: YearScope,
  collection: RegistryCollectionName,
  audience: RecordAudience,
  query: PageQuery,
  reader: ListReader,
): Promise<RecordPage> {
  const plan = listPlans[collection];
  const context = { scope, reader, needle: foldText(query.q.trim()) };
  const filter = query.filter === undefined ? undefined : plan.filters[query.filter];
  const matches = and(
    query.liveOnly ? eq(registryRecord.archived, false) : undefined,
    filter?.(context),
    context.needle === '' ? undefined : plan.search(context),
  );
  const visible = visibleRecords(scope, collection, audience);
  const [counts] = await db
    .select({
      total: (matches ? sql`count(*) filter (where ${matches})` : sql`count(*)`).mapWith(Number),
      archivedCount: sql`count(*) filter (where ${registryRecord.archived})`.mapWith(Number),
    })
    .from(registryRecord)
    .where(visible);
  const total = counts?.total ?? 0;
  const archivedCount = counts?.archivedCount ?? 0;
  const offset = (query.page - 1) * query.pageSize;
  if (offset >= total) return { rows: [], total, archivedCount };
  // The default orders of units and people have their indexes: the page is read in order.
  const order = plan.sorts[query.sort] ?? Object.values(plan.sorts)[0] ?? [];
  const rows = await db
    .select()
    .from(registryRecord)
    .where(and(visible, matches))
    .orderBy(...order, registryRecord.uuid)
    .limit(query.pageSize)
    .offset(offset);
  return { rows, total, archivedCount };
}
