import { isReturned, statusPath, type OtonomStatus, type ReturnCode } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import type { OtonomContext } from '../context';
import { moveOrder } from '../orders/move-order';
import type { PadOrderRow } from '../orders/order-view';

/**
 * An answered status (the partner's, or a return file's line) applied to an order through the
 * allowed chain (`statusPath`: a skipped `withdrawalDone` is applied on the way, so the payment is
 * posted before it is returned). Each step goes through `moveOrder`; the return code and the date
 * go with the last. In a savepoint: a step the ledger refuses undoes the steps before it, and the
 * caller's other answers go on.
 */

export type StatusOutcome =
  | { outcome: 'updated'; order: PadOrderRow }
  | { outcome: 'unchanged' }
  | { outcome: 'refused'; key: string; params?: Record<string, string> };

export interface AnsweredStatus {
  status: OtonomStatus;
  returnCode: ReturnCode | null;
  date: string | null;
}

export async function applyStatus(
  tx: DbOrTx,
  ctx: OtonomContext,
  order: PadOrderRow,
  answer: AnsweredStatus,
): Promise<StatusOutcome> {
  const path = statusPath(order.status, answer.status);
  if (path === null)
    return {
      outcome: 'refused',
      key: 'otonom.validation.transitionRefused',
      params: { from: order.status, to: answer.status },
    };
  if (path.length === 0) return { outcome: 'unchanged' };
  if (isReturned(answer.status) && !answer.returnCode)
    return { outcome: 'refused', key: 'otonom.validation.returnCodeRequired' };
  try {
    const moved = await tx.transaction(async (savepoint) => {
      let at = order;
      for (const [i, step] of path.entries()) {
        const last = i === path.length - 1;
        at = await moveOrder(savepoint, ctx, at, step, {
          ...(last ? { returnCode: answer.returnCode } : {}),
          ...(answer.date ? { date: answer.date } : {}),
        });
      }
      return at;
    });
    return { outcome: 'updated', order: moved };
  } catch (error) {
    // The ledger's or the lifecycle's refusal of this order; anything else is a bug and stops all.
    if (error instanceof AppError && error.code === 'validation') {
      const issue = error.issues?.[0];
      const params = issue?.params
        ? Object.fromEntries(Object.entries(issue.params).map(([k, v]) => [k, String(v)]))
        : undefined;
      return {
        outcome: 'refused',
        key: issue?.key ?? 'validation.completeForm',
        ...(params ? { params } : {}),
      };
    }
    throw error;
  }
}
