/**
 * Vote shares are fractions of 1 shown with up to 8 digits (SPEC 9). Adding floats would drift,
 * so totals are computed on integers of 10^-10 and compared exactly.
 */
const scale = 10_000_000_000;

export const toShareUnits = (share: number): number => Math.round(share * scale);

/** The exact total of the shares, as a fraction of 1. */
export function totalVoteShare(shares: readonly number[]): number {
  return shares.reduce((sum, share) => sum + toShareUnits(share), 0) / scale;
}

/** Whether the shares add up to exactly 100 % (to the 10th decimal). */
export function sharesAddUpToWhole(shares: readonly number[]): boolean {
  return shares.reduce((sum, share) => sum + toShareUnits(share), 0) === scale;
}

/** 0.012345678 → 0.01234568: the precision the product shows and stores. */
export const roundVoteShare = (share: number): number => Math.round(share * 1e8) / 1e8;
