import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  buildingToday,
  cappedCount,
  requestCountCap,
  requestListQuerySchema,
  type GroupRequestList,
  type RequestCounts,
  type RequestList,
  type RequestListQuery,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { building, request } from '../../../db/schema/index';
import { unreadUnassignedEmailCount } from '../mail/thread-moves';
import type { RequestsContext } from './context';
import { visibleTo } from './requests';
import { summariesOf } from './views';

const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filters of a list: status, tag, assignee (`none`: nobody), unit, and a search text. */
function filtersOf(query: ReturnType<typeof requestListQuerySchema.parse>): SQL[] {
  const where: SQL[] = [];
  if (query.status) where.push(eq(request.status, query.status));
  if (query.tag) where.push(sql`${query.tag}::uuid = any(${request.tags})`);
  if (query.assignee)
    where.push(
      query.assignee === 'none' ? isNull(request.assigneeId) : eq(request.assigneeId, query.assignee),
    );
  if (query.unit) where.push(eq(request.unitUuid, query.unit));
  const q = query.q.replace(/^#/, '');
  if (q) {
    const pattern = likePattern(q);
    const byText = or(
      ilike(request.title, pattern),
      ilike(request.description, pattern),
      ilike(request.requesterName, pattern),
      ilike(request.requesterEmail, pattern),
    )!;
    where.push(/^\d{1,9}$/.test(q) ? or(byText, eq(request.number, Number(q)))! : byText);
  }
  return where;
}

/** A page of the requests the user may read, the latest activity first. */
export async function listRequests(
  db: DbOrTx,
  ctx: RequestsContext,
  raw: RequestListQuery,
): Promise<RequestList> {
  const query = requestListQuerySchema.parse(raw);
  const where = and(visibleTo(ctx), ...filtersOf(query));
  const [total] = await db.select({ n: count() }).from(request).where(where);
  const rows = await db
    .select()
    .from(request)
    .where(where)
    .orderBy(desc(request.lastActivityAt), desc(request.number))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { items: await summariesOf(db, ctx.buildingId, ctx.today, rows), total: total?.n ?? 0 };
}

/** A page of the requests of every building of a group, the latest activity first. */
export async function listGroupRequests(
  db: DbOrTx,
  buildingGroupId: string,
  now: Date,
  raw: RequestListQuery,
): Promise<GroupRequestList> {
  const query = requestListQuerySchema.parse(raw);
  const buildings = await db
    .select({ id: building.id, ref: building.ref, name: building.name, timeZone: building.timeZone })
    .from(building)
    .where(eq(building.buildingGroupId, buildingGroupId));
  if (buildings.length === 0) return { items: [], total: 0 };
  const where = and(
    inArray(
      request.buildingId,
      buildings.map((b) => b.id),
    ),
    ...filtersOf(query),
  );
  const [total] = await db.select({ n: count() }).from(request).where(where);
  const rows = await db
    .select()
    .from(request)
    .where(where)
    .orderBy(desc(request.lastActivityAt), desc(request.number))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const items = [];
  for (const b of buildings) {
    const mine = rows.filter((r) => r.buildingId === b.id);
    for (const summary of await summariesOf(db, b.id, buildingToday(b, now), mine))
      items.push({ ...summary, buildingRef: b.ref, buildingName: b.name });
  }
  const order = new Map(rows.map((r, i) => [r.uuid, i]));
  items.sort((a, b) => order.get(a.uuid)! - order.get(b.uuid)!);
  return { items, total: total?.n ?? 0 };
}

/**
 * The navbar badge (SPEC 7): open or underway requests the user may read, and (to handlers, who
 * read the emails) unread emails filed under no request; each counted up to the cap.
 */
export async function requestCounts(db: DbOrTx, ctx: RequestsContext): Promise<RequestCounts> {
  const open = db
    .select({ one: sql`1` })
    .from(request)
    .where(and(visibleTo(ctx), inArray(request.status, ['open', 'underway'])))
    .limit(requestCountCap)
    .as('open_requests');
  const [opened] = await db.select({ n: count() }).from(open);
  const emails = ctx.readsAll
    ? await unreadUnassignedEmailCount(db, ctx.buildingId, ctx.user.id, requestCountCap)
    : 0;
  return { openRequests: cappedCount(opened?.n ?? 0), unreadUnassignedEmails: cappedCount(emails) };
}
