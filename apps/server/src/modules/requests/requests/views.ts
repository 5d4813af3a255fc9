import { and, asc, eq, inArray } from 'drizzle-orm';
import type { RequestDetail, RequestSummary } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { request, requestNote } from '../../../db/schema/index';
import { userNamesOf } from '../../tenancy';
import { unitNumbers } from './units';

export type RequestRow = typeof request.$inferSelect;

/** Requests as lists show them: with their unit's number and their assignee's name. */
export async function summariesOf(
  db: DbOrTx,
  buildingId: string,
  today: string,
  rows: readonly RequestRow[],
): Promise<RequestSummary[]> {
  const numbers = await unitNumbers(
    db,
    buildingId,
    today,
    rows.map((r) => r.unitUuid),
  );
  const names = await userNamesOf(
    db,
    rows.flatMap((r) => (r.assigneeId ? [r.assigneeId] : [])),
  );
  return rows.map((r) => ({
    uuid: r.uuid,
    number: r.number,
    title: r.title,
    status: r.status as RequestSummary['status'],
    unitUuid: r.unitUuid,
    unitNumber: r.unitUuid ? (numbers.get(r.unitUuid) ?? null) : null,
    requesterName: r.requesterName,
    requesterEmail: r.requesterEmail,
    assigneeId: r.assigneeId,
    assigneeName: r.assigneeId ? (names.get(r.assigneeId) ?? null) : null,
    tags: r.tags,
    attachmentCount: r.attachments.length,
    fromEmail: r.fromEmail,
    createdAt: r.createdAt.toISOString(),
    lastActivityAt: r.lastActivityAt.toISOString(),
  }));
}

/** One request's page; its internal notes only for those who handle requests. */
export async function detailOf(
  db: DbOrTx,
  ctx: { buildingId: string; today: string; readsAll: boolean },
  row: RequestRow,
): Promise<RequestDetail> {
  const [summary] = await summariesOf(db, ctx.buildingId, ctx.today, [row]);
  const notes = ctx.readsAll
    ? await db
        .select()
        .from(requestNote)
        .where(and(eq(requestNote.buildingId, ctx.buildingId), eq(requestNote.requestUuid, row.uuid)))
        .orderBy(asc(requestNote.at), asc(requestNote.uuid))
    : null;
  return {
    ...summary!,
    description: row.description,
    requesterId: row.requesterId,
    attachments: row.attachments,
    notes:
      notes?.map((n) => ({ uuid: n.uuid, authorName: n.authorName, at: n.at.toISOString(), text: n.text })) ??
      null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function rowsByUuid(db: DbOrTx, buildingId: string, uuids: string[]): Promise<RequestRow[]> {
  if (uuids.length === 0) return [];
  return db
    .select()
    .from(request)
    .where(and(eq(request.buildingId, buildingId), inArray(request.uuid, uuids)));
}
