import { describe, expect, it } from 'vitest';
import { cents, type BankView, type SupplierPayables } from '@copro/domain';
import {
  creditNoteOffer,
  defaultBankUuid,
  defaultPaymentMethod,
  newPayInvoicesValues,
  paymentTotals,
  preparePayment,
  withCreditNoteUsed,
  type PayInvoicesValues,
} from './pay-values';
import { bankUuid, invoiceUuid, invoiceView, supplierA } from './test-fixtures';

const payables: SupplierPayables = {
  supplierUuid: supplierA,
  balanceOwed: cents(25000),
  unpaidInvoices: [
    invoiceView(1, { unpaid: cents(10000) }),
    invoiceView(2, { unpaid: cents(15050) }),
    invoiceView(3, { unpaid: cents(0), status: 'pending' }),
  ],
  unusedCreditNotes: [
    invoiceView(7, { creditNote: true, number: 'NC-7', unpaid: cents(3000) }),
    invoiceView(8, { creditNote: true, number: 'NC-8', unpaid: cents(20000) }),
  ],
};

const start = (invoiceUuids: string[], language: 'en' | 'fr' = 'en') =>
  newPayInvoicesValues({
    payables,
    invoiceUuids,
    bankUuid,
    date: '2026-03-02',
    paymentMethod: 'check',
    language,
  });

const bank = (uuid: string, aid: number, name: string, archived = false): BankView =>
  ({ uuid, aid, name, archived }) as BankView;

describe('newPayInvoicesValues', () => {
  it('offers each chosen invoice for all it has left, in the order chosen, in the reader’s decimals', () => {
    const { values, missing } = start([invoiceUuid(2), invoiceUuid(1)], 'fr');
    expect(values.invoices.map((row) => [row.number, row.open, row.amount])).toEqual([
      ['F-2', 15050, '150,50'],
      ['F-1', 10000, '100,00'],
    ]);
    expect(missing).toBe(0);
    expect(values.creditNotes.map((row) => [row.number, row.use, row.amount])).toEqual([
      ['NC-7', false, ''],
      ['NC-8', false, ''],
    ]);
  });

  it('counts the chosen invoices with nothing left to pay, and leaves them out', () => {
    const { values, missing } = start([invoiceUuid(1), invoiceUuid(3), invoiceUuid(4)]);
    expect(values.invoices.map((row) => row.number)).toEqual(['F-1']);
    expect(missing).toBe(2);
  });
});

describe('defaults', () => {
  it('pays by the supplier’s method when a payment can use it, else by check', () => {
    expect(defaultPaymentMethod('wire-transfer')).toBe('wire-transfer');
    expect(defaultPaymentMethod('credit-note')).toBe('check');
    expect(defaultPaymentMethod(undefined)).toBe('check');
  });

  it('takes the building’s default bank when it is in use, else the first by name', () => {
    const banks = [
      bank('b', 12, 'Banque Nationale'),
      bank('a', 11, 'Desjardins'),
      bank('c', 13, 'Old', true),
    ];
    expect(defaultBankUuid(banks, '11')).toBe('a');
    expect(defaultBankUuid(banks, '13')).toBe('b');
    expect(defaultBankUuid(banks, null)).toBe('b');
    expect(defaultBankUuid([], '11')).toBe('');
  });
});

describe('totals and credit notes', () => {
  it('pays the invoices less the credit notes used from the bank', () => {
    const { values } = start([invoiceUuid(1), invoiceUuid(2)]);
    const used = withCreditNoteUsed(values, 0, true, 'en');
    expect(used.creditNotes[0]?.amount).toBe('30.00');
    expect(paymentTotals(used)).toEqual({ invoices: 25050, creditNotes: 3000, fromBank: 22050 });
    // An unreadable amount counts for nothing while typing.
    const typing = {
      ...used,
      invoices: used.invoices.map((row, i) => (i === 0 ? { ...row, amount: 'abc' } : row)),
    };
    expect(paymentTotals(typing).invoices).toBe(15050);
  });

  it('offers no more of a credit note than the invoices leave after the others', () => {
    const { values } = start([invoiceUuid(1)]);
    const first = withCreditNoteUsed(values, 0, true, 'en');
    expect(creditNoteOffer(first, 1)).toBe(7000);
    const both = withCreditNoteUsed(first, 1, true, 'en');
    expect(both.creditNotes[1]?.amount).toBe('70.00');
    expect(paymentTotals(both).fromBank).toBe(0);
    const unticked = withCreditNoteUsed(both, 1, false, 'en');
    expect(unticked.creditNotes[1]).toMatchObject({ use: false, amount: '' });
  });
});

describe('preparePayment', () => {
  it('sends the invoices and the credit notes used, in cents, without an empty memo', () => {
    const { values } = start([invoiceUuid(1), invoiceUuid(2)]);
    const typed: PayInvoicesValues = {
      ...values,
      invoices: values.invoices.map((row, i) => (i === 1 ? { ...row, amount: '50' } : row)),
    };
    const partial = withCreditNoteUsed(typed, 1, true, 'en');
    expect(preparePayment(partial)).toEqual({
      issues: [],
      input: {
        supplierUuid: supplierA,
        bankUuid,
        date: '2026-03-02',
        paymentMethod: 'check',
        invoices: [
          { invoiceUuid: invoiceUuid(1), amount: 10000 },
          { invoiceUuid: invoiceUuid(2), amount: 5000 },
        ],
        creditNotes: [{ invoiceUuid: invoiceUuid(8), amount: 15000 }],
      },
    });
  });

  it('keeps a memo', () => {
    const { values } = start([invoiceUuid(1)]);
    expect(preparePayment({ ...values, memo: '  Contrat 2026 ' }).input?.memo).toBe('Contrat 2026');
  });

  it('refuses more than the unpaid amount, an empty amount and a missing bank', () => {
    const { values } = start([invoiceUuid(1), invoiceUuid(2)]);
    const wrong: PayInvoicesValues = {
      ...values,
      bankUuid: '',
      invoices: [
        { ...values.invoices[0]!, amount: '100.01' },
        { ...values.invoices[1]!, amount: '' },
      ],
    };
    const { input, issues } = preparePayment(wrong);
    expect(input).toBeNull();
    expect(issues.map((i) => `${i.path.join('.')} ${i.key}`)).toEqual([
      'bankUuid validation.required',
      'invoices.0.amount payables.errors.amountExceedsUnpaid',
      'invoices.1.amount validation.required',
    ]);
  });

  it('names a credit note’s issue by its row, and refuses credit notes worth more than the invoices', () => {
    const { values } = start([invoiceUuid(1)]);
    const used: PayInvoicesValues = {
      ...values,
      creditNotes: [
        { ...values.creditNotes[0]!, use: false },
        { ...values.creditNotes[1]!, use: true, amount: '200.01' },
      ],
    };
    expect(preparePayment(used).issues.map((i) => `${i.path.join('.')} ${i.key}`)).toEqual([
      'creditNotes.1.amount paymentPages.pay.creditExceedsUnused',
      'creditNotes paymentPages.pay.creditsExceedInvoices',
    ]);
  });

  it('asks for at least one invoice (SPEC 5)', () => {
    const { values } = start([]);
    expect(preparePayment(values).issues).toEqual([
      { path: ['invoices'], key: 'validation.paymentNeedsInvoice' },
    ]);
  });
});
