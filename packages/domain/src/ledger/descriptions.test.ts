import { describe, expect, it } from 'vitest';
import {
  describeTransaction,
  readCancellationReason,
  readDescription,
  transactionMeaningSchema,
  type TransactionMeaning,
} from './descriptions';

const nbsp = /[\u00a0\u202f]/g;
const both = (meaning: TransactionMeaning) =>
  (['en', 'fr'] as const).map((language) => describeTransaction(meaning, language).replace(nbsp, ' '));

describe('generated transaction descriptions', () => {
  it('describes fees and corrections in each language, months as written', () => {
    expect(both({ kind: 'monthlyFee', month: '2026-03', member: '101' })).toEqual([
      'Monthly fee 2026-03 — 101',
      'Contribution mensuelle 2026-03 — 101',
    ]);
    expect(both({ kind: 'budgetCorrection', months: ['2026-02', '2026-03'], member: 'P1 (101)' })).toEqual([
      'Budget correction (2026-02, 2026-03) — P1 (101)',
      'Correction du budget (2026-02, 2026-03) — P1 (101)',
    ]);
  });

  it('names the month, rate and amount of penalties the way each reader writes them', () => {
    expect(both({ kind: 'lateFee', month: '2026-03-01', unit: '101' })).toEqual([
      'Late fee — March 2026 — 101',
      'Frais de retard — mars 2026 — 101',
    ]);
    expect(
      both({
        kind: 'interest',
        month: '2026-03-01',
        unit: '101',
        rate: 0.125,
        principal: 123_456,
        currency: 'CAD',
      }),
    ).toEqual([
      'Interest at 12.5 % per year on $1,234.56 overdue — March 2026 — 101',
      'Intérêts à 12,5 % par année sur 1 234,56 $ en souffrance — mars 2026 — 101',
    ]);
  });

  it('describes payments, returns, openings and transfers in each language', () => {
    expect(both({ kind: 'payment', method: 'cash', unit: '101' })).toEqual([
      'Payment (Cash), unit 101',
      'Paiement (Argent comptant), unité 101',
    ]);
    expect(both({ kind: 'wireTransfer', unit: '101', reference: 'ABC-1' })[1]).toBe(
      'Virement ABC-1, unité 101',
    );
    expect(both({ kind: 'wireTransfer', unit: '101' })[0]).toBe('Wire transfer, unit 101');
    expect(both({ kind: 'returnedCheck', number: '501', unit: '101' })).toEqual([
      'Returned check 501, unit 101',
      'Chèque retourné 501, unité 101',
    ]);
    expect(both({ kind: 'openingBalances', from: '2025-01-01' })).toEqual([
      'Opening balances (year of 2025-01-01)',
      "Soldes d'ouverture (exercice du 2025-01-01)",
    ]);
    expect(both({ kind: 'balanceTransfer', aid: 12, unit: '101' })[0]).toBe(
      "Balance carried over from the former owner's account 12 (unit 101)",
    );
  });

  it("keeps a penalty's own name as typed and names its kind otherwise", () => {
    const [en, fr] = both({
      kind: 'penalty',
      transactionKind: 'unitDepositReversalFee',
      name: null,
      checkNumber: '501',
    });
    expect(en).toMatch(/\(check 501\)$/);
    expect(fr).toMatch(/\(chèque 501\)$/);
    expect(en).not.toBe(fr);
    expect(
      both({
        kind: 'penalty',
        transactionKind: 'unitCustomFee',
        name: 'Frais de clé',
        checkNumber: undefined,
      }),
    ).toEqual(['Frais de clé', 'Frais de clé']);
  });

  it('describes supplier invoices, credit notes, billbacks and payments, numbers and names as typed', () => {
    expect(both({ kind: 'supplierInvoice', number: 'F-12', supplier: 'Déneigement Nord' })).toEqual([
      'Invoice F-12 – Déneigement Nord',
      'Facture F-12 – Déneigement Nord',
    ]);
    expect(both({ kind: 'supplierCreditNote', number: 'CN-7', supplier: 'Hydro' })).toEqual([
      'Credit note CN-7 – Hydro',
      'Note de crédit CN-7 – Hydro',
    ]);
    expect(both({ kind: 'supplierBillback', number: 'F-12', supplier: 'Hydro' })).toEqual([
      'Billback of invoice F-12 – Hydro',
      'Refacturation de la facture F-12 – Hydro',
    ]);
    expect(both({ kind: 'supplierPayment', supplier: 'Hydro', invoices: ['F-12'] })).toEqual([
      'Payment to Hydro: invoice F-12',
      'Paiement à Hydro : facture F-12',
    ]);
    expect(both({ kind: 'supplierPayment', supplier: 'Hydro', invoices: ['F-12', 'F-13'] })).toEqual([
      'Payment to Hydro: invoices F-12, F-13',
      'Paiement à Hydro : factures F-12, F-13',
    ]);
  });

  it("names a recurring bill's month the way each reader writes it, the bill as typed", () => {
    expect(both({ kind: 'recurringBill', bill: 'Hydro-Québec', month: '2026-03-01' })).toEqual([
      'Recurring bill: Hydro-Québec (March 2026)',
      'Facture récurrente : Hydro-Québec (mars 2026)',
    ]);
    expect(both({ kind: 'recurringBillPayment', bill: 'Hydro-Québec', month: '2026-12-01' })).toEqual([
      'Recurring bill payment: Hydro-Québec (December 2026)',
      'Paiement de facture récurrente : Hydro-Québec (décembre 2026)',
    ]);
  });

  it('reads a stored meaning in the reader language, and anything else as written', () => {
    const stored = { description: 'Contribution mensuelle 2026-03 — 101' };
    const meaning: TransactionMeaning = { kind: 'monthlyFee', month: '2026-03', member: '101' };
    expect(readDescription({ ...stored, meaning }, 'en')).toBe('Monthly fee 2026-03 — 101');
    expect(readDescription({ ...stored, meaning: null }, 'en')).toBe(stored.description);
    expect(readDescription({ ...stored, meaning: { kind: 'retired', month: 1 } }, 'en')).toBe(
      stored.description,
    );
    expect(readCancellationReason({ reason: 'vendue', meaning: { kind: 'unitSold' } }, 'en')).toBe(
      "unit sold: moved to the new owner's account",
    );
    expect(readCancellationReason({ reason: 'Duplicate entry' }, 'fr')).toBe('Duplicate entry');
  });

  it('every kind of meaning round-trips through its stored JSON', () => {
    const meanings: TransactionMeaning[] = [
      { kind: 'interest', month: '2026-03-01', unit: '7', rate: 0.1, principal: 100, currency: 'CAD' },
      { kind: 'supplierInvoice', number: 'F-12', supplier: 'Hydro' },
      { kind: 'supplierCreditNote', number: 'CN-7', supplier: 'Hydro' },
      { kind: 'supplierBillback', number: 'F-12', supplier: 'Hydro' },
      { kind: 'supplierPayment', supplier: 'Hydro', invoices: ['F-12', 'F-13'] },
      { kind: 'recurringBill', bill: 'Hydro-Québec', month: '2026-03-01' },
      { kind: 'recurringBillPayment', bill: 'Hydro-Québec', month: '2026-03-01' },
    ];
    for (const meaning of meanings)
      expect(transactionMeaningSchema.parse(JSON.parse(JSON.stringify(meaning)))).toEqual(meaning);
  });
});
