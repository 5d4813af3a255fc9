import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, type Cents } from '../money';
import { lowBalanceAfter, paymentPlan, type OpenInvoice } from './payment-plan';

const supplier = 'supplier-a';
const accounts = { supplierAid: 2100, bankAid: 1010 };

const invoice = (uuid: string, open: number, extra: Partial<OpenInvoice> = {}): OpenInvoice => ({
  uuid,
  supplierUuid: supplier,
  number: `N-${uuid}`,
  creditNote: false,
  open: cents(open),
  ...extra,
});
const known = (...invoices: OpenInvoice[]) => new Map(invoices.map((i) => [i.uuid, i]));
const line = (invoiceUuid: string, amount: number) => ({ invoiceUuid, amount: cents(amount) });
const keysOf = (plan: ReturnType<typeof paymentPlan>) =>
  plan.issues.map((i) => [i.kind, i.path.join('.'), i.key]);

describe('payment plan', () => {
  it('pays invoices from the bank: Dr supplier, Cr bank', () => {
    const plan = paymentPlan(
      { supplierUuid: supplier, invoices: [line('i1', 30_000), line('i2', 5_000)], creditNotes: [] },
      known(invoice('i1', 40_000), invoice('i2', 5_000)),
    );
    expect(plan.issues).toEqual([]);
    expect(plan.bankAmount).toBe(35_000);
    expect(plan.invoices.map((l) => l.number)).toEqual(['N-i1', 'N-i2']);
    expect(plan.lines(accounts)).toEqual([
      { aid: 2100, amount: 35_000 },
      { aid: 1010, amount: -35_000 },
    ]);
  });

  it('uses credit notes: Cr supplier for them, Cr bank for the rest, no bank line when they cover it all', () => {
    const input = {
      supplierUuid: supplier,
      invoices: [line('i1', 30_000)],
      creditNotes: [line('c1', 10_000)],
    };
    const found = known(invoice('i1', 30_000), invoice('c1', 12_000, { creditNote: true }));
    expect(paymentPlan(input, found).lines(accounts)).toEqual([
      { aid: 2100, amount: 30_000 },
      { aid: 2100, amount: -10_000 },
      { aid: 1010, amount: -20_000 },
    ]);
    const covered = paymentPlan(
      { ...input, creditNotes: [line('c1', 30_000)] },
      known(invoice('i1', 30_000), invoice('c1', 30_000, { creditNote: true })),
    );
    expect(covered.issues).toEqual([]);
    expect(covered.bankAmount).toBe(0);
    expect(covered.lines(accounts)).toEqual([
      { aid: 2100, amount: 30_000 },
      { aid: 2100, amount: -30_000 },
    ]);
  });

  it('refuses what cannot be paid, each under its own path', () => {
    const plan = paymentPlan(
      {
        supplierUuid: supplier,
        invoices: [line('i1', 10_001), line('i1', 1), line('x', 1), line('o', 1), line('c1', 1)],
        creditNotes: [line('i2', 1), line('c2', 50_000)],
      },
      known(
        invoice('i1', 10_000),
        invoice('i2', 10_000),
        invoice('o', 10_000, { supplierUuid: 'other' }),
        invoice('c1', 10_000, { creditNote: true }),
        invoice('c2', 40_000, { creditNote: true }),
      ),
    );
    expect(keysOf(plan)).toEqual([
      ['exceedsUnpaid', 'invoices.0.amount', 'payables.errors.amountExceedsUnpaid'],
      ['validation', 'invoices.1.invoiceUuid', 'payables.payments.validation.duplicateInvoice'],
      ['validation', 'invoices.2.invoiceUuid', 'payables.payments.validation.invoiceMissing'],
      ['validation', 'invoices.3.invoiceUuid', 'payables.payments.validation.otherSupplier'],
      ['validation', 'invoices.4.invoiceUuid', 'payables.payments.validation.notAnInvoice'],
      ['validation', 'creditNotes.0.invoiceUuid', 'payables.payments.validation.notACreditNote'],
      ['exceedsUnpaid', 'creditNotes.1.amount', 'payables.payments.validation.creditNoteExceedsUnused'],
      ['validation', 'creditNotes', 'payables.payments.validation.creditNotesExceedInvoices'],
    ]);
  });

  it('needs at least one invoice (SPEC 5) and an invoice used as a credit note is a duplicate', () => {
    expect(keysOf(paymentPlan({ supplierUuid: supplier, invoices: [], creditNotes: [] }, known()))).toEqual([
      ['validation', 'invoices', 'validation.paymentNeedsInvoice'],
    ]);
    const plan = paymentPlan(
      { supplierUuid: supplier, invoices: [line('i1', 1)], creditNotes: [line('i1', 1)] },
      known(invoice('i1', 10)),
    );
    expect(keysOf(plan)).toEqual([
      ['validation', 'creditNotes.0.invoiceUuid', 'payables.payments.validation.duplicateInvoice'],
    ]);
  });

  it('accepts exactly the payments within what is open, and posts balanced lines with no zero', () => {
    const amount = fc.integer({ min: 1, max: 100_000 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(amount, amount), { minLength: 1, maxLength: 5 }),
        fc.array(fc.tuple(amount, amount), { maxLength: 3 }),
        (invoiceLines, creditLines) => {
          const invoices = invoiceLines.map(([open], i) => invoice(`i${i}`, open));
          const credits = creditLines.map(([open], i) => invoice(`c${i}`, open, { creditNote: true }));
          const plan = paymentPlan(
            {
              supplierUuid: supplier,
              invoices: invoiceLines.map(([, pay], i) => line(`i${i}`, pay)),
              creditNotes: creditLines.map(([, use], i) => line(`c${i}`, use)),
            },
            known(...invoices, ...credits),
          );
          const paid = invoiceLines.reduce((sum, [, pay]) => sum + pay, 0);
          const used = creditLines.reduce((sum, [, use]) => sum + use, 0);
          const fits =
            invoiceLines.every(([open, pay]) => pay <= open) &&
            creditLines.every(([open, use]) => use <= open);
          expect(plan.issues.length === 0).toBe(fits && used <= paid);
          expect(plan.bankAmount).toBe(paid - used);
          const lines = plan.lines(accounts);
          expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(0);
          expect(lines.every((l) => l.amount !== 0)).toBe(true);
          expect(lines.filter((l) => l.aid === accounts.bankAid).length).toBe(paid === used ? 0 : 1);
        },
      ),
    );
  });
});

describe('low balance', () => {
  it('warns only when the payment takes the bank strictly under the threshold', () => {
    expect(lowBalanceAfter(cents(100_000), cents(60_000), cents(50_000))).toBe(40_000);
    expect(lowBalanceAfter(cents(100_000), cents(50_000), cents(50_000))).toBeNull();
    expect(lowBalanceAfter(cents(100_000), cents(0), cents(200_000))).toBeNull();
    expect(lowBalanceAfter(cents(0), cents(1), cents(0))).toBe(-1);
  });

  it('answers the balance left whenever it is under the threshold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (balance, amount, threshold) => {
          const after = lowBalanceAfter(cents(balance), cents(amount), cents(threshold));
          expect(after).toBe(balance - amount < threshold ? ((balance - amount) as Cents) : null);
        },
      ),
    );
  });
});
