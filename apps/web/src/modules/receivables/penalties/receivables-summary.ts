import type { ReceivablesSummary } from '@copro/domain';
import { compareNumbers } from '../../../ui/compare';

export type UnitInArrears = ReceivablesSummary['unitsInArrears'][number];

/** The units a card names: the longest in arrears first, then the largest balance, at most `limit`. */
export function firstUnitsInArrears(
  summary: ReceivablesSummary,
  limit: number,
): { shown: UnitInArrears[]; more: number } {
  const sorted = [...summary.unitsInArrears].sort(
    (a, b) => b.months - a.months || b.balance - a.balance || compareNumbers(a.number, b.number),
  );
  return { shown: sorted.slice(0, limit), more: Math.max(0, sorted.length - limit) };
}
