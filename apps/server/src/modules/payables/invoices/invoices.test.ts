import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiscalYear } from '../../../db/schema/index';
import { as, createHarness, createUser, grantBuildingRole, type Harness } from '../../../test/harness';
import { categoryBody, createDirectly, issueKeys, supplierBody } from '../../../test/registry-fixtures';
import { balanceOf, eventsOf, payablesSetup, postings } from '../test-fixtures';
import { enterInvoice, invoiceBody, recordPayment, transactionOf } from './test-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

describe('posting a supplier invoice', () => {
  it('debits each line’s category with its share of the taxes and credits the supplier with the total', async () => {
    const s = await payablesSetup(h);
    const invoice = await enterInvoice(s, {
      number: 'F-2026-001',
      dueDate: '2026-04-09',
      lines: [
        { categoryUuid: s.expenses[0].uuid, description: 'Snow removal, February', amount: 100_000 },
        { categoryUuid: s.expenses[1].uuid, amount: 50_000 },
      ],
      // GST 5 % and QST 9.975 % of 1,500.00 (149.625 rounded up).
      taxes: [
        { code: 'GST', amount: 7_500 },
        { code: 'QC', amount: 14_963 },
      ],
      notes: 'Second visit included',
    });
    expect(invoice).toMatchObject({
      supplierUuid: s.supplier.uuid,
      supplierName: 'Déneigement Nord',
      number: 'F-2026-001',
      date: '2026-03-10',
      dueDate: '2026-04-09',
      creditNote: false,
      lines: [
        {
          categoryUuid: s.expenses[0].uuid,
          categoryName: 'Snow removal',
          description: 'Snow removal, February',
          amount: 100_000,
        },
        { categoryUuid: s.expenses[1].uuid, categoryName: 'Repairs', amount: 50_000 },
      ],
      taxes: [
        { code: 'GST', amount: 7_500 },
        { code: 'QC', amount: 14_963 },
      ],
      subtotal: 150_000,
      total: 172_463,
      paid: 0,
      pending: 0,
      unpaid: 172_463,
      billedBack: 0,
      status: 'unpaid',
      notes: 'Second visit included',
    });
    const transaction = await transactionOf(s, invoice.transactionUuid);
    expect(transaction).toMatchObject({
      kind: 'supplierInvoice',
      date: '2026-03-10',
      description: 'Invoice F-2026-001 – Déneigement Nord',
      taxes: [
        { code: 'GST', amount: 7_500 },
        { code: 'QC', amount: 14_963 },
      ],
      details: { invoice: { uuid: invoice.uuid, number: 'F-2026-001', creditNote: false } },
    });
    // Taxes of 224.63 shared 2:1 by largest remainder: 149.75 and 74.88.
    expect(postings(transaction)).toEqual([
      [s.expenses[0].aid, 114_975],
      [s.expenses[1].aid, 57_488],
      [s.supplier.aid, -172_463],
    ]);
    expect(await balanceOf(s, s.supplier.aid)).toBe(-172_463);
    expect(await balanceOf(s, s.expenses[1].aid)).toBe(57_488);
  });

  it('posts a credit note the other way: the supplier debited, the categories credited', async () => {
    const s = await payablesSetup(h);
    const note = await enterInvoice(s, {
      number: 'CN-7',
      creditNote: true,
      lines: [{ categoryUuid: s.expenses[1].uuid, amount: 4_000 }],
      taxes: [
        { code: 'GST', amount: 200 },
        { code: 'QC', amount: 0 },
      ],
    });
    expect(note).toMatchObject({ creditNote: true, total: 4_200, unpaid: 4_200, status: 'unpaid' });
    // A tax of 0 moves nothing and is left out.
    expect(note.taxes).toEqual([{ code: 'GST', amount: 200 }]);
    const transaction = await transactionOf(s, note.transactionUuid);
    expect(transaction.description).toBe('Credit note CN-7 – Déneigement Nord');
    expect(transaction.taxes).toEqual([{ code: 'GST', amount: -200 }]);
    expect(postings(transaction)).toEqual([
      [s.expenses[1].aid, -4_200],
      [s.supplier.aid, 4_200],
    ]);
    expect(await balanceOf(s, s.supplier.aid)).toBe(4_200);
  });

  it('refuses a missing supplier, a category that is not an expense, a tax twice and an early due date', async () => {
    const s = await payablesSetup(h);
    const revenue = await createDirectly(h, s.b, 'categories', categoryBody('Parking rent', 'revenues'));
    const res = await as(h, s.admin).post(
      `${s.base}/supplier-invoices`,
      invoiceBody(s, {
        supplierUuid: s.units[0]?.uuid,
        dueDate: '2026-03-01',
        lines: [
          { categoryUuid: s.expenses[0].uuid, amount: 1_000 },
          { categoryUuid: revenue, amount: 1_000 },
          { categoryUuid: s.bank.uuid, amount: 1_000 },
        ],
        taxes: [
          { code: 'GST', amount: 100 },
          { code: 'GST', amount: 100 },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(issueKeys(res)).toEqual([
      'supplierUuid:payables.invoices.validation.supplierMissing',
      'lines.1.categoryUuid:payables.invoices.validation.expenseCategoryOnly',
      'lines.2.categoryUuid:payables.invoices.validation.categoryMissing',
      'taxes.1.code:payables.invoices.validation.taxTwice',
      'dueDate:payables.invoices.validation.dueBeforeDate',
    ]);
    // Nothing was posted.
    expect(await balanceOf(s, s.expenses[0].aid)).toBe(0);
  });

  it('enters an invoice sent twice with its idempotency key once', async () => {
    const s = await payablesSetup(h);
    const send = () =>
      h.app.inject({
        method: 'POST',
        url: `${s.base}/supplier-invoices`,
        payload: invoiceBody(s, { number: 'TWICE-1' }),
        headers: { cookie: s.admin.cookie, 'idempotency-key': 'invoice-twice-1' },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().uuid).toBe(first.json().uuid);
    expect(await balanceOf(s, s.supplier.aid)).toBe(-105_000);
  });

  it('refuses a date outside the year', async () => {
    const s = await payablesSetup(h);
    const res = await as(h, s.admin).post(
      `${s.base}/supplier-invoices`,
      invoiceBody(s, { date: '2027-01-02' }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(issueKeys(res)).toEqual(['date:validation.dateTooLate']);
  });
});

describe('invoice numbers (SPEC 5)', () => {
  it('refuses a slash or a pound sign, and more than 100 characters', async () => {
    const s = await payablesSetup(h);
    for (const number of ['A/12', 'No#12']) {
      const res = await as(h, s.admin).post(`${s.base}/supplier-invoices`, invoiceBody(s, { number }));
      expect(res.statusCode, res.body).toBe(400);
      expect(issueKeys(res)).toEqual(['number:validation.invoiceNumberCharacters']);
      expect(res.json().issues[0]).not.toHaveProperty('params');
    }
    const long = await as(h, s.admin).post(
      `${s.base}/supplier-invoices`,
      invoiceBody(s, { number: 'x'.repeat(101) }),
    );
    expect(long.statusCode).toBe(400);
    expect(issueKeys(long)).toEqual(['number:validation.tooLong']);
    await enterInvoice(s, { number: 'x'.repeat(100) });
  });

  it('is unique per supplier among invoices that are not cancelled', async () => {
    const s = await payablesSetup(h);
    const other = await createDirectly(h, s.b, 'suppliers', supplierBody('Plomberie Éclair'));
    const first = await enterInvoice(s, { number: '2026-15' });
    const taken = await as(h, s.admin).post(
      `${s.base}/supplier-invoices`,
      invoiceBody(s, { number: '2026-15' }),
    );
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'invoiceNumberTaken',
      message: 'This supplier already has an invoice with this number.',
    });
    // A credit note shares the supplier's numbers.
    const note = await as(h, s.admin).post(
      `${s.base}/supplier-invoices`,
      invoiceBody(s, { number: '2026-15', creditNote: true }),
    );
    expect(note.statusCode).toBe(409);
    // Nothing of the refused invoices reached the ledger.
    expect(await balanceOf(s, s.supplier.aid)).toBe(-105_000);
    // Another supplier may use the same number.
    await enterInvoice(s, { number: '2026-15', supplierUuid: other });
    // Once the first is cancelled, its number is free again.
    const cancelled = await as(h, s.admin).post(`${s.base}/supplier-invoices/${first.uuid}/cancel`, {
      reason: 'Entered twice',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', unpaid: 0 });
    const again = await enterInvoice(s, { number: '2026-15' });
    expect(again.uuid).not.toBe(first.uuid);
  });
});

describe('cancelling an invoice', () => {
  it('cancels its transaction and logs it', async () => {
    const s = await payablesSetup(h);
    const invoice = await enterInvoice(s);
    const res = await as(h, s.admin).post(`${s.base}/supplier-invoices/${invoice.uuid}/cancel`, {
      reason: 'Wrong supplier',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await transactionOf(s, invoice.transactionUuid)).status).toBe('cancelled');
    expect(await balanceOf(s, s.supplier.aid)).toBe(0);
    const [event] = await eventsOf(s, 'supplierInvoiceCancelled');
    expect(event?.metadata).toMatchObject({ uuid: invoice.uuid, reason: 'Wrong supplier' });
    const twice = await as(h, s.admin).post(`${s.base}/supplier-invoices/${invoice.uuid}/cancel`, {
      reason: 'Again',
    });
    expect(twice.statusCode).toBe(400);
  });

  it('is refused while a payment pays it or holds it', async () => {
    const s = await payablesSetup(h);
    const paid = await enterInvoice(s);
    const held = await enterInvoice(s);
    await recordPayment(s, 'posted', [{ invoiceUuid: paid.uuid, amount: 1_000 }]);
    await recordPayment(s, 'pending', [{ invoiceUuid: held.uuid, amount: 1_000 }]);
    for (const invoice of [paid, held]) {
      const res = await as(h, s.admin).post(`${s.base}/supplier-invoices/${invoice.uuid}/cancel`, {
        reason: 'Paid elsewhere',
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('invoiceInUse');
      expect((await transactionOf(s, invoice.transactionUuid)).status).not.toBe('cancelled');
    }
  });
});

describe('the invoices list', () => {
  it('filters by status, supplier, period and search, with totals over every match', async () => {
    const s = await payablesSetup(h);
    const other = await createDirectly(h, s.b, 'suppliers', supplierBody('Plomberie Éclair'));
    const line = (amount: number) => [{ categoryUuid: s.expenses[0].uuid, amount }];
    const unpaid = await enterInvoice(s, {
      number: 'U-1',
      date: '2026-02-01',
      lines: line(10_000),
      taxes: [],
    });
    const paid = await enterInvoice(s, { number: 'P-1', date: '2026-03-01', lines: line(20_000), taxes: [] });
    const pending = await enterInvoice(s, {
      number: 'H-1',
      date: '2026-04-01',
      lines: line(30_000),
      taxes: [],
    });
    const note = await enterInvoice(s, {
      number: 'CN-1',
      date: '2026-05-01',
      creditNote: true,
      lines: line(4_000),
      taxes: [],
    });
    const cancelled = await enterInvoice(s, {
      number: 'X-1',
      date: '2026-06-01',
      lines: line(50_000),
      taxes: [],
    });
    const plumber = await enterInvoice(s, {
      number: 'E-77',
      supplierUuid: other,
      date: '2026-07-01',
      lines: line(1_000),
      taxes: [],
    });
    await recordPayment(s, 'posted', [{ invoiceUuid: paid.uuid, amount: 20_000 }]);
    await recordPayment(s, 'pending', [{ invoiceUuid: pending.uuid, amount: 5_000 }]);
    await as(h, s.admin).post(`${s.base}/supplier-invoices/${cancelled.uuid}/cancel`, { reason: 'Void' });

    const list = async (query: string) => {
      const res = await as(h, s.accountant).get(`${s.base}/supplier-invoices?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        items: { uuid: string; status: string; paid: number; pending: number; unpaid: number }[];
        total: number;
        totals: Record<string, number>;
      };
    };
    const uuidsOf = (answer: { items: { uuid: string }[] }) => answer.items.map((i) => i.uuid);

    const all = await list('status=all');
    // Newest first; the cancelled invoice is listed but counts for nothing, the credit note against.
    expect(uuidsOf(all)).toEqual([
      plumber.uuid,
      cancelled.uuid,
      note.uuid,
      pending.uuid,
      paid.uuid,
      unpaid.uuid,
    ]);
    expect(all.items.map((i) => i.status)).toEqual([
      'unpaid',
      'cancelled',
      'unpaid',
      'unpaid',
      'paid',
      'unpaid',
    ]);
    expect(all.total).toBe(6);
    expect(all.totals).toEqual({ total: 57_000, paid: 20_000, pending: 5_000, unpaid: 32_000 });
    expect(await list('')).toEqual(all);

    const open = await list('status=unpaid');
    expect(uuidsOf(open)).toEqual([plumber.uuid, pending.uuid, unpaid.uuid]);
    expect(open.totals).toEqual({ total: 41_000, paid: 0, pending: 5_000, unpaid: 36_000 });
    const held = await list('status=pending');
    expect(uuidsOf(held)).toEqual([pending.uuid]);
    expect(held.items[0]).toMatchObject({ paid: 0, pending: 5_000, unpaid: 25_000 });
    expect(uuidsOf(await list('status=paid'))).toEqual([paid.uuid]);
    const notes = await list('status=creditNotes');
    expect(uuidsOf(notes)).toEqual([note.uuid]);
    expect(notes.totals).toEqual({ total: -4_000, paid: 0, pending: 0, unpaid: -4_000 });
    const void_ = await list('status=cancelled');
    expect(uuidsOf(void_)).toEqual([cancelled.uuid]);
    expect(void_.totals).toEqual({ total: 0, paid: 0, pending: 0, unpaid: 0 });

    expect(uuidsOf(await list(`supplierUuid=${other}`))).toEqual([plumber.uuid]);
    expect(uuidsOf(await list('from=2026-03-01&to=2026-05-01'))).toEqual([
      note.uuid,
      pending.uuid,
      paid.uuid,
    ]);
    // The supplier's name whatever its accents and case, or a piece of the number.
    expect(uuidsOf(await list('q=ECLAIR'))).toEqual([plumber.uuid]);
    expect(uuidsOf(await list('q=n-1'))).toEqual([note.uuid]);

    const page = await list('pageSize=2&page=2');
    expect(uuidsOf(page)).toEqual([note.uuid, pending.uuid]);
    expect(page.total).toBe(6);
    expect(page.totals).toEqual(all.totals);
  });

  it('lists the earlier years’ invoices still unpaid among a later year’s unpaid', async () => {
    const s = await payablesSetup(h);
    await h.platform.db
      .insert(fiscalYear)
      .values({ buildingId: s.b.id, startDate: '2027-01-01', endDate: '2027-12-31' });
    const open = await enterInvoice(s, { number: 'OLD-1' });
    const settled = await enterInvoice(s, { number: 'OLD-2' });
    await recordPayment(s, 'posted', [{ invoiceUuid: settled.uuid, amount: settled.total }]);
    const next = `/api/buildings/${s.b.ref}/fiscal-years/2027-01-01/supplier-invoices`;
    const unpaid = await as(h, s.admin).get(`${next}?status=unpaid`);
    expect(unpaid.statusCode, unpaid.body).toBe(200);
    // The year 2027 has no records of its own here: the names come from the invoice's year.
    expect(unpaid.json().items).toMatchObject([
      { uuid: open.uuid, fiscalYear: '2026-01-01', supplierName: 'Déneigement Nord' },
    ]);
    expect((await as(h, s.admin).get(`${next}?status=all`)).json().items).toEqual([]);
    expect((await as(h, s.admin).get(`${next}/${open.uuid}`)).statusCode).toBe(200);
  });
});

describe('a supplier’s payables', () => {
  it('answers the balance owed by the ledger, the unpaid invoices and the unused credit notes', async () => {
    const s = await payablesSetup(h);
    const first = await enterInvoice(s, { number: 'A-1', date: '2026-02-01' });
    const second = await enterInvoice(s, { number: 'A-2', date: '2026-01-15' });
    const settled = await enterInvoice(s, { number: 'A-3' });
    const note = await enterInvoice(s, {
      number: 'CN-1',
      creditNote: true,
      lines: [{ categoryUuid: s.expenses[0].uuid, amount: 2_000 }],
      taxes: [],
    });
    const usedNote = await enterInvoice(s, {
      number: 'CN-2',
      creditNote: true,
      lines: [{ categoryUuid: s.expenses[0].uuid, amount: 1_000 }],
      taxes: [],
    });
    await recordPayment(s, 'posted', [
      { invoiceUuid: settled.uuid, amount: settled.total },
      { invoiceUuid: usedNote.uuid, amount: 1_000, creditNote: true },
    ]);
    const res = await as(h, s.accountant).get(`${s.base}/suppliers/${s.supplier.uuid}/payables`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    // Three invoices of 1,050.00 less 30.00 of credit notes; the payment is not posted in the ledger here.
    expect(answer.balanceOwed).toBe(3 * 105_000 - 3_000);
    expect(answer.unpaidInvoices.map((i: { uuid: string }) => i.uuid)).toEqual([second.uuid, first.uuid]);
    expect(answer.unusedCreditNotes.map((i: { uuid: string }) => i.uuid)).toEqual([note.uuid]);
    const unknown = await as(h, s.admin).get(`${s.base}/suppliers/${s.units[0]?.uuid}/payables`);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('who may reach the invoices', () => {
  it('lets finance readers read, finance writers write, and no one else in', async () => {
    const s = await payablesSetup(h);
    const invoice = await enterInvoice(s);
    const owner = await createUser(h, 'owner');
    await grantBuildingRole(h, s.b, owner, 'owner');
    const resident = await createUser(h, 'resident');
    await grantBuildingRole(h, s.b, resident, 'resident');
    const reads = [
      `${s.base}/supplier-invoices`,
      `${s.base}/supplier-invoices/${invoice.uuid}`,
      `${s.base}/supplier-invoices/${invoice.uuid}/billbacks`,
      `${s.base}/suppliers/${s.supplier.uuid}/payables`,
    ];
    for (const url of reads) {
      expect((await as(h, s.accountant).get(url)).statusCode, url).toBe(200);
      expect((await as(h, s.approvers[0]).get(url)).statusCode, url).toBe(200);
      expect((await as(h, owner).get(url)).statusCode, url).toBe(403);
      expect((await as(h, resident).get(url)).statusCode, url).toBe(403);
    }
    const writes: [string, object][] = [
      [`${s.base}/supplier-invoices`, invoiceBody(s)],
      [`${s.base}/supplier-invoices/${invoice.uuid}/cancel`, { reason: 'No' }],
      [
        `${s.base}/supplier-invoices/${invoice.uuid}/billbacks`,
        { amount: 100, rule: 'equal', units: [{ unitUuid: s.units[0]?.uuid }], date: '2026-03-10' },
      ],
    ];
    for (const [url, body] of writes) {
      for (const user of [s.accountant, s.approvers[0], owner, resident]) {
        expect((await as(h, user).post(url, body)).statusCode, url).toBe(403);
      }
    }
    expect((await as(h, null).get(reads[0] ?? '')).statusCode).toBe(401);
    // Nothing was written by the refused calls.
    expect(await balanceOf(s, s.supplier.aid)).toBe(-105_000);
  });
});
