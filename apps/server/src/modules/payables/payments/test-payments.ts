import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { cents } from '@copro/domain';
import { supplierInvoice } from '../../../db/schema/index';
import { as, type TestUser } from '../../../test/harness';
import { firstYear } from '../../../test/registry-fixtures';
import { postTransaction } from '../../ledger';
import { invoiceStandings, standingOf } from '../invoice-standing';
import type { Account, PayablesSetup } from '../test-fixtures';

/**
 * An invoice (or credit note) of the setup's supplier (or `supplier`) for `total` cents on its first expense
 * category, entered directly (its `supplierInvoice` posted, its row written) so the payments'
 * tests stand on their own: Dr the category, Cr the supplier (a credit note the reverse).
 */
export async function enterInvoice(
  s: PayablesSetup,
  total: number,
  options: {
    creditNote?: boolean;
    date?: string;
    dueDate?: string;
    number?: string;
    supplier?: Account;
  } = {},
): Promise<{ uuid: string; number: string; transactionUuid: string }> {
  const uuid = randomUUID();
  const number = options.number ?? `F-${uuid.slice(0, 6)}`;
  const date = options.date ?? '2026-03-01';
  const supplier = options.supplier ?? s.supplier;
  const sign = options.creditNote ? -1 : 1;
  const transactionUuid = await s.h.platform.db.transaction(async (tx) => {
    const posted = await postTransaction(
      tx,
      { buildingId: s.b.id, fiscalYear: firstYear },
      { kind: 'system', id: 'backend' },
      {
        date,
        description: `Invoice ${number}`,
        kind: 'supplierInvoice',
        taxes: [],
        indexes: [],
        subtransactions: [
          { aid: s.expenses[0].aid, amount: cents(sign * total) },
          { aid: supplier.aid, amount: cents(-sign * total) },
        ],
      },
      { details: { invoice: { uuid, number, creditNote: options.creditNote ?? false } } },
    );
    await tx.insert(supplierInvoice).values({
      buildingId: s.b.id,
      uuid,
      fiscalYear: firstYear,
      supplierUuid: supplier.uuid,
      number,
      date,
      dueDate: options.dueDate ?? null,
      creditNote: options.creditNote ?? false,
      lines: [{ categoryUuid: s.expenses[0].uuid, amount: cents(total) }],
      taxes: [],
      subtotal: cents(total),
      total: cents(total),
      transactionUuid: posted.uuid,
      createdBy: { kind: 'system', id: 'backend' },
    });
    return posted.uuid;
  });
  return { uuid, number, transactionUuid };
}

export const paymentBody = (
  s: PayablesSetup,
  invoices: { invoiceUuid: string; amount: number }[],
  extra: Record<string, unknown> = {},
) => ({
  supplierUuid: s.supplier.uuid,
  bankUuid: s.bank.uuid,
  date: '2026-03-15',
  paymentMethod: 'check',
  invoices,
  creditNotes: [],
  ...extra,
});

/** Creates a payment as `by` (the admin unless said), expecting it made. */
export async function pay(s: PayablesSetup, body: object, by: TestUser = s.admin) {
  const res = await as(s.h, by).post(`${s.base}/supplier-payments`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payment;
}

export async function decide(
  s: PayablesSetup,
  by: TestUser,
  uuid: string,
  decision: 'approve' | 'reject',
  note?: string,
) {
  return as(s.h, by).post(`${s.base}/supplier-payments/${uuid}/decision`, {
    decision,
    ...(note ? { note } : {}),
  });
}

/** An invoice's paid and pending amounts, as every screen counts them. */
export async function standing(s: PayablesSetup, invoiceUuid: string) {
  return standingOf(await invoiceStandings(s.h.platform.db, s.b.id, [invoiceUuid]), invoiceUuid);
}

/** The transaction a payment posted, as the ledger answers it. */
export async function transactionOf(s: PayablesSetup, uuid: string) {
  const res = await as(s.h, s.admin).get(`${s.base}/transactions/${uuid}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
