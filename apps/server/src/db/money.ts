import { cents, type Cents } from '@copro/domain';
import { customType } from 'drizzle-orm/pg-core';

/**
 * DESIGN 3: money read from SQL, parsed here and nowhere else. A `bigint` column or a `sum(…)`
 * arrives as a string from `pg` (a number from PGlite, a bigint from some drivers); null (the sum
 * of no rows) is no money. A fraction or an amount beyond Number.MAX_SAFE_INTEGER throws rather
 * than being rounded into the ledger.
 */
export function centsFromSql(value: string | number | bigint | null | undefined): Cents {
  if (value === null || value === undefined) return cents(0);
  if (typeof value === 'bigint') {
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER))
      throw new RangeError(`Amount out of range: ${value}`);
    return cents(Number(value));
  }
  if (typeof value === 'string' && !/^-?\d+$/.test(value.trim()))
    throw new RangeError(`Not an amount in cents: ${value}`);
  return cents(Number(value));
}

/**
 * A money column: `bigint` in SQL, `Cents` in TypeScript, every value read through `centsFromSql`
 * (the same SQL type as `bigint(…, { mode: 'number' })`, so no migration).
 */
export const centsColumn = customType<{ data: Cents; driverData: string | number }>({
  dataType: () => 'bigint',
  fromDriver: (value) => centsFromSql(value),
});
