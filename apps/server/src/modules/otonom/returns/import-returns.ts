import { notSentStatuses, readReturnFile, type ReturnImportAnswer } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { writeLog } from '../../../platform/audit';
import { publish } from '../../../platform/events';
import type { OtonomContext } from '../context';
import { applyStatus } from '../files/apply-status';
import { lockedOrder } from '../orders/move-order';

/**
 * DOMAIN 8 returns by file: the partner's status export or the bank's returns CSV (what CPA-005
 * files come back as), read by `readReturnFile`. Each line names an order of the building by its
 * reference; an amount, when the line gives one, must be the order's; the line's status is applied
 * through the allowed chain with its return code and date (apply-status.ts), so a return posts the
 * reversal, charges the building's fee and mails the owners (`moveOrder`). A line whose order is
 * already at that status changes nothing (`unchanged`): importing the same file twice changes
 * nothing the second time. Lines that do not read, name no order of the building, differ in
 * amount, or ask a transition the lifecycle refuses are answered with their reason, and the rest
 * is applied. Logged "otonom returns imported".
 */

export interface ReturnUpload {
  fileName: string;
  text: string;
}

export async function importReturns(
  tx: DbOrTx,
  ctx: OtonomContext,
  upload: ReturnUpload,
): Promise<ReturnImportAnswer> {
  const buildingId = ctx.building.id;
  const reading = readReturnFile(upload.text);
  const answer: ReturnImportAnswer = {
    updated: 0,
    unchanged: 0,
    refused: reading.problems.map((p) => ({ line: p.line, reference: p.reference, key: p.key })),
  };
  const moved: string[] = [];
  for (const line of reading.lines) {
    const refuse = (key: string, params?: Record<string, string>) =>
      answer.refused.push({ line: line.line, reference: line.reference, key, ...(params ? { params } : {}) });
    const order = await lockedOrder(tx, buildingId, { reference: line.reference });
    if (!order) {
      refuse('otonom.validation.unknownReference');
      continue;
    }
    // A return of an order no file carried: the bank cannot have it (nothing is posted for it).
    if (notSentStatuses.includes(order.status)) {
      refuse('otonom.validation.notSent');
      continue;
    }
    if (line.amount !== null && line.amount !== order.amount) {
      refuse('otonom.validation.amountMismatch');
      continue;
    }
    const outcome = await applyStatus(tx, ctx, order, {
      status: line.status,
      returnCode: line.returnCode,
      date: line.date,
    });
    if (outcome.outcome === 'updated') {
      answer.updated += 1;
      moved.push(order.uuid);
    } else if (outcome.outcome === 'unchanged') answer.unchanged += 1;
    else refuse(outcome.key, outcome.params);
  }
  answer.refused.sort((a, b) => a.line - b.line);
  await writeLog(tx, {
    buildingId,
    event: 'otonomReturnsImported',
    source: ctx.source,
    message: `Return file ${upload.fileName} imported: ${answer.updated} updated, ${answer.unchanged} unchanged, ${answer.refused.length} refused`,
    metadata: {
      fileName: upload.fileName,
      updated: answer.updated,
      unchanged: answer.unchanged,
      refused: answer.refused.length,
      orderUuids: moved,
    },
    indexes: moved,
  });
  if (moved.length > 0) await publish(tx, { buildingId, collection: 'padOrders', ids: moved });
  return answer;
}
