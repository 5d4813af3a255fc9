import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AccountPage, TransactionView } from '@copro/domain';
import { ledgerTransaction } from '../../db/schema/index';
import { as, createHarness, type Harness } from '../../test/harness';
import { enterInvoice } from './invoices/test-fixtures';
import { pay, paymentBody } from './payments/test-payments';
import { payablesSetup, type PayablesSetup } from './test-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

/** A French building: the supplier is "Déneigement Nord"; approvers[0] reads English, approvers[1] French. */
const frenchBuilding = () => payablesSetup(h, { locale: 'fr-CA' });

/** What the ledger stored for a transaction: its text in the building's language, and its meaning. */
async function stored(s: PayablesSetup, uuid: string) {
  const [row] = await h.platform.db
    .select({ description: ledgerTransaction.description, meaning: ledgerTransaction.meaning })
    .from(ledgerTransaction)
    .where(and(eq(ledgerTransaction.buildingId, s.b.id), eq(ledgerTransaction.uuid, uuid)));
  if (!row) throw new Error(`no transaction ${uuid}`);
  return row;
}

/** The transaction's description as the English reader, then the French one, read it. */
async function readings(s: PayablesSetup, uuid: string): Promise<string[]> {
  const descriptions = [];
  for (const reader of s.approvers) {
    const res = await as(h, reader).get(`${s.base}/transactions/${uuid}`);
    expect(res.statusCode, res.body).toBe(200);
    descriptions.push((res.json() as TransactionView).description);
  }
  return descriptions;
}

describe('payables descriptions, in the reader language (DESIGN 3)', () => {
  it('a supplier invoice: stored in French, read in each reader’s language', async () => {
    const s = await frenchBuilding();
    const invoice = await enterInvoice(s, { number: 'A-12' });
    expect(await stored(s, invoice.transactionUuid)).toEqual({
      description: 'Facture A-12 – Déneigement Nord',
      meaning: { kind: 'supplierInvoice', number: 'A-12', supplier: 'Déneigement Nord' },
    });
    expect(await readings(s, invoice.transactionUuid)).toEqual([
      'Invoice A-12 – Déneigement Nord',
      'Facture A-12 – Déneigement Nord',
    ]);
  });

  it('a supplier credit note', async () => {
    const s = await frenchBuilding();
    const note = await enterInvoice(s, { number: 'CN-7', creditNote: true });
    expect((await stored(s, note.transactionUuid)).description).toBe(
      'Note de crédit CN-7 – Déneigement Nord',
    );
    expect(await readings(s, note.transactionUuid)).toEqual([
      'Credit note CN-7 – Déneigement Nord',
      'Note de crédit CN-7 – Déneigement Nord',
    ]);
  });

  it('a billback, on the unit’s account too; one with a typed description reads as typed', async () => {
    const s = await frenchBuilding();
    const invoice = await enterInvoice(s, { number: 'A-12' });
    const url = `${s.base}/supplier-invoices/${invoice.uuid}/billbacks`;
    const unit = s.units[0];
    if (!unit) throw new Error('no unit');
    const billed = await as(h, s.admin).post(url, {
      date: '2026-03-15',
      amount: 10_000,
      rule: 'voteShare',
      units: [{ unitUuid: unit.uuid }],
    });
    expect(billed.statusCode, billed.body).toBe(201);
    const [billback] = billed.json().billbacks as { transactionUuid: string }[];
    const uuid = billback?.transactionUuid ?? '';
    expect((await stored(s, uuid)).description).toBe('Refacturation de la facture A-12 – Déneigement Nord');
    expect(await readings(s, uuid)).toEqual([
      'Billback of invoice A-12 – Déneigement Nord',
      'Refacturation de la facture A-12 – Déneigement Nord',
    ]);
    const page = await as(h, s.approvers[0]).get(`${s.base}/accounts/${unit.aid}/transactions`);
    expect((page.json() as AccountPage).lines.map((l) => l.transaction.description)).toEqual([
      'Billback of invoice A-12 – Déneigement Nord',
    ]);

    const typed = await as(h, s.admin).post(url, {
      date: '2026-03-16',
      amount: 5_000,
      rule: 'voteShare',
      units: [{ unitUuid: unit.uuid }],
      description: 'Clé perdue',
    });
    expect(typed.statusCode, typed.body).toBe(201);
    const last = (typed.json().billbacks as { transactionUuid: string }[]).at(-1)?.transactionUuid ?? '';
    expect(await stored(s, last)).toEqual({ description: 'Clé perdue', meaning: null });
    expect(await readings(s, last)).toEqual(['Clé perdue', 'Clé perdue']);
  });

  it('a supplier payment names its invoices; one with a memo reads as typed', async () => {
    const s = await frenchBuilding();
    const first = await enterInvoice(s, { number: 'A-1' });
    const second = await enterInvoice(s, { number: 'A-2' });
    const wire = { paymentMethod: 'wire-transfer' };
    const payment = await pay(
      s,
      paymentBody(
        s,
        [first, second].map((i) => ({ invoiceUuid: i.uuid, amount: 10_000 })),
        wire,
      ),
    );
    expect(await stored(s, payment.transactionUuid)).toEqual({
      description: 'Paiement à Déneigement Nord : factures A-1, A-2',
      meaning: { kind: 'supplierPayment', supplier: 'Déneigement Nord', invoices: ['A-1', 'A-2'] },
    });
    expect(await readings(s, payment.transactionUuid)).toEqual([
      'Payment to Déneigement Nord: invoices A-1, A-2',
      'Paiement à Déneigement Nord : factures A-1, A-2',
    ]);

    const one = await pay(s, paymentBody(s, [{ invoiceUuid: first.uuid, amount: 1_000 }], wire));
    expect(await readings(s, one.transactionUuid)).toEqual([
      'Payment to Déneigement Nord: invoice A-1',
      'Paiement à Déneigement Nord : facture A-1',
    ]);

    const memo = await pay(
      s,
      paymentBody(s, [{ invoiceUuid: second.uuid, amount: 1_000 }], { ...wire, memo: 'Acompte' }),
    );
    expect(await stored(s, memo.transactionUuid)).toEqual({ description: 'Acompte', meaning: null });
    expect(await readings(s, memo.transactionUuid)).toEqual(['Acompte', 'Acompte']);
  });

  describe('a recurring bill held by the supplier', () => {
    /** Hydro, billed on the 31st and paid on the 10th from January 15th, run as of March 20th. */
    async function hydroPosted() {
      const s = await frenchBuilding();
      const days = await as(h, s.admin).put(`${s.base}/recurring-billing-days`, {
        supplierUuid: s.supplier.uuid,
        days: [10, 31],
      });
      expect(days.statusCode, days.body).toBe(200);
      const bill = await as(h, s.admin).post(`${s.base}/recurring-bills`, {
        supplierUuid: s.supplier.uuid,
        description: 'Hydro-Québec',
        amount: 12_345,
        billingDay: 31,
        paymentDay: 10,
        categoryUuid: s.expenses[0].uuid,
        counterpartUuid: s.bank.uuid,
        paymentMethod: 'pre-authorized-debit',
        startDate: '2026-01-15',
      });
      expect(bill.statusCode, bill.body).toBe(201);
      const run = await as(h, s.admin).post(`${s.base}/recurring-bills/run`, { asOf: '2026-03-20' });
      expect(run.statusCode, run.body).toBe(200);
      const page = await as(h, s.admin).get(`${s.base}/accounts/${s.supplier.aid}/transactions`);
      expect(page.statusCode, page.body).toBe(200);
      const uuidOf = (kind: string, date: string) =>
        (page.json() as AccountPage).lines.find(
          (l) => l.transaction.kind === kind && l.transaction.date === date,
        )?.transaction.uuid ?? '';
      return { s, uuidOf };
    }

    it('its bill names its month in the reader’s language', async () => {
      const { s, uuidOf } = await hydroPosted();
      const uuid = uuidOf('recurringBill', '2026-02-28');
      expect(await stored(s, uuid)).toEqual({
        description: 'Facture récurrente : Hydro-Québec (février 2026)',
        meaning: { kind: 'recurringBill', bill: 'Hydro-Québec', month: '2026-02-01' },
      });
      expect(await readings(s, uuid)).toEqual([
        'Recurring bill: Hydro-Québec (February 2026)',
        'Facture récurrente : Hydro-Québec (février 2026)',
      ]);
    });

    it('and so does its payment', async () => {
      const { s, uuidOf } = await hydroPosted();
      const uuid = uuidOf('recurringBillPayment', '2026-03-10');
      expect((await stored(s, uuid)).description).toBe(
        'Paiement de facture récurrente : Hydro-Québec (mars 2026)',
      );
      expect(await readings(s, uuid)).toEqual([
        'Recurring bill payment: Hydro-Québec (March 2026)',
        'Paiement de facture récurrente : Hydro-Québec (mars 2026)',
      ]);
    });
  });
});
