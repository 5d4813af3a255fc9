import { and, eq, sql, type SQL } from 'drizzle-orm';
import { searchable, type RegistryCollectionName } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { registryRecord } from '../../db/schema/index';
import type { YearScope } from '../../platform/fiscal-year-scope';
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
  const context = { scope, reader, needle: searchable(query.q.trim()) };
  const filter = query.filter === undefined ? undefined : plan.filters[query.filter];
  const matches = and(
    query.liveOnly ? eq(registryRecord.archived, false) : undefined,
    filter?.(context),
    context.needle === '' ? undefined : plan.search(context),
  );
  const visible = visibleRecords(scope, collection, audience);
  const order = plan.sorts[query.sort] ?? Object.values(plan.sorts)[0] ?? [];
  const offset = (query.page - 1) * query.pageSize;
  if (context.needle === '') {
    // Browsing: the counts, then the page read in the order's index (units, people).
    const counted = await counts(db, visible, matches);
    if (offset >= counted.total) return { rows: [], ...counted };
    const rows = await db
      .select()
      .from(registryRecord)
      .where(and(visible, matches))
      .orderBy(...order, registryRecord.uuid)
      .limit(query.pageSize)
      .offset(offset);
    return { rows, ...counted };
  }
  // A search looks at every record once: the matches are counted as the page is read.
  const archived = db
    .select({ count: sql`count(*)` })
    .from(registryRecord)
    .where(and(visible, eq(registryRecord.archived, true)));
  const found = await db
    .select({
      row: registryRecord,
      total: sql`count(*) over ()`.mapWith(Number),
      archivedCount: sql`${archived}`.mapWith(Number),
    })
    .from(registryRecord)
    .where(and(visible, matches))
    .orderBy(...order, registryRecord.uuid)
    .limit(query.pageSize)
    .offset(offset);
  const first = found[0];
  if (!first) return { rows: [], ...(await counts(db, visible, matches)) };
  return { rows: found.map((f) => f.row), total: first.total, archivedCount: first.archivedCount };
}

/** How many records match, and how many of the records the audience sees are archived. */
async function counts(db: DbOrTx, visible: SQL | undefined, matches: SQL | undefined) {
  const [found] = await db
    .select({
      total: (matches ? sql`count(*) filter (where ${matches})` : sql`count(*)`).mapWith(Number),
      archivedCount: sql`count(*) filter (where ${registryRecord.archived})`.mapWith(Number),
    })
    .from(registryRecord)
    .where(visible);
  return { total: found?.total ?? 0, archivedCount: found?.archivedCount ?? 0 };
}
