import { and, eq } from 'drizzle-orm';
import { roundVoteShare, type FieldIssue, type VoteSharesEdit } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { registryRecord, type LogChange, type LogSource } from '../../db/schema/index';
import { writeLog } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { publish } from '../../platform/events';
import { lockWritableYear, type YearScope } from '../../platform/fiscal-year-scope';
import { listRecords } from './records';

const kinds = ['units', 'parkings', 'lockers'] as const;

/**
 * Saves the vote shares of the year's units, parkings and lockers together (SPEC 2, behind the
 * vote-share flag) and logs "vote shares changed" with each changed share. Shares are kept to the
 * 8 digits the product shows, so what is saved is what was seen.
 */
export async function saveVoteShares(
  tx: DbOrTx,
  scope: YearScope,
  source: LogSource,
  edit: VoteSharesEdit,
): Promise<number> {
  await lockWritableYear(tx, scope);
  const changes: LogChange[] = [];
  const issues: FieldIssue[] = [];
  const updates: { kind: (typeof kinds)[number]; uuid: string; data: Record<string, unknown> }[] = [];
  for (const kind of kinds) {
    const rows = new Map((await listRecords(tx, scope, kind)).map((row) => [row.uuid, row]));
    const seen = new Set<string>();
    edit[kind].forEach((share, i) => {
      const row = rows.get(share.uuid);
      if (!row) {
        issues.push({ path: [kind, i, 'uuid'], key: 'registry.recordMissing' });
        return;
      }
      // Twice in one save, the log would show two changes from the same share.
      if (seen.has(share.uuid)) {
        issues.push({ path: [kind, i, 'uuid'], key: 'registry.listedTwice' });
        return;
      }
      seen.add(share.uuid);
      const after = roundVoteShare(share.voteShare);
      const before = row.data.voteShare;
      if (before === after) return;
      changes.push({ field: `${kind}:${row.number ?? row.uuid}`, before: before ?? null, after });
      updates.push({ kind, uuid: row.uuid, data: { ...row.data, voteShare: after } });
    });
  }
  if (issues.length > 0) throw new AppError('validation', issues);
  if (updates.length === 0) return 0;
  for (const update of updates) {
    await tx
      .update(registryRecord)
      .set({ data: update.data, updatedAt: new Date() })
      .where(
        and(
          eq(registryRecord.buildingId, scope.buildingId),
          eq(registryRecord.fiscalYear, scope.fiscalYear),
          eq(registryRecord.collection, update.kind),
          eq(registryRecord.uuid, update.uuid),
        ),
      );
  }
  await writeLog(tx, {
    buildingId: scope.buildingId,
    event: 'voteSharesChanged',
    source,
    message: `Vote shares changed: ${changes.length}`,
    metadata: { fiscalYear: scope.fiscalYear },
    changes,
  });
  for (const kind of kinds) {
    const ids = updates.filter((u) => u.kind === kind).map((u) => u.uuid);
    if (ids.length > 0) await publish(tx, { buildingId: scope.buildingId, collection: kind, ids });
  }
  return updates.length;
}
