import {
  parseCents,
  supplierInvoiceSchema,
  type AttachmentRef,
  type BuildingView,
  type FieldIssue,
  type Language,
  type SupplierInvoiceInput,
  type SupplierView,
} from '@copro/domain';
import { amountAt, chosenAt, prepareWith, type Prepared } from '../../../ui/prepare';
import { centsOf } from '../../../ui/typed-amount';
import { computedTaxes, presetTaxes, type InvoiceTaxValues } from './invoice-taxes';

/** SPEC 5: an invoice carries at most 5 PDFs. */
export const maxInvoiceFiles = 5;

/** One line of the invoice as typed: an expense category, what it is, its amount before taxes. */
export interface InvoiceLineValues {
  categoryUuid: string;
  description: string;
  amount: string;
}

/** The invoice (or credit note) form, its fields named as the API's body names them. */
export interface InvoiceValues {
  supplierUuid: string;
  number: string;
  date: string;
  dueDate: string;
  creditNote: boolean;
  lines: InvoiceLineValues[];
  taxes: InvoiceTaxValues[];
  notes: string;
  /** Files already uploaded (POST …/supplier-invoices/files or the PDF the form was read from). */
  attachments: AttachmentRef[];
}

export const blankLine = (categoryUuid = ''): InvoiceLineValues => ({
  categoryUuid,
  description: '',
  amount: '',
});

/** A new invoice: dated `date`, one line, the building's active taxes. */
export function newInvoiceValues(options: {
  date: string;
  creditNote: boolean;
  taxes: BuildingView['taxes'];
  supplier?: Pick<SupplierView, 'uuid' | 'category'> | undefined;
}): InvoiceValues {
  return {
    supplierUuid: options.supplier?.uuid ?? '',
    number: '',
    date: options.date,
    dueDate: '',
    creditNote: options.creditNote,
    lines: [blankLine(options.supplier?.category ?? '')],
    taxes: presetTaxes(options.taxes),
    notes: '',
    attachments: [],
  };
}

/**
 * The supplier chosen: lines without a category take the supplier's default expense category
 * (DOMAIN 7); lines already categorized keep theirs.
 */
export function withSupplier(
  values: InvoiceValues,
  supplier: Pick<SupplierView, 'uuid' | 'category'> | undefined,
): InvoiceValues {
  const category = supplier?.category ?? '';
  return {
    ...values,
    supplierUuid: supplier?.uuid ?? '',
    lines:
      category === ''
        ? values.lines
        : values.lines.map((line) => (line.categoryUuid === '' ? { ...line, categoryUuid: category } : line)),
  };
}

/** The lines' amounts before taxes, as far as they can be read. */
export const subtotalOf = (lines: readonly InvoiceLineValues[]): number =>
  lines.reduce((sum, line) => sum + centsOf(line.amount), 0);

/** A tax amount as typed: zero is a valid tax, unlike a zero line. */
const taxCents = (text: string): number => {
  const amount = parseCents(text);
  return amount !== null && amount >= 0 ? amount : 0;
};

export const taxesTotalOf = (taxes: readonly InvoiceTaxValues[]): number =>
  taxes.reduce((sum, tax) => sum + taxCents(tax.amount), 0);

/** The live totals under the lines. */
export function invoiceTotals(values: Pick<InvoiceValues, 'lines' | 'taxes'>) {
  const subtotal = subtotalOf(values.lines);
  const taxes = taxesTotalOf(values.taxes);
  return { subtotal, taxes, total: subtotal + taxes };
}

/** The form after its lines changed: the taxes that follow the subtotal follow it. */
export function withLines(
  values: InvoiceValues,
  lines: InvoiceLineValues[],
  buildingTaxes: BuildingView['taxes'],
  language: Language,
): InvoiceValues {
  return {
    ...values,
    lines,
    taxes: computedTaxes(values.taxes, subtotalOf(lines), buildingTaxes, language),
  };
}

const isBlankLine = (line: InvoiceLineValues): boolean =>
  line.description.trim() === '' && line.amount.trim() === '';

/** Lines added and left empty go before the invoice is checked (the first stays, to say what it lacks). */
export function withoutBlankLines(values: InvoiceValues): InvoiceValues {
  const lines = values.lines.filter((line, i) => i === 0 || !isBlankLine(line));
  return lines.length === values.lines.length ? values : { ...values, lines };
}

/** A tax box: required, an amount of zero or more. */
function taxAt(text: string, path: (string | number)[], issues: FieldIssue[]): number | undefined {
  if (text.trim() === '') {
    issues.push({ path, key: 'validation.required' });
    return undefined;
  }
  const amount = parseCents(text);
  if (amount === null) {
    issues.push({ path, key: 'accounting.invalidAmount' });
    return undefined;
  }
  if (amount < 0) {
    issues.push({ path, key: 'validation.mustBePositive' });
    return undefined;
  }
  return amount;
}

/**
 * The API's body (supplierInvoiceSchema): amounts in cents, blank optional fields left out, a
 * credit note flagged only when it is one. The form's own issues come first, at the form's paths,
 * which are the body's paths, so the server's issues land on the same fields.
 */
export function prepareInvoice(values: InvoiceValues): Prepared<SupplierInvoiceInput> {
  const issues: FieldIssue[] = [];
  chosenAt(values.supplierUuid, ['supplierUuid'], issues);
  const lines = values.lines.map((line, i) => {
    chosenAt(line.categoryUuid, ['lines', i, 'categoryUuid'], issues);
    return {
      categoryUuid: line.categoryUuid,
      description: line.description.trim(),
      amount: amountAt(line.amount, ['lines', i, 'amount'], issues),
    };
  });
  const taxes = values.taxes.map((tax, i) => ({
    code: tax.code,
    amount: taxAt(tax.amount, ['taxes', i, 'amount'], issues),
  }));
  if (values.attachments.length > maxInvoiceFiles)
    issues.push({ path: ['attachments'], key: 'validation.tooManyFiles' });
  return prepareWith(
    supplierInvoiceSchema,
    {
      supplierUuid: values.supplierUuid,
      number: values.number,
      date: values.date,
      dueDate: values.dueDate,
      creditNote: values.creditNote ? true : undefined,
      lines,
      taxes,
      notes: values.notes,
      attachments: values.attachments.length > 0 ? values.attachments : undefined,
    },
    issues,
  );
}
