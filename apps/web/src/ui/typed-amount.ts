import { parseCents, zeroCents, type Cents } from '@copro/domain';

/**
 * What a debit, credit or amount box holds: nothing, an amount above zero in cents, or the key of
 * what is wrong with it. Boxes take amounts without a sign: the column gives the direction.
 */
export type TypedAmount =
  { kind: 'empty' } | { kind: 'cents'; cents: Cents } | { kind: 'wrong'; key: string };

export function typedAmount(text: string): TypedAmount {
  if (text.trim() === '') return { kind: 'empty' };
  const cents = parseCents(text);
  if (cents === null) return { kind: 'wrong', key: 'accounting.invalidAmount' };
  if (cents <= 0) return { kind: 'wrong', key: 'validation.mustBePositive' };
  return { kind: 'cents', cents };
}

/** The cents of a box, 0 when it is empty or unreadable (the live totals skip what cannot be read). */
export const centsOf = (text: string): Cents => {
  const typed = typedAmount(text);
  return typed.kind === 'cents' ? typed.cents : zeroCents;
};
