import { translate } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import type { LogChange } from '../../../db/schema/index';
import { writeLog, type LogEvent } from '../../../platform/audit';
import type { ReconciliationContext } from '../context';
import type { ReconciledBank } from './bank';

type PeriodEvent = Extract<
  LogEvent,
  'transactionReconciled' | 'bankReconciliationModified' | 'periodDeleted'
>;

/**
 * One entry of a period's activity log (SPEC 3: "transaction reconciled", "bank reconciliation
 * modified", "period deleted"), written in the writer's language, found by the bank and the period.
 */
export async function logPeriod(
  tx: DbOrTx,
  ctx: ReconciliationContext,
  bank: ReconciledBank,
  period: { uuid: string; periodStart: string; periodEnd: string },
  entry: {
    event: PeriodEvent;
    /** Under `reconciliation.periods.log`. */
    message: string;
    params?: Record<string, string | number>;
    metadata?: Record<string, unknown>;
    changes?: LogChange[];
  },
): Promise<void> {
  await writeLog(tx, {
    buildingId: ctx.buildingId,
    event: entry.event,
    source: ctx.source,
    message: translate(ctx.language, `reconciliation.periods.log.${entry.message}`, {
      bank: bank.name,
      start: period.periodStart,
      end: period.periodEnd,
      ...entry.params,
    }),
    metadata: { bankUuid: bank.uuid, periodUuid: period.uuid, ...entry.metadata },
    ...(entry.changes ? { changes: entry.changes } : {}),
    indexes: [bank.uuid, period.uuid],
  });
}
