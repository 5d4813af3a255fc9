import { splitByShares, splitByWeights } from '../budget/allocation';
import type { FieldIssue } from '../errors';
import { sumCents, type Cents } from '../money';
import type { BillbackRule } from '../schemas/payables';

/**
 * DOMAIN 7: part of a supplier invoice billed back to units (`unitSupplierBillback`).
 *
 * - `voteShare`: the amount is shared among the chosen units in proportion to their vote shares
 *   (relative to the chosen units' total, which need not be 100 %); units whose share is 0 get 0;
 *   at least one chosen unit must have a share.
 * - `equal`: the same part for each chosen unit.
 * - `amounts`: each unit's amount as entered; every unit needs one and they must add up to the
 *   amount exactly, nothing is adjusted.
 * Shares use largest-remainder rounding (`budget/allocation.ts`): the parts add up to the amount to
 * the cent, each within a cent of its exact share, and none is negative for a positive amount.
 * A unit whose part is 0 is billed nothing.
 */

export interface BillbackUnitShare {
  /** The unit's vote share, 0 to 1. */
  voteShare: number;
  /** The amount entered for the unit (rule `amounts`). */
  amount?: Cents | undefined;
}

export type BillbackSplit = { ok: true; parts: Cents[] } | { ok: false; issues: FieldIssue[] };

export function billbackShares(
  amount: Cents,
  rule: BillbackRule,
  units: readonly BillbackUnitShare[],
): BillbackSplit {
  if (units.length === 0)
    return { ok: false, issues: [{ path: ['units'], key: 'validation.tooFewItems', params: { min: 1 } }] };
  switch (rule) {
    case 'equal':
      return {
        ok: true,
        parts: splitByWeights(
          amount,
          units.map(() => 1n),
        ),
      };
    case 'voteShare':
      if (units.every((u) => u.voteShare <= 0)) {
        return { ok: false, issues: [{ path: ['units'], key: 'payables.invoices.validation.noVoteShare' }] };
      }
      return {
        ok: true,
        parts: splitByShares(
          amount,
          units.map((u) => Math.max(0, u.voteShare)),
        ),
      };
    case 'amounts': {
      const missing: FieldIssue[] = units.flatMap((u, i) =>
        u.amount === undefined ? [{ path: ['units', i, 'amount'], key: 'validation.required' }] : [],
      );
      if (missing.length > 0) return { ok: false, issues: missing };
      const parts = units.map((u) => u.amount ?? (0 as Cents));
      if (parts.some((p) => p < 0)) {
        return {
          ok: false,
          issues: [{ path: ['units'], key: 'validation.numberTooSmall', params: { min: 0 } }],
        };
      }
      if (sumCents(parts) !== amount) {
        return {
          ok: false,
          issues: [{ path: ['units'], key: 'payables.invoices.validation.amountsDoNotAddUp' }],
        };
      }
      return { ok: true, parts };
    }
  }
}
