import type { ArrearsRow } from '@copro/domain';
import { compareNumbers } from '../../../ui/compare';
import { searchable } from '../../../ui/format';

/**
 * The arrears list in the order a manager deals with it: the flagged units first, then the
 * longest in arrears, then the largest balance; the unit number settles ties.
 */
export function sortArrears(rows: readonly ArrearsRow[]): ArrearsRow[] {
  return [...rows].sort(
    (a, b) =>
      Number(b.flagged) - Number(a.flagged) ||
      b.months - a.months ||
      b.balance - a.balance ||
      compareNumbers(a.unitNumber, b.unitNumber),
  );
}

/** The rows whose unit number contains what was typed (accents and case ignored). */
export function matchingArrears(rows: readonly ArrearsRow[], query: string): readonly ArrearsRow[] {
  const wanted = searchable(query.trim());
  return wanted === '' ? rows : rows.filter((row) => searchable(row.unitNumber).includes(wanted));
}

export interface ArrearsTotals {
  units: number;
  flagged: number;
  balance: number;
}

export const arrearsTotals = (rows: readonly ArrearsRow[]): ArrearsTotals => ({
  units: rows.length,
  flagged: rows.filter((row) => row.flagged).length,
  balance: rows.reduce((sum, row) => sum + row.balance, 0),
});

/**
 * Who the reminders go to: the selected units still in the list, or, with nothing selected,
 * every unit (the body leaves `unitUuids` out).
 */
export function reminderBody(
  rows: readonly ArrearsRow[],
  selected: ReadonlySet<string>,
): { unitUuids?: string[] } {
  const unitUuids = rows.filter((row) => selected.has(row.unitUuid)).map((row) => row.unitUuid);
  return unitUuids.length === 0 ? {} : { unitUuids };
}

/** The selection once the list has changed: units that left it are no longer selected. */
export function keepSelected(rows: readonly ArrearsRow[], selected: ReadonlySet<string>): Set<string> {
  return new Set(rows.filter((row) => selected.has(row.unitUuid)).map((row) => row.unitUuid));
}

/** Ticks every row shown, or clears them when they all are. */
export function toggleAll(shown: readonly ArrearsRow[], selected: ReadonlySet<string>): Set<string> {
  const all = shown.length > 0 && shown.every((row) => selected.has(row.unitUuid));
  const next = new Set(selected);
  for (const row of shown) {
    if (all) next.delete(row.unitUuid);
    else next.add(row.unitUuid);
  }
  return next;
}
