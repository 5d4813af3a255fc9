import { and, eq } from 'drizzle-orm';
import type { PadFileView } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { padFile, type LogSource } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
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

/**
 * The building's file, to download (another building's is not found). It carries the payers' and
 * payees' full account numbers, so the download is logged as a view of bank details (DOMAIN 8).
 */
export async function downloadedFile(
  tx: DbOrTx,
  buildingId: string,
  source: LogSource,
  uuid: string,
): Promise<PadFileRow> {
  const [row] = await tx
    .select()
    .from(padFile)
    .where(and(eq(padFile.buildingId, buildingId), eq(padFile.uuid, uuid)));
  if (!row) throw new AppError('notFound');
  await writeLog(tx, {
    buildingId,
    event: 'bankAccountDetailsViewed',
    source,
    message: `Bank account details viewed: payment file ${row.fileName} downloaded`,
    metadata: { fileUuid: row.uuid, fileName: row.fileName, kind: row.kind, count: row.count },
    indexes: [row.uuid],
  });
  return row;
}

/** The download's media type: the partner's CSV, or CPA-005's fixed-width text. */
export const fileContentType = (row: Pick<PadFileRow, 'format'>): string =>
  row.format === 'cpa005' ? 'text/plain; charset=us-ascii' : 'text/csv; charset=utf-8';
