import { randomInt } from 'node:crypto';
import type { OrderDirection } from '@copro/domain';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A new order's reference: `D` (a unit's debit) or `C` (a supplier's credit) and 9 random base-36
 * characters, 36⁹ ≈ 10¹⁴ of them, so two orders of a building practically never draw the same one;
 * the unique index refuses it if they do. Short, since it is CPA-005's cross-reference and the
 * partner's transaction reference.
 */
export function newReference(direction: OrderDirection): string {
  let text = direction === 'debit' ? 'D' : 'C';
  for (let i = 0; i < 9; i += 1) text += alphabet[randomInt(36)];
  return text;
}
