import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { cents } from '@copro/domain';
import { paymentAllocation, supplierPayment } from '../../../db/schema/index';
import { as, type TestUser } from '../../../test/harness';
import type { PayablesSetup } from '../test-fixtures';

/** An invoice of the setup's supplier: 1,000.00 of snow removal with its GST, unless told otherwise. */
export const invoiceBody = (s: PayablesSetup, extra: Record<string, unknown> = {}) => ({
  supplierUuid: s.supplier.uuid,
  number: `INV-${randomUUID().slice(0, 8)}`,
  date: '2026-03-10',
  lines: [{ categoryUuid: s.expenses[0].uuid, amount: 100_000 }],
  taxes: [{ code: 'GST', amount: 5_000 }],
  ...extra,
});

export interface InvoiceAnswer {
  uuid: string;
  transactionUuid: string;
  number: string;
  total: number;
  unpaid: number;
  status: string;
  [key: string]: unknown;
}

/** Enters an invoice as the admin; it must be taken. */
export async function enterInvoice(
  s: PayablesSetup,
  extra: Record<string, unknown> = {},
): Promise<InvoiceAnswer> {
  const res = await as(s.h, s.admin).post(`${s.base}/supplier-invoices`, invoiceBody(s, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A transaction as the ledger answers it. */
export async function transactionOf(s: PayablesSetup, uuid: string) {
  const res = await as(s.h, s.admin).get(`${s.base}/transactions/${uuid}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * A supplier payment written straight into the payables tables (the payments part posts them): what
 * the invoices count as paid (posted) or held (pending approval).
 */
export async function recordPayment(
  s: PayablesSetup,
  status: 'posted' | 'pending',
  allocations: { invoiceUuid: string; amount: number; creditNote?: boolean }[],
): Promise<void> {
  const uuid = randomUUID();
  await s.h.platform.db.transaction(async (tx) => {
    await tx.insert(supplierPayment).values({
      buildingId: s.b.id,
      uuid,
      fiscalYear: '2026-01-01',
      supplierUuid: s.supplier.uuid,
      bankUuid: s.bank.uuid,
      date: '2026-04-01',
      paymentMethod: 'check',
      amount: cents(allocations.reduce((sum, a) => sum + a.amount, 0)),
      status,
      approvalStatus: status === 'posted' ? 'notRequired' : 'pending',
      createdBy: { kind: 'system', id: 'backend' },
    });
    await tx.insert(paymentAllocation).values(
      allocations.map((a) => ({
        buildingId: s.b.id,
        paymentUuid: uuid,
        invoiceUuid: a.invoiceUuid,
        creditNote: a.creditNote ?? false,
        amount: cents(a.amount),
      })),
    );
  });
}

/** A multipart form with one file in the field `file`, as a browser sends it. */
export async function fileForm(fileName: string, type: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new File([bytes], fileName, { type }));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** Uploads a file to the invoice files route as `user`. */
export async function upload(
  s: PayablesSetup,
  user: TestUser,
  fileName: string,
  type: string,
  bytes: Buffer,
) {
  const form = await fileForm(fileName, type, bytes);
  return s.h.app.inject({
    method: 'POST',
    url: `${s.base}/supplier-invoices/files`,
    payload: form.payload,
    headers: { ...form.headers, cookie: user.cookie },
  });
}
