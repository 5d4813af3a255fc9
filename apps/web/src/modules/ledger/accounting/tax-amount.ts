/** Building tax rates have at most 10 decimals (a percentage with 8), so they scale to whole numbers. */
const rateScale = 10_000_000_000n;

/**
 * A tax on an amount in cents, rounded to the nearest cent, half a cent away from zero (so a
 * credit's tax is the opposite of the charge's). Computed on whole numbers, so the rounding never
 * hangs on how a float product lands.
 */
export function taxOf(baseCents: number, rate: number): number {
  const product = BigInt(baseCents) * BigInt(Math.round(rate * Number(rateScale)));
  const sign = product < 0n ? -1n : 1n;
  const magnitude = product * sign;
  return Number(sign * ((magnitude * 2n + rateScale) / (rateScale * 2n)));
}
