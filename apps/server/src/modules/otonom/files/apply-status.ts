import { isReturned, statusPath, type OtonomStatus, type ReturnCode } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import type { OtonomContext } from '../context';
import { moveOrder, moveOrders, type MoveHow } from '../orders/move-order';
import type { PadOrderRow } from '../orders/order-view';

/**
 * An answered status (the partner's, or a return file's line) applied to an order through the
 * allowed chain (`statusPath`: a skipped `withdrawalDone` is applied on the way, so the payment is
 * posted before it is returned). Each step goes through `moveOrder`; the return code and the date
 * go with the last. In a savepoint: a step the ledger refuses undoes the steps before it, and the
 * caller's other answers go on.
 *
 * `applyStatuses` does the same for many answers (the partner's answers for a whole file): the
 * orders going along the same chain with the same return code and date move together, step by
 * step, through `moveOrders` (a payment posting for all of them at once), in a savepoint per
 * group. A group the ledger refuses (one order's due date in no fiscal year…) is undone and split
 * in halves, tried again, down to a few orders each applied alone as above: one bad order is
 * refused for itself, and the others still move together.
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

/** The chain the answer takes the order along, or the outcome when there is none to walk. */
function planOf(order: PadOrderRow, answer: AnsweredStatus): OtonomStatus[] | StatusOutcome {
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
  return path;
}

/** The step's `how`: the date on every step, the return code with the last. */
const stepHow = (answer: AnsweredStatus, last: boolean): MoveHow => ({
  ...(last ? { returnCode: answer.returnCode } : {}),
  ...(answer.date ? { date: answer.date } : {}),
});

/** The ledger's or the lifecycle's refusal as an outcome; anything else is a bug and stops all. */
function refusalOutcome(error: unknown): StatusOutcome {
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

export async function applyStatus(
  tx: DbOrTx,
  ctx: OtonomContext,
  order: PadOrderRow,
  answer: AnsweredStatus,
): Promise<StatusOutcome> {
  const path = planOf(order, answer);
  if (!Array.isArray(path)) return path;
  try {
    const moved = await tx.transaction(async (savepoint) => {
      let at = order;
      for (const [i, step] of path.entries()) {
        at = await moveOrder(savepoint, ctx, at, step, stepHow(answer, i === path.length - 1));
      }
      return at;
    });
    return { outcome: 'updated', order: moved };
  } catch (error) {
    return refusalOutcome(error);
  }
}

/** An order with the answer about it. */
export interface AnsweredOrder {
  order: PadOrderRow;
  answer: AnsweredStatus;
}

/** A group this small, refused together, is applied one order at a time. */
const aloneBelow = 4;

/** Orders walking the same chain with the same answer: moved together, step by step. */
async function applyTogether(
  tx: DbOrTx,
  ctx: OtonomContext,
  orders: readonly PadOrderRow[],
  path: readonly OtonomStatus[],
  answer: AnsweredStatus,
): Promise<StatusOutcome[]> {
  try {
    const moved = await tx.transaction(async (savepoint) => {
      let at: readonly PadOrderRow[] = orders;
      for (const [i, step] of path.entries()) {
        at = await moveOrders(savepoint, ctx, at, step, stepHow(answer, i === path.length - 1));
      }
      return at;
    });
    return moved.map((order) => ({ outcome: 'updated', order }));
  } catch (error) {
    // Anything but a refusal stops all; a refusal is isolated below.
    if (!(error instanceof AppError && error.code === 'validation')) throw error;
  }
  if (orders.length <= aloneBelow) {
    const outcomes: StatusOutcome[] = [];
    for (const order of orders) outcomes.push(await applyStatus(tx, ctx, order, answer));
    return outcomes;
  }
  const half = Math.ceil(orders.length / 2);
  return [
    ...(await applyTogether(tx, ctx, orders.slice(0, half), path, answer)),
    ...(await applyTogether(tx, ctx, orders.slice(half), path, answer)),
  ];
}

/**
 * `applyStatus` for many orders (each order once; the caller holds their row locks, e.g.
 * `lockedOrders`): the outcomes are those `applyStatus` would give, in the items' order.
 */
export async function applyStatuses(
  tx: DbOrTx,
  ctx: OtonomContext,
  items: readonly AnsweredOrder[],
): Promise<StatusOutcome[]> {
  const outcomes = new Map<number, StatusOutcome>();
  const groups = new Map<string, { path: OtonomStatus[]; answer: AnsweredStatus; members: number[] }>();
  items.forEach(({ order, answer }, i) => {
    const plan = planOf(order, answer);
    if (!Array.isArray(plan)) {
      outcomes.set(i, plan);
      return;
    }
    const key = JSON.stringify([plan, answer.returnCode, answer.date]);
    const group = groups.get(key) ?? { path: plan, answer, members: [] };
    group.members.push(i);
    groups.set(key, group);
  });
  for (const { path, answer, members } of groups.values()) {
    const orders = members.map((i) => {
      const item = items[i];
      if (!item) throw new Error(`no item ${i}`);
      return item.order;
    });
    const moved = await applyTogether(tx, ctx, orders, path, answer);
    members.forEach((i, j) => {
      const outcome = moved[j];
      if (outcome) outcomes.set(i, outcome);
    });
  }
  return items.map((_, i) => {
    const outcome = outcomes.get(i);
    if (!outcome) throw new Error(`no outcome for answer ${i}`);
    return outcome;
  });
}
