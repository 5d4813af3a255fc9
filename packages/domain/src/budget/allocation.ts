import { cents, type Cents } from '../money';
import { toShareUnits } from '../vote-shares';

/**
 * DESIGN 3 / DOMAIN 3: splitting an amount uses largest-remainder rounding, so the parts always add
 * up to the whole to the cent and no part is more than one cent from its exact share. Weights are
 * integers and the arithmetic is BigInt, so nothing is lost to floats however large the amount.
 */
export function splitByWeights(total: Cents, weights: readonly bigint[]): Cents[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (weights.length === 0) return [];
  if (sum === 0n) throw new Error('cannot split by weights that are all zero');
  const amount = BigInt(total);
  const sign = amount < 0n ? -1n : 1n;
  const magnitude = amount * sign;
  const floors = weights.map((w) => (magnitude * w) / sum);
  const remainders = weights.map((w, i) => ({ i, rest: (magnitude * w) % sum }));
  let missing = magnitude - floors.reduce((a, b) => a + b, 0n);
  // Largest remainders first; on a tie the earlier member, so the result does not depend on luck.
  remainders.sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of remainders) {
    if (missing === 0n) break;
    floors[i] = (floors[i] ?? 0n) + 1n;
    missing -= 1n;
  }
  return floors.map((f) => cents(Number(f * sign)));
}

/** By vote shares (fractions of 1, 8 significant decimals). */
export const splitByShares = (total: Cents, shares: readonly number[]): Cents[] =>
  splitByWeights(
    total,
    shares.map((s) => BigInt(toShareUnits(s))),
  );

/** An annual amount as 12 monthly parts that add up to it exactly. */
export const monthlyParts = (annual: Cents): Cents[] =>
  splitByWeights(
    annual,
    Array.from({ length: 12 }, () => 1n),
  );

/**
 * A contribution's monthly bill for each member: member × month, in cents (12 months, or fewer
 * for a contribution that ends within the year). Every member's months add up to its part, every month adds up to that month's part of the contribution,
 * and each cell is within a cent of the member's exact monthly share (DOMAIN 3). Each member
 * bills its annual part ÷ 12, and the odd cents are dealt one per month round the year, member
 * after member, so every month gets its share of them.
 */
export function contributionSchedule(annual: Cents, shares: readonly number[], months = 12): Cents[][] {
  const parts = splitByShares(annual, shares);
  const sign = annual < 0 ? -1 : 1;
  let month = 0;
  return parts.map((part) => {
    const magnitude = Math.abs(part);
    const base = Math.floor(magnitude / months);
    const row = Array.from({ length: months }, () => base);
    for (let extra = magnitude - base * months; extra > 0; extra -= 1) {
      row[month] = (row[month] ?? 0) + 1;
      month = (month + 1) % months;
    }
    return row.map((m) => cents(m * sign));
  });
}
