import {
  cents,
  formatCents,
  taxCodes,
  taxOn,
  type BuildingView,
  type Language,
  type TaxCode,
} from '@copro/domain';

/** A tax row of the invoice form: the amount as typed, in dollars. */
export interface InvoiceTaxValues {
  code: TaxCode;
  amount: string;
  /**
   * Typed by the user or read from the PDF: kept as it is when the lines change. A row not fixed
   * follows the subtotal at the building's rate.
   */
  fixed: boolean;
}

type BuildingTaxes = BuildingView['taxes'];

/** A new invoice carries the building's active taxes (GST and QST in Quebec), in the building's order. */
export const presetTaxes = (taxes: BuildingTaxes): InvoiceTaxValues[] =>
  taxes.filter((tax) => tax.isActive).map((tax) => ({ code: tax.id, amount: '', fixed: false }));

/**
 * The tax rows once the subtotal is known: each row not fixed is the building's rate of the
 * subtotal. The same array comes back when nothing changes, so a form can call it on every edit.
 */
export function computedTaxes(
  rows: readonly InvoiceTaxValues[],
  subtotal: number,
  taxes: BuildingTaxes,
  language: Language,
): InvoiceTaxValues[] {
  let changed = false;
  const next = rows.map((row) => {
    if (row.fixed) return row;
    const rate = taxes.find((tax) => tax.id === row.code)?.rate;
    if (rate === undefined) return row;
    const amount = formatCents(taxOn(cents(subtotal), rate), language);
    if (amount === row.amount) return row;
    changed = true;
    return { ...row, amount };
  });
  return changed ? next : (rows as InvoiceTaxValues[]);
}

/** "Recompute": every row follows the subtotal again, whatever was typed. */
export const recomputedTaxes = (
  rows: readonly InvoiceTaxValues[],
  subtotal: number,
  taxes: BuildingTaxes,
  language: Language,
): InvoiceTaxValues[] =>
  computedTaxes(
    rows.map((row) => ({ ...row, fixed: false })),
    subtotal,
    taxes,
    language,
  );

/**
 * The taxes a new row may take, those no row holds yet: the building's active ones, its others,
 * then any other code (a supplier from another province charges its own).
 */
export function freeTaxCodes(rows: readonly InvoiceTaxValues[], taxes: BuildingTaxes): TaxCode[] {
  const ordered = [
    ...taxes.filter((tax) => tax.isActive).map((tax) => tax.id),
    ...taxes.filter((tax) => !tax.isActive).map((tax) => tax.id),
    ...taxCodes,
  ];
  return [...new Set(ordered)].filter((code) => !rows.some((row) => row.code === code));
}

/** A row added by the user: computed when the building has a rate for it, else typed. */
export const addedTax = (code: TaxCode, taxes: BuildingTaxes): InvoiceTaxValues => ({
  code,
  amount: '',
  fixed: !taxes.some((tax) => tax.id === code),
});
