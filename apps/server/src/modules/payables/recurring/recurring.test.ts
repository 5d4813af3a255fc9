import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { job, recurringBillPosting } from '../../../db/schema/index';
import { FixedClock } from '../../../platform/clock';
import { as, createHarness, createUser, grantBuildingRole, type Harness } from '../../../test/harness';
import { categoryBody, createDirectly, issueKeys, yearPath } from '../../../test/registry-fixtures';
import { createFiscalYear, type TransactionView } from '../../ledger';
import { balanceOf, eventsOf, payablesSetup, postings, type PayablesSetup } from '../test-fixtures';
import { recurringBillsJob } from './run';

const clock = new FixedClock('2026-11-25T17:00:00Z');
let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, clock);
});
afterAll(async () => h.close());

/** Hydro: held by the supplier, billed on the 31st (the month's last day), paid on the 10th. */
const hydro = (s: PayablesSetup, extra: Record<string, unknown> = {}) => ({
  supplierUuid: s.supplier.uuid,
  description: 'Hydro-Québec',
  amount: 12_345,
  billingDay: 31,
  paymentDay: 10,
  categoryUuid: s.expenses[0].uuid,
  counterpartUuid: s.bank.uuid,
  paymentMethod: 'pre-authorized-debit',
  startDate: '2026-01-15',
  ...extra,
});

const setDays = (s: PayablesSetup, days: number[], supplierUuid?: string) =>
  as(h, s.admin).put(`${s.base}/recurring-billing-days`, { ...(supplierUuid ? { supplierUuid } : {}), days });

async function createBill(s: PayablesSetup, body: object): Promise<{ uuid: string }> {
  const res = await as(h, s.admin).post(`${s.base}/recurring-bills`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { uuid: string };
}

/** A supplier-held bill whose days are listed. */
async function hydroBill(s: PayablesSetup, extra: Record<string, unknown> = {}) {
  expect((await setDays(s, [10, 31], s.supplier.uuid)).statusCode).toBe(200);
  return createBill(s, hydro(s, extra));
}

const run = (s: PayablesSetup, asOf: string) =>
  as(h, s.admin).post(`${s.base}/recurring-bills/run`, { asOf });

async function runOk(s: PayablesSetup, asOf: string) {
  const res = await run(s, asOf);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    posted: number;
    skipped: { billUuid: string; month: string; kind: string; date: string }[];
  };
}

const postingRows = (s: PayablesSetup) =>
  h.platform.db
    .select()
    .from(recurringBillPosting)
    .where(eq(recurringBillPosting.buildingId, s.b.id))
    .orderBy(asc(recurringBillPosting.month), asc(recurringBillPosting.kind));

/**
 * The bill's transactions, as [kind, date, description, lines], read through the ledger's route by
 * an admin whose browser asks for `language` (their descriptions read in it, DESIGN 3).
 */
async function posted(s: PayablesSetup, year = '2026-01-01', language = 'en-CA') {
  const rows = await postingRows(s);
  const views: TransactionView[] = [];
  for (const row of rows) {
    const res = await as(h, s.admin).get(`${yearPath(s.b, year)}/transactions/${row.transactionUuid}`, {
      'accept-language': language,
    });
    if (res.statusCode === 404) continue;
    expect(res.statusCode, res.body).toBe(200);
    views.push(res.json() as TransactionView);
  }
  return views
    .filter((v) => v.fiscalYear === year)
    .sort((a, b) => (a.date === b.date ? a.kind.localeCompare(b.kind) : a.date < b.date ? -1 : 1))
    .map((v) => [v.kind, v.date, v.description, postings(v)] as const);
}

describe('recurring bills: the billing-days rule (SPEC 5)', () => {
  it('refuses a bill whose days are not in its holder’s list, and a list that leaves out a day in use', async () => {
    clock.set('2026-11-25T17:00:00Z');
    const s = await payablesSetup(h);
    const url = `${s.base}/recurring-bills`;

    const none = await as(h, s.admin).post(url, hydro(s));
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json().issues).toEqual([
      { path: ['billingDay'], key: 'payables.recurring.validation.billingDayNotListed', params: { day: 31 } },
      { path: ['paymentDay'], key: 'payables.recurring.validation.paymentDayNotListed', params: { day: 10 } },
    ]);

    // The supplier's list, not the building's, decides for the supplier's bill.
    expect((await setDays(s, [10, 31])).statusCode).toBe(200);
    expect((await setDays(s, [31, 10, 31], s.supplier.uuid)).statusCode).toBe(200);
    const bill = await createBill(s, hydro(s));

    const removing = await setDays(s, [31], s.supplier.uuid);
    expect(removing.statusCode, removing.body).toBe(400);
    expect(removing.json().issues).toEqual([
      {
        path: ['days'],
        key: 'payables.recurring.validation.dayInUse',
        params: { day: 10, bill: 'Hydro-Québec' },
      },
    ]);
    const editing = await as(h, s.admin).put(`${url}/${bill.uuid}`, hydro(s, { billingDay: 15 }));
    expect(issueKeys(editing)).toEqual(['billingDay:payables.recurring.validation.billingDayNotListed']);

    // The building's own bill uses the building's list ('' key), and no payment day.
    const own = await as(h, s.admin).post(url, hydro(s, { supplierUuid: undefined, billingDay: 5 }));
    expect(issueKeys(own)).toEqual(['billingDay:payables.recurring.validation.billingDayNotListed']);
    expect((await setDays(s, [5, 10, 31])).statusCode).toBe(200);
    const ownBill = await createBill(s, hydro(s, { supplierUuid: undefined, billingDay: 5, paymentDay: 7 }));
    const list = await as(h, s.accountant).get(url);
    expect(list.statusCode, list.body).toBe(200);
    const answer = list.json() as {
      bills: Record<string, unknown>[];
      billingDays: { supplierUuid: string | null; days: number[] }[];
    };
    expect(answer.billingDays).toEqual(
      expect.arrayContaining([
        { supplierUuid: null, days: [5, 10, 31] },
        { supplierUuid: s.supplier.uuid, days: [10, 31] },
      ]),
    );
    expect(answer.billingDays).toHaveLength(2);
    expect(
      answer.bills.map((b) => [b.uuid, b.supplierName, b.categoryName, b.counterpartName, b.paymentDay]),
    ).toEqual([
      [bill.uuid, 'Déneigement Nord', 'Snow removal', 'Caisse', 10],
      [ownBill.uuid, null, 'Snow removal', 'Caisse', undefined],
    ]);

    // Once the bill is archived its day may leave the list.
    const archived = await as(h, s.admin).post(`${url}/${bill.uuid}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ uuid: bill.uuid, archived: true });
    expect((await setDays(s, [31], s.supplier.uuid)).statusCode).toBe(200);
    expect(((await as(h, s.admin).get(url)).json() as typeof answer).bills.map((b) => b.uuid)).toEqual([
      ownBill.uuid,
    ]);
    expect((await as(h, s.admin).put(`${url}/${bill.uuid}`, hydro(s, { paymentDay: 31 }))).statusCode).toBe(
      404,
    );

    const created = await eventsOf(s, 'recurringBillCreated');
    expect(created.map((e) => e.metadata.uuid)).toEqual([bill.uuid, ownBill.uuid]);
    expect((await eventsOf(s, 'recurringBillArchived')).map((e) => e.metadata.uuid)).toEqual([bill.uuid]);
    const daysEdits = await eventsOf(s, 'billingDaysEdited');
    expect(daysEdits.map((e) => [e.metadata.supplierUuid, e.changes])).toEqual([
      [null, [{ field: 'days', before: [], after: [10, 31] }]],
      [s.supplier.uuid, [{ field: 'days', before: [], after: [10, 31] }]],
      [null, [{ field: 'days', before: [10, 31], after: [5, 10, 31] }]],
      [s.supplier.uuid, [{ field: 'days', before: [10, 31], after: [31] }]],
    ]);
  });

  it('checks every reference and date, and logs an edit with its changes', async () => {
    const s = await payablesSetup(h);
    const url = `${s.base}/recurring-bills`;
    await setDays(s, [1, 10, 15, 31], s.supplier.uuid);
    const revenue = await createDirectly(h, s.b, 'categories', categoryBody('Parking rentals', 'revenues'));
    const res = await as(h, s.admin).post(
      url,
      hydro(s, {
        categoryUuid: revenue,
        counterpartUuid: s.expenses[1].uuid,
        paymentDay: undefined,
        endDate: '2026-01-14',
      }),
    );
    expect(issueKeys(res)).toEqual([
      'paymentDay:validation.required',
      'categoryUuid:payables.recurring.validation.notExpenseCategory',
      'counterpartUuid:payables.recurring.validation.bankMissing',
      'endDate:validation.dateTooEarly',
    ]);
    const unknown = await as(h, s.admin).post(
      url,
      hydro(s, { supplierUuid: '7d0f9a49-4a7e-4b4e-9d55-3bb0c7c1a001', categoryUuid: s.bank.uuid }),
    );
    expect(issueKeys(unknown)).toEqual([
      'supplierUuid:payables.recurring.validation.supplierMissing',
      'categoryUuid:payables.recurring.validation.categoryMissing',
      // An unknown supplier's list is empty.
      'billingDay:payables.recurring.validation.billingDayNotListed',
      'paymentDay:payables.recurring.validation.paymentDayNotListed',
    ]);
    expect((await as(h, s.accountant).post(url, hydro(s))).statusCode).toBe(403);

    const bill = await createBill(s, hydro(s));
    const edited = await as(h, s.admin).put(
      `${url}/${bill.uuid}`,
      hydro(s, { amount: 13_000, paymentDay: 15, endDate: '2026-12-31' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ amount: 13_000, paymentDay: 15, endDate: '2026-12-31' });
    const [edit] = await eventsOf(s, 'recurringBillEdited');
    expect(edit?.changes).toEqual([
      { field: 'amount', before: 12_345, after: 13_000 },
      { field: 'paymentDay', before: 10, after: 15 },
      { field: 'endDate', before: null, after: '2026-12-31' },
    ]);
  });
});

describe('recurring bills: the daily run', () => {
  const billLines = (s: PayablesSetup, amount = 12_345): [number, number][] => [
    [s.expenses[0].aid, amount],
    [s.supplier.aid, -amount],
  ];
  const paymentLines = (s: PayablesSetup, amount = 12_345): [number, number][] => [
    [s.supplier.aid, amount],
    [s.bank.aid, -amount],
  ];

  it('posts the months due, nothing more the same day, and catches up the months a late run missed', async () => {
    clock.set('2026-05-12T17:00:00Z');
    const s = await payablesSetup(h);
    const bill = await hydroBill(s);

    expect(await runOk(s, '2026-03-20')).toEqual({ posted: 4, skipped: [] });
    expect(await posted(s)).toEqual([
      // Started on the 15th: January's payment day came before it.
      ['recurringBill', '2026-01-31', 'Recurring bill: Hydro-Québec (January 2026)', billLines(s)],
      [
        'recurringBillPayment',
        '2026-02-10',
        'Recurring bill payment: Hydro-Québec (February 2026)',
        paymentLines(s),
      ],
      // The 31st of February is its last day.
      ['recurringBill', '2026-02-28', 'Recurring bill: Hydro-Québec (February 2026)', billLines(s)],
      [
        'recurringBillPayment',
        '2026-03-10',
        'Recurring bill payment: Hydro-Québec (March 2026)',
        paymentLines(s),
      ],
    ]);
    expect(await balanceOf(s, s.bank.aid)).toBe(1_000_000 - 2 * 12_345);
    // January's and February's bills were paid on February 10 and March 10.
    expect(await balanceOf(s, s.supplier.aid)).toBe(0);
    expect(await balanceOf(s, s.expenses[0].aid)).toBe(2 * 12_345);

    // A second run the same day posts nothing.
    expect(await runOk(s, '2026-03-20')).toEqual({ posted: 0, skipped: [] });
    expect(await postingRows(s)).toHaveLength(4);

    // The daily job, two months later: March's bill, April's payment and bill, May's payment.
    const id = await h.platform.jobs.enqueue(
      h.platform.db,
      recurringBillsJob,
      { buildingId: s.b.id },
      { buildingId: s.b.id },
    );
    await h.platform.jobs.drain();
    const [done] = await h.platform.db
      .select()
      .from(job)
      .where(eq(job.id, Number(id)));
    expect([done?.status, done?.result]).toEqual(['done', { posted: 4, skipped: [] }]);
    const all = await posted(s);
    expect(all.slice(4).map(([kind, date]) => [kind, date])).toEqual([
      ['recurringBill', '2026-03-31'],
      ['recurringBillPayment', '2026-04-10'],
      ['recurringBill', '2026-04-30'],
      ['recurringBillPayment', '2026-05-10'],
    ]);
    const rows = await postingRows(s);
    expect(rows.map((r) => [r.billUuid, r.month, r.kind])).toEqual([
      [bill.uuid, '2026-01-01', 'recurringBill'],
      [bill.uuid, '2026-02-01', 'recurringBill'],
      [bill.uuid, '2026-02-01', 'recurringBillPayment'],
      [bill.uuid, '2026-03-01', 'recurringBill'],
      [bill.uuid, '2026-03-01', 'recurringBillPayment'],
      [bill.uuid, '2026-04-01', 'recurringBill'],
      [bill.uuid, '2026-04-01', 'recurringBillPayment'],
      [bill.uuid, '2026-05-01', 'recurringBillPayment'],
    ]);
    const list = (await as(h, s.admin).get(`${s.base}/recurring-bills`)).json() as {
      bills: { lastPostedMonth: string }[];
    };
    expect(list.bills.map((b) => b.lastPostedMonth)).toEqual(['2026-05-01']);
    // One "recurring bills added" per run that posted, with its count.
    // One "recurring bills added" per run that posted, with its count, by whoever ran it.
    const added = await eventsOf(s, 'recurringBillsAdded');
    expect(added.map((e) => [e.metadata.count, e.metadata.asOf, e.source.kind])).toEqual([
      [4, '2026-03-20', 'user'],
      [4, '2026-05-12', 'system'],
    ]);
  });

  it('two runs at once post each month once', async () => {
    clock.set('2026-05-12T17:00:00Z');
    const s = await payablesSetup(h);
    await hydroBill(s);
    const answers = await Promise.all([runOk(s, '2026-04-01'), runOk(s, '2026-04-01')]);
    expect(answers.map((a) => a.posted).sort()).toEqual([0, 5]);
    expect(await postingRows(s)).toHaveLength(5);
    expect(await balanceOf(s, s.bank.aid)).toBe(1_000_000 - 2 * 12_345);
  });

  it("stops at the end date, and posts only the bill of the building's own, against the bank", async () => {
    clock.set('2026-06-30T17:00:00Z');
    const s = await payablesSetup(h);
    await setDays(s, [20]);
    await createBill(s, {
      description: 'Bank fees',
      amount: 1_500,
      billingDay: 20,
      categoryUuid: s.expenses[1].uuid,
      counterpartUuid: s.bank.uuid,
      paymentMethod: 'pre-authorized-debit',
      startDate: '2026-02-01',
      endDate: '2026-04-15',
    });
    const archived = await hydroBill(s, { startDate: '2026-01-01' });
    await as(h, s.admin).post(`${s.base}/recurring-bills/${archived.uuid}/archive`);

    expect(await runOk(s, '2026-06-30')).toEqual({ posted: 2, skipped: [] });
    const lines: [number, number][] = [
      [s.expenses[1].aid, 1_500],
      [s.bank.aid, -1_500],
    ];
    expect(await posted(s)).toEqual([
      ['recurringBill', '2026-02-20', 'Recurring bill: Bank fees (February 2026)', lines],
      ['recurringBill', '2026-03-20', 'Recurring bill: Bank fees (March 2026)', lines],
    ]);
  });

  it('posts across the year end only into a year that exists, and catches up once it does', async () => {
    clock.set('2027-01-25T17:00:00Z');
    const s = await payablesSetup(h, { locale: 'fr-CA' });
    const bill = await hydroBill(s, { startDate: '2026-11-01', billingDay: 31, paymentDay: 10 });

    const first = await runOk(s, '2027-01-25');
    expect(first.posted).toBe(4);
    expect(first.skipped).toEqual([
      { billUuid: bill.uuid, month: '2027-01-01', kind: 'recurringBillPayment', date: '2027-01-10' },
    ]);
    expect(
      (await posted(s, '2026-01-01', 'fr-CA')).map(([kind, date, description]) => [kind, date, description]),
    ).toEqual([
      ['recurringBillPayment', '2026-11-10', 'Paiement de facture récurrente : Hydro-Québec (novembre 2026)'],
      ['recurringBill', '2026-11-30', 'Facture récurrente : Hydro-Québec (novembre 2026)'],
      ['recurringBillPayment', '2026-12-10', 'Paiement de facture récurrente : Hydro-Québec (décembre 2026)'],
      ['recurringBill', '2026-12-31', 'Facture récurrente : Hydro-Québec (décembre 2026)'],
    ]);

    await h.platform.db.transaction((tx) =>
      createFiscalYear(tx, s.b.id, '2027-01-01', { kind: 'system', id: 'backend' }),
    );
    expect(await runOk(s, '2027-01-25')).toEqual({ posted: 1, skipped: [] });
    expect(await posted(s, '2027-01-01', 'fr-CA')).toEqual([
      [
        'recurringBillPayment',
        '2027-01-10',
        'Paiement de facture récurrente : Hydro-Québec (janvier 2027)',
        paymentLines(s),
      ],
    ]);
  });

  it('is run by finance writers, as of their building’s today at the latest', async () => {
    clock.set('2026-03-20T17:00:00Z');
    const s = await payablesSetup(h);
    await hydroBill(s);
    const later = await run(s, '2026-03-21');
    expect(issueKeys(later)).toEqual(['asOf:validation.dateTooLate']);
    expect(
      (await as(h, s.accountant).post(`${s.base}/recurring-bills/run`, { asOf: '2026-03-20' })).statusCode,
    ).toBe(403);
    const owner = await createUser(h, 'owner');
    await grantBuildingRole(h, s.b, owner, 'owner');
    expect((await as(h, owner).get(`${s.base}/recurring-bills`)).statusCode).toBe(403);
    expect(await postingRows(s)).toEqual([]);
  });
});
