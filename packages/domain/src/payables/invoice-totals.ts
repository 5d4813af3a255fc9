import { splitByWeights } from '../budget/allocation';
import { cents, sumCents, type Cents } from '../money';
import type { TaxCode } from '../schemas/building';

/**
 * DOMAIN 7, SPEC 3 "Building" taxes: the taxes of a supplier invoice and how it is posted.
 *
 * - Each province's current rate per tax code (`taxRatePresets`) only fills in the building's
 *   settings form; what applies is the building's own list (`taxes: {id, isActive, rate}`). An HST
 *   rate already holds the federal part, so an HST building activates its province's code alone,
 *   a Québec building GST and QC (QST, on the price before GST since 2013).
 * - A tax is computed on the invoice's subtotal, rounded half up to the cent, each tax on its own
 *   (`invoiceTaxesFor`); the form presets them and the user may change them to what the invoice says.
 * - The syndicate recovers no tax: the taxes are part of each line's expense. They are shared over
 *   the lines in proportion to the lines' amounts, by largest remainder (`invoicePostingLines`), so
 *   the lines' postings add up to the invoice's total to the cent and each line's share of the taxes
 *   is within a cent of its exact share.
 */

/** Current rates (as fractions) per tax code; NS HST is 14 % since 2025-04-01. */
export const taxRatePresets: Readonly<Record<TaxCode, number>> = {
  GST: 0.05,
  QC: 0.09975,
  ON: 0.13,
  NS: 0.14,
  NB: 0.15,
  NL: 0.15,
  PE: 0.15,
  BC: 0.07,
  SK: 0.06,
  MB: 0.07,
};

/** A tax of the building's settings (SPEC 3). */
export interface BuildingTaxRate {
  id: TaxCode;
  isActive: boolean;
  /** 0 to 1. */
  rate: number;
}

export interface InvoiceTaxAmount {
  code: TaxCode;
  amount: Cents;
}

/** Rates are read to the 10th decimal, as integers, so no float error reaches a cent. */
const rateScale = 10_000_000_000n;

/** `amount` × `rate`, rounded half up (half away from zero) to the cent. */
export function taxOn(amount: Cents, rate: number): Cents {
  const units = BigInt(Math.round(rate * Number(rateScale)));
  const magnitude = BigInt(Math.abs(amount));
  const rounded = (magnitude * units * 2n + rateScale) / (2n * rateScale);
  return cents(Number(amount < 0 ? -rounded : rounded));
}

/** The building's active taxes on a subtotal, in the building's order. */
export const invoiceTaxesFor = (subtotal: Cents, taxes: readonly BuildingTaxRate[]): InvoiceTaxAmount[] =>
  taxes.filter((t) => t.isActive).map((t) => ({ code: t.id, amount: taxOn(subtotal, t.rate) }));

export interface InvoiceTotals {
  /** The lines before taxes. */
  subtotal: Cents;
  taxes: Cents;
  total: Cents;
}

export function invoiceTotals(
  lines: readonly { amount: Cents }[],
  taxes: readonly { amount: Cents }[],
): InvoiceTotals {
  const subtotal = sumCents(lines.map((l) => l.amount));
  const taxTotal = sumCents(taxes.map((t) => t.amount));
  return { subtotal, taxes: taxTotal, total: cents(subtotal + taxTotal) };
}

/**
 * What each line posts to its expense category: its amount and its share of the taxes. The lines'
 * amounts are positive (the form's rule); together the result is the invoice's total.
 */
export function invoicePostingLines(
  lines: readonly { amount: Cents }[],
  taxes: readonly { amount: Cents }[],
): Cents[] {
  if (lines.length === 0) return [];
  const taxTotal = sumCents(taxes.map((t) => t.amount));
  const shares = splitByWeights(
    taxTotal,
    lines.map((l) => BigInt(l.amount)),
  );
  return lines.map((line, i) => cents(line.amount + (shares[i] ?? 0)));
}
