import { describe, expect, it } from 'vitest';
import type { AttachmentRef, BuildingView } from '@copro/domain';
import {
  blankLine,
  invoiceTotals,
  newInvoiceValues,
  prepareInvoice,
  withLines,
  withoutBlankLines,
  withSupplier,
  type InvoiceValues,
} from './invoice-values';

const supplier = '0b8f5d2c-3f4e-4a3b-9c1d-2e5f6a7b8c9d';
const repairs = '1c9e6e3d-4a5f-4b4c-8d2e-3f6a7b8c9d0e';
const cleaning = '2d0f7f4e-5b6a-4c5d-9e3f-4a7b8c9d0e1f';
const taxes: BuildingView['taxes'] = [
  { id: 'GST', isActive: true, rate: 0.05 },
  { id: 'QC', isActive: true, rate: 0.09975 },
];
const file: AttachmentRef = {
  fileId: '3e1a8a5f-6c7b-4d6e-8f4a-5b8c9d0e1f2a',
  fileName: 'facture.pdf',
  mimeType: 'application/pdf',
  size: 1234,
};

const keysOf = (issues: { path: (string | number)[]; key: string }[]) =>
  issues.map((issue) => `${issue.path.join('.')} ${issue.key}`);

const filled = (over: Partial<InvoiceValues> = {}): InvoiceValues => ({
  ...newInvoiceValues({ date: '2026-03-02', creditNote: false, taxes }),
  supplierUuid: supplier,
  number: ' F-1001 ',
  lines: [{ categoryUuid: repairs, description: ' Plomberie ', amount: '1 000,00' }],
  taxes: [
    { code: 'GST', amount: '50,00', fixed: false },
    { code: 'QC', amount: '99,75', fixed: false },
  ],
  ...over,
});

describe('a new invoice', () => {
  it('starts with one line in the supplier’s default category and the building’s active taxes', () => {
    expect(
      newInvoiceValues({
        date: '2026-03-02',
        creditNote: true,
        taxes,
        supplier: { uuid: supplier, category: repairs },
      }),
    ).toEqual({
      supplierUuid: supplier,
      number: '',
      date: '2026-03-02',
      dueDate: '',
      creditNote: true,
      lines: [{ categoryUuid: repairs, description: '', amount: '' }],
      taxes: [
        { code: 'GST', amount: '', fixed: false },
        { code: 'QC', amount: '', fixed: false },
      ],
      notes: '',
      attachments: [],
    });
  });

  it('gives the chosen supplier’s default category to the lines without one, and only those', () => {
    const values = { ...filled(), lines: [blankLine(), { ...blankLine(cleaning), amount: '5' }] };
    expect(
      withSupplier(values, { uuid: supplier, category: repairs }).lines.map((l) => l.categoryUuid),
    ).toEqual([repairs, cleaning]);
    // A supplier without a default category leaves the lines as they are.
    expect(withSupplier(values, { uuid: supplier, category: undefined }).lines).toBe(values.lines);
  });

  it('recomputes the taxes that follow the subtotal when the lines change, and totals them', () => {
    const values = withLines(
      filled(),
      [
        { categoryUuid: repairs, description: '', amount: '200' },
        { categoryUuid: cleaning, description: '', amount: '100.50' },
      ],
      taxes,
      'en',
    );
    expect(values.taxes.map((tax) => tax.amount)).toEqual(['15.03', '29.97']);
    expect(invoiceTotals(values)).toEqual({ subtotal: 30_050, taxes: 4_500, total: 34_550 });
  });

  it('drops the lines added and left empty, but keeps the first to say what it lacks', () => {
    const values = filled({
      lines: [blankLine(repairs), { ...blankLine(repairs), amount: '3' }, blankLine(repairs)],
    });
    expect(withoutBlankLines(values).lines).toHaveLength(2);
    expect(withoutBlankLines(filled())).toStrictEqual(filled());
  });
});

describe('prepareInvoice', () => {
  it('sends the body the server takes: cents, trimmed text, no empty optional field', () => {
    expect(prepareInvoice(filled({ attachments: [file] }))).toEqual({
      issues: [],
      input: {
        supplierUuid: supplier,
        number: 'F-1001',
        date: '2026-03-02',
        lines: [{ categoryUuid: repairs, description: 'Plomberie', amount: 100_000 }],
        taxes: [
          { code: 'GST', amount: 5_000 },
          { code: 'QC', amount: 9_975 },
        ],
        attachments: [file],
      },
    });
  });

  it('flags a credit note, and takes a tax of zero', () => {
    const { input } = prepareInvoice(
      filled({ creditNote: true, dueDate: '2026-04-01', taxes: [{ code: 'GST', amount: '0', fixed: true }] }),
    );
    expect(input).toMatchObject({
      creditNote: true,
      dueDate: '2026-04-01',
      taxes: [{ code: 'GST', amount: 0 }],
    });
  });

  it('names each field to correct at the path the server would name it', () => {
    const { input, issues } = prepareInvoice(
      filled({
        supplierUuid: '',
        number: 'A/12',
        lines: [
          { categoryUuid: '', description: '', amount: '12,345' },
          { categoryUuid: repairs, description: '', amount: '0' },
        ],
        taxes: [
          { code: 'GST', amount: '', fixed: true },
          { code: 'QC', amount: '-1', fixed: true },
        ],
      }),
    );
    expect(input).toBeNull();
    expect(keysOf(issues)).toEqual([
      'supplierUuid validation.required',
      'lines.0.categoryUuid validation.required',
      'lines.0.amount accounting.invalidAmount',
      'lines.1.amount validation.mustBePositive',
      'taxes.0.amount validation.required',
      'taxes.1.amount validation.mustBePositive',
      'number validation.invoiceNumberCharacters',
    ]);
  });

  it('refuses a sixth PDF', () => {
    const six = Array.from({ length: 6 }, (_, i) => ({
      ...file,
      fileId: file.fileId.replace(/a$/, String(i)),
    }));
    expect(keysOf(prepareInvoice(filled({ attachments: six })).issues)).toEqual([
      'attachments validation.tooManyFiles',
    ]);
  });
});
