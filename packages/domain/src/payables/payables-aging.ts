import { localeOf, type Language } from '../locale';
import { cents, type Cents } from '../money';
import { agingBucketOf, daysBetween } from '../receivables/aging';
import { agingBuckets, type AgingBucket } from '../schemas/receivables';
import type { PayablesAging } from '../schemas/payables';

/**
 * DOMAIN 7 and issue 15: the payables aging, what the building owes each supplier at a date.
 *
 * - An invoice or credit note counts once dated on or before `asOf` (a cancelled one never counts).
 * - What is open of an invoice is its total less what posted payments dated on or before `asOf`
 *   paid of it (`paid`, given by the caller). A payment awaiting approval moves no money, so what
 *   it holds is still owed.
 * - An invoice's age is the days from its due date (its date when it has none) to `asOf`; it falls
 *   in current (under 30 days, or not yet due), 30, 60 or 90+ days, the receivables' buckets
 *   (`agingBucketOf`).
 * - A credit note's unused amount (its total less what posted payments dated on or before `asOf`
 *   used of it) is owed back by the supplier: it reduces the supplier's current bucket, whatever
 *   its age.
 * - A supplier's total is the sum of its buckets, exactly; a supplier whose every bucket is zero
 *   is left out.
 */
export interface PayableDocument {
  supplierUuid: string;
  date: string;
  dueDate: string | null;
  creditNote: boolean;
  total: Cents;
  /** Paid (for a credit note: used) by posted payments dated on or before the aging date. */
  paid: Cents;
}

export interface SupplierAging {
  supplierUuid: string;
  buckets: Record<AgingBucket, Cents>;
  total: Cents;
}

const noBuckets = (): Record<AgingBucket, number> => ({ current: 0, days30: 0, days60: 0, days90: 0 });

/** Each supplier's open payables at `asOf`, aged; suppliers in the order they first appear. */
export function agePayables(documents: readonly PayableDocument[], asOf: string): SupplierAging[] {
  const bySupplier = new Map<string, Record<AgingBucket, number>>();
  for (const document of documents) {
    if (document.date > asOf) continue;
    const open = document.total - document.paid;
    if (open === 0) continue;
    const buckets = bySupplier.get(document.supplierUuid) ?? noBuckets();
    bySupplier.set(document.supplierUuid, buckets);
    if (document.creditNote) buckets.current -= open;
    else buckets[agingBucketOf(daysBetween(document.dueDate ?? document.date, asOf))] += open;
  }
  return [...bySupplier]
    .filter(([, buckets]) => agingBuckets.some((bucket) => buckets[bucket] !== 0))
    .map(([supplierUuid, buckets]) => ({
      supplierUuid,
      buckets: {
        current: cents(buckets.current),
        days30: cents(buckets.days30),
        days60: cents(buckets.days60),
        days90: cents(buckets.days90),
      },
      total: cents(agingBuckets.reduce((sum, bucket) => sum + buckets[bucket], 0)),
    }));
}

/**
 * The aging report's answer: a row per supplier, in the order of their names (as the reader's
 * language sorts them), and the totals of each bucket.
 */
export function payablesAgingReport(
  documents: readonly PayableDocument[],
  asOf: string,
  nameOf: (supplierUuid: string) => string,
  language: Language,
): PayablesAging {
  const collator = new Intl.Collator(localeOf(language), { sensitivity: 'base', numeric: true });
  const rows = agePayables(documents, asOf)
    .map((aging) => ({ ...aging, supplierName: nameOf(aging.supplierUuid) }))
    .sort((a, b) => collator.compare(a.supplierName, b.supplierName));
  const totals = noBuckets();
  for (const row of rows) for (const bucket of agingBuckets) totals[bucket] += row.buckets[bucket];
  return {
    asOf,
    rows,
    totals: {
      current: cents(totals.current),
      days30: cents(totals.days30),
      days60: cents(totals.days60),
      days90: cents(totals.days90),
    },
    total: cents(rows.reduce((sum, row) => sum + row.total, 0)),
  };
}
