import {
  cents,
  formatCents,
  taxOn,
  type BuildingView,
  type InvoicePrefill,
  type Language,
  type SupplierView,
} from '@copro/domain';
import { computedTaxes, type InvoiceTaxValues } from './invoice-taxes';
import { subtotalOf, withSupplier, type InvoiceValues } from './invoice-values';

export type Confidence = 'high' | 'medium' | 'low';

/** Each field read from the PDF, by its path in the form, with how sure the reading is. */
export type PrefillMarks = Record<string, Confidence>;

const rank: Record<Confidence, number> = { low: 0, medium: 1, high: 2 };

export const lowestConfidence = (...found: Confidence[]): Confidence =>
  found.reduce<Confidence>((lowest, next) => (rank[next] < rank[lowest] ? next : lowest), 'high');

/**
 * The amount before taxes that gives `total` once the building's rates are added: the invoice
 * read from a PDF has its total, not its lines. Exact when some amount gives the total to the
 * cent, else the nearest.
 */
export function subtotalForTotal(total: number, rates: readonly number[]): number {
  const guess = Math.round(total / (1 + rates.reduce((sum, rate) => sum + rate, 0)));
  for (const step of [0, -1, 1, -2, 2, -3, 3]) {
    const subtotal = guess + step;
    if (subtotal < 0) continue;
    if (subtotal + rates.reduce((sum, rate) => sum + taxOn(cents(subtotal), rate), 0) === total)
      return subtotal;
  }
  return guess;
}

export interface PrefilledInvoice {
  values: InvoiceValues;
  marks: PrefillMarks;
  /** The total read, to compare with the form's while it is checked. */
  total: { cents: number; confidence: Confidence } | null;
}

/**
 * The invoice form filled from what was read of a PDF, each filled field marked with its
 * confidence. The supplier is taken only when it is one of the year's; the total becomes one line
 * (the supplier's default category): the total less the taxes read, or when no tax was read, the
 * amount that gives the total at the building's active rates (then the taxes follow it). The PDF
 * is the invoice's first attachment.
 */
export function prefilledInvoice(
  start: InvoiceValues,
  prefill: InvoicePrefill,
  context: {
    suppliers: readonly Pick<SupplierView, 'uuid' | 'category' | 'archived'>[];
    buildingTaxes: BuildingView['taxes'];
    language: Language;
  },
): PrefilledInvoice {
  const { buildingTaxes, language } = context;
  const marks: PrefillMarks = {};
  let values: InvoiceValues = { ...start, attachments: [prefill.attachment, ...start.attachments] };

  const supplier = prefill.supplierUuid
    ? context.suppliers.find((s) => s.uuid === prefill.supplierUuid?.value && !s.archived)
    : undefined;
  if (supplier && prefill.supplierUuid) {
    values = withSupplier(values, supplier);
    marks.supplierUuid = prefill.supplierUuid.confidence;
  }
  if (prefill.number) {
    values = { ...values, number: prefill.number.value };
    marks.number = prefill.number.confidence;
  }
  if (prefill.date) {
    values = { ...values, date: prefill.date.value };
    marks.date = prefill.date.confidence;
  }

  const readTaxes: InvoiceTaxValues[] = prefill.taxes.map((tax) => ({
    code: tax.code,
    amount: formatCents(tax.amount, language),
    fixed: true,
  }));
  if (readTaxes.length > 0) {
    values = { ...values, taxes: readTaxes };
    prefill.taxes.forEach((tax, i) => {
      marks[`taxes.${i}.amount`] = tax.confidence;
    });
  }

  if (prefill.total && prefill.total.value > 0) {
    const total = prefill.total.value;
    const taxesRead = prefill.taxes.reduce((sum, tax) => sum + tax.amount, 0);
    const subtotal =
      readTaxes.length > 0
        ? total - taxesRead
        : subtotalForTotal(
            total,
            values.taxes.flatMap((row) => buildingTaxes.find((tax) => tax.id === row.code)?.rate ?? []),
          );
    if (subtotal > 0) {
      const [first, ...rest] = values.lines;
      values = {
        ...values,
        lines: [
          {
            categoryUuid: first?.categoryUuid ?? '',
            description: '',
            amount: formatCents(subtotal, language),
          },
          ...rest,
        ],
      };
      // A line worked out from the total is no surer than the total and the taxes it comes from;
      // one that assumes the building's rates is at best worth checking.
      marks['lines.0.amount'] = lowestConfidence(
        prefill.total.confidence,
        ...(readTaxes.length > 0 ? prefill.taxes.map((tax) => tax.confidence) : ['medium' as const]),
      );
    }
  }
  values = {
    ...values,
    taxes: computedTaxes(values.taxes, subtotalOf(values.lines), buildingTaxes, language),
  };
  return {
    values,
    marks,
    total: prefill.total ? { cents: prefill.total.value, confidence: prefill.total.confidence } : null,
  };
}

/** The value at a path of the form ('lines.0.amount'). */
function valueAt(values: InvoiceValues, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      values,
    );
}

/**
 * The mark a field shows: its confidence while it holds what was read; once the user changed it,
 * it is theirs and shows none.
 */
export function shownConfidence(
  marks: PrefillMarks,
  read: InvoiceValues,
  current: InvoiceValues,
  path: string,
): Confidence | null {
  const confidence = marks[path];
  if (!confidence) return null;
  return valueAt(read, path) === valueAt(current, path) ? confidence : null;
}

/** The fields read with less than high confidence and left as read: the user says they checked them before saving. */
export const fieldsToCheck = (marks: PrefillMarks, read: InvoiceValues, current: InvoiceValues): string[] =>
  Object.keys(marks).filter((path) => {
    const shown = shownConfidence(marks, read, current, path);
    return shown !== null && shown !== 'high';
  });

/** How a confidence shows: its color and the catalog keys of its badge and its explanation. */
export const confidenceLook = (confidence: Confidence) =>
  ({
    high: { color: 'teal', labelKey: 'invoicePages.prefill.high', hintKey: 'invoicePages.prefill.highHint' },
    medium: {
      color: 'yellow',
      labelKey: 'invoicePages.prefill.medium',
      hintKey: 'invoicePages.prefill.mediumHint',
    },
    low: { color: 'red', labelKey: 'invoicePages.prefill.low', hintKey: 'invoicePages.prefill.lowHint' },
  })[confidence];
