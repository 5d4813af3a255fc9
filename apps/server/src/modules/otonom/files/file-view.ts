import { and, eq } from 'drizzle-orm';
import type { PadFileView } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { padFile } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';

export type PadFileRow = typeof padFile.$inferSelect;

/** A file as the API lists it (its content is downloaded on its own). */
export const fileView = (row: PadFileRow): PadFileView => ({
  uuid: row.uuid,
  kind: row.kind,
  format: row.format,
  creationNumber: row.creationNumber,
  fileName: row.fileName,
  count: row.count,
  total: row.total,
  createdAt: row.createdAt.toISOString(),
  sentBy: row.sentByName,
  delivery: row.delivery,
  partnerFileId: row.partnerFileId,
});

/** The building's file; another building's is not found. */
export async function fileOf(db: DbOrTx, buildingId: string, uuid: string): Promise<PadFileRow> {
  const [row] = await db
    .select()
    .from(padFile)
    .where(and(eq(padFile.buildingId, buildingId), eq(padFile.uuid, uuid)));
  if (!row) throw new AppError('notFound');
  return row;
}

/** The download's media type: the partner's CSV, or CPA-005's fixed-width text. */
export const fileContentType = (row: Pick<PadFileRow, 'format'>): string =>
  row.format === 'cpa005' ? 'text/plain; charset=us-ascii' : 'text/csv; charset=utf-8';
