import { cents, type Cents } from '../../money';

/**
 * Amounts as the payment files write them: dollars with exactly two decimals and a point
 * ("1234.56", "0.05", "-7.00"), no thousands separator. Converted by string arithmetic on the
 * integer cents, never through a float, so any safe integer round-trips exactly.
 */

/** `123456` → `"1234.56"`; `5` → `"0.05"`; `-700` → `"-7.00"`. */
export function decimalAmountText(amount: Cents): string {
  const negative = amount < 0;
  const digits = String(Math.abs(amount)).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The reverse of `decimalAmountText`: exactly two decimals; null for anything else. */
export function decimalAmountCents(text: string): Cents | null {
  const match = /^(-?)(\d{1,13})\.(\d{2})$/.exec(text);
  if (!match) return null;
  const value = Number(`${match[2] ?? ''}${match[3] ?? ''}`);
  return cents(match[1] === '-' && value !== 0 ? -value : value);
}
