import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import {
  buildingToday,
  sharesAddUpToWhole,
  type AccountPage as LedgerPage,
  type BankReconciliation,
  type BankView,
  type CategoryView,
  type CheckView,
  type PeriodDetail,
  type DepositView,
  type InvoiceList,
  type PayablesDashboard,
  type RecurringBillView,
  type SupplierPaymentView,
  type TrialBalanceLine,
  type UnitView,
  type AutomaticMailHistory,
  type Post,
  type PostDeliveries,
  type PostPage,
  type PostTemplate,
  type RequestConversation,
  type RequestCounts,
  type RequestDetail,
  type RequestEmailPage,
  type RequestEmailTemplateList,
  type RequestList,
  type RequestTagList,
  type PadAgreementView,
  type PadOrderPage,
  type PadOverview,
  type PadSettingsView,
} from '@copro/domain';
import { activityLog, billingAccount, building, buildingUser, outbox } from '@copro/server/db/schema/index';
import { runBuildingAutomaticMails } from '@copro/server/modules/communications/index';
import { postRecurringBills } from '@copro/server/modules/payables/recurring/run';
import { billYear } from '@copro/server/modules/receivables/budget/billing';
import { chargePenalties } from '@copro/server/modules/receivables/penalties/penalty-run';
import { startFakePartner, type FakePartner } from '@copro/server/modules/otonom/partner/fake-partner';
import { FixedClock } from '@copro/server/platform/clock';
import { createHarness, signIn, type Harness } from '@copro/server/test/harness';
import { demoBuildings, demoPassword, demoUsers, seedDemo } from './demo';
import { demoMeetingNotice } from './demo-communications';
import { demoLeakUnit } from './demo-payables';
import { seedDemoReconciliation } from './demo-reconciliation';
import { demoDebits, demoOtonomSettings } from './demo-otonom';
import { demoPayers } from './demo-year';

const debitUnits: string[] = demoDebits.units.map((u) => u.number);

// The clock stands at 2026-06-15 (noon in Montréal): the demo year runs from January to mid-June.
let h: Harness;
let year: string;
let today: string;
beforeAll(async () => {
  h = await createHarness({}, new FixedClock('2026-06-15T16:00:00Z'));
  today = buildingToday(demoBuildings[0], h.platform.clock.now());
  year = `${today.slice(0, 4)}-01-01`;
});
afterAll(async () => h.close());

const base = () => `/api/buildings/${demoBuildings[0].ref}/fiscal-years/${year}`;
const getAs = async <T>(cookie: string, url: string): Promise<T> => {
  const res = await h.app.inject({ method: 'GET', url, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json() as T;
};
/** The records of a registry list's first page, which holds the whole demo registry. */
const listAs = async <T>(cookie: string, url: string): Promise<T[]> =>
  (await getAs<{ items: T[] }>(cookie, url)).items;

interface AccountPage {
  lines: { amount: number; transaction: { kind: string; date: string; description: string } }[];
  balance: number;
}

describe('demo seed', () => {
  it('creates one billing account, a group of two buildings and a user per building role, once', async () => {
    expect(today).toBe('2026-06-15');
    expect(await seedDemo(h.platform, { year: true })).toBe(true);
    expect(await seedDemo(h.platform, { year: true })).toBe(false);
    expect((await h.platform.db.select({ n: count() }).from(billingAccount))[0]?.n).toBe(1);
    expect((await h.platform.db.select({ n: count() }).from(building))[0]?.n).toBe(2);
    const roles = (await h.platform.db.select({ role: buildingUser.role }).from(buildingUser))
      .map((r) => r.role)
      .sort();
    expect(roles).toEqual([
      'accountant',
      'accountantWrite',
      'admin',
      'approver',
      'approverWrite',
      'handler',
      'owner',
      'resident',
    ]);
  });

  it('every demo user signs in with the printed password and reaches only their buildings', async () => {
    for (const u of demoUsers) {
      const cookie = await signIn(h, u.email, demoPassword);
      const memberships = (
        await h.app.inject({ method: 'GET', url: '/api/memberships', headers: { cookie } })
      ).json();
      const refs = memberships.buildings.map((b: { ref: string }) => b.ref).sort();
      const expected = u.role === 'admin' ? demoBuildings.map((b) => b.ref).sort() : [demoBuildings[0].ref];
      expect(refs, u.email).toEqual(expected);
      expect(memberships.buildings.find((b: { ref: string }) => b.ref === demoBuildings[0].ref).role).toBe(
        u.role,
      );
    }
    const owner = await signIn(h, 'owner@example.com', demoPassword);
    expect(
      (
        await h.app.inject({
          method: 'GET',
          url: `/api/buildings/${demoBuildings[1].ref}`,
          headers: { cookie: owner },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('gives the first building a registry whose units add up to 100 %, and the owner their own unit', async () => {
    const admin = await signIn(h, 'admin@example.com', demoPassword);
    const units = await listAs<{ number: string; voteShare: number; ownersEmails: string[] }>(
      admin,
      `${base()}/units`,
    );
    expect(units).toHaveLength(24);
    expect(sharesAddUpToWhole(units.map((u) => u.voteShare))).toBe(true);
    expect((await listAs(admin, `${base()}/parkings`)).length).toBeGreaterThan(0);
    expect((await listAs(admin, `${base()}/suppliers`)).length).toBe(8);
    const owner = await signIn(h, 'owner@example.com', demoPassword);
    const own = await listAs<{ number: string }>(owner, `${base()}/units`);
    expect(own.map((u) => u.number)).toEqual([
      units.find((u) => u.ownersEmails.includes('owner@example.com'))?.number,
    ]);
  });
});

describe('demo year of « Les Jardins du Parc »', () => {
  let admin: string;
  let units: UnitView[];
  const account = (number: string) => {
    const unit = units.find((u) => u.number === number);
    if (!unit?.aid) throw new Error(`no unit ${number}`);
    return getAs<AccountPage>(admin, `${base()}/accounts/${unit.aid}/transactions?pageSize=200`);
  };
  const kinds = (page: AccountPage) => page.lines.map((l) => l.transaction.kind);
  beforeAll(async () => {
    admin = await signIn(h, 'admin@example.com', demoPassword);
    units = await listAs<UnitView>(admin, `${base()}/units`);
  });

  it('has an applied budget with a contingency fund above 5 %, billed every month up to today', async () => {
    const budgets = await getAs<
      { status: string; applicationDate: string; contributions: { amount: number }[] }[]
    >(admin, `${base()}/budgets`);
    expect(budgets.map((b) => [b.status, b.applicationDate])).toEqual([['applied', year]]);
    const [fees = 0, fund = 0] = budgets[0]?.contributions.map((c) => c.amount) ?? [];
    expect(fund / (fees + fund)).toBeGreaterThanOrEqual(0.05);
    for (const u of units) {
      const fees = (await account(u.number)).lines.filter((l) => l.transaction.kind === 'unitMonthlyFee');
      expect(
        fees.map((l) => l.transaction.date),
        u.number,
      ).toEqual(['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01']);
    }
  });

  it('shows the demo owner unit 201 paid by the post-dated checks of the past months, the others waiting', async () => {
    const page = await account(demoPayers.postDatedChecks);
    expect(page.balance).toBe(0);
    expect(kinds(page).filter((k) => k === 'unitPayment')).toHaveLength(6);
    const checks = await getAs<CheckView[]>(admin, `${base()}/checks`);
    const waiting = checks.filter(
      (c) => c.unitNumber === demoPayers.postDatedChecks && c.status === 'recorded',
    );
    expect(waiting.map((c) => c.date)).toEqual([
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
      '2026-12-01',
    ]);
  });

  it('deposits the checks once a month, and one check came back with its fee, paid again in time', async () => {
    const deposits = await getAs<DepositView[]>(admin, `${base()}/deposits`);
    expect(deposits.map((d) => d.date).sort()).toEqual([
      '2026-01-05',
      '2026-02-05',
      '2026-03-05',
      '2026-04-05',
      '2026-05-05',
      '2026-06-05',
    ]);
    expect(deposits.every((d) => d.items.length > 10)).toBe(true);
    const slip = await h.app.inject({
      method: 'GET',
      url: `${base()}/deposits/${deposits[0]?.uuid}/slip`,
      headers: { cookie: admin },
    });
    expect(slip.statusCode).toBe(200);
    const returned = await account(demoPayers.returnedCheck);
    expect(kinds(returned)).toEqual(
      expect.arrayContaining(['unitDepositReversal', 'unitDepositReversalFee', 'unitPayment']),
    );
    expect(returned.balance).toBe(0);
  });

  it('charges the late unit a late fee and interest for each month past its grace period, and nobody else', async () => {
    const late = await account(demoPayers.late);
    expect(kinds(late).filter((k) => k === 'unitLateFee')).toHaveLength(3);
    expect(kinds(late).filter((k) => k === 'unitInterestFee')).toHaveLength(3);
    expect(late.balance).toBeGreaterThan(0);
    for (const u of units.filter((u) => u.number !== demoPayers.late)) {
      const page = await account(u.number);
      expect(kinds(page), u.number).not.toContain('unitLateFee');
      expect(page.balance, u.number).toBe(0);
    }
    // The daily jobs of the first start find nothing more to bill or charge.
    const [jardins] = await h.platform.db
      .select({ id: building.id })
      .from(building)
      .where(eq(building.ref, demoBuildings[0].ref));
    const scope = { buildingId: jardins?.id ?? '', fiscalYear: year };
    expect(await h.platform.db.transaction((tx) => billYear(tx, scope, today, 'fr-CA'))).toBe(0);
    expect(
      await h.platform.db.transaction((tx) =>
        chargePenalties(tx, scope, today, { kind: 'system', id: 'queue' }),
      ),
    ).toBe(0);
  });

  it('has the transfers to the contingency fund account, the bank fees of the recurring run, the insurance premium billed', async () => {
    const accounts = await getAs<{ aid: number; name: string }[]>(admin, `${base()}/accounts`);
    const named = (name: string) => accounts.find((a) => a.name === name)?.aid;
    const insurance = await getAs<AccountPage>(
      admin,
      `${base()}/accounts/${named('Assurances')}/transactions`,
    );
    // The premium and its tax: two lines of the insurer's invoice.
    expect(insurance.lines.map((l) => l.transaction.kind)).toEqual(['supplierInvoice', 'supplierInvoice']);
    const fees = await getAs<AccountPage>(
      admin,
      `${base()}/accounts/${named('Frais bancaires')}/transactions`,
    );
    expect(fees.lines.map((l) => [l.transaction.kind, l.transaction.date])).toEqual(
      ['01-31', '02-28', '03-31', '04-30', '05-31'].map((day) => ['recurringBill', `2026-${day}`]),
    );
    const fund = await getAs<AccountPage>(
      admin,
      `${base()}/accounts/${named('Compte du fonds de prévoyance')}/transactions`,
    );
    expect(fund.lines.map((l) => l.transaction.kind)).toEqual(['bankTransfer']);
  });
});

describe('demo pre-authorized debits of « Les Jardins du Parc »', () => {
  const api = `/api/buildings/${demoBuildings[0].ref}`;
  let admin: string;
  let units: UnitView[];
  const unitOf = (number: string): UnitView => {
    const unit = units.find((u) => u.number === number);
    if (!unit) throw new Error(`no unit ${number}`);
    return unit;
  };
  const account = (number: string) =>
    getAs<AccountPage>(admin, `${base()}/accounts/${unitOf(number).aid}/transactions?pageSize=200`);
  const kinds = (page: AccountPage) => page.lines.map((l) => l.transaction.kind);
  const debits = async () =>
    (await getAs<PadOrderPage>(admin, `${api}/otonom/orders?direction=debit&pageSize=200`)).orders;
  beforeAll(async () => {
    admin = await signIn(h, 'admin@example.com', demoPassword);
    units = await listAs<UnitView>(admin, `${base()}/units`);
  });

  it('sends through the partner, with the building’s ids, into the operating account, for the month’s fee', async () => {
    const access = await getAs<{ building: { otonom: unknown } }>(admin, api);
    expect(access.building.otonom).toEqual(demoOtonomSettings);
    const operating = (await listAs<BankView>(admin, `${base()}/banks`)).find(
      (bank) => bank.name === 'Compte d’exploitation',
    );
    const view = await getAs<PadSettingsView>(admin, `${api}/otonom/settings`);
    expect(view.settings).toEqual({
      channel: 'otonom',
      debitAmount: 'monthlyFee',
      bankUuid: operating?.uuid,
    });
    // No partner in the tests: npm start gives the demo its local test partner.
    expect(view.partner).toBeNull();
  });

  it('switched 101 and 401 to automatic payment once their bank details and signed agreements were in, and sent the notice 20 days before the first debit', async () => {
    expect(units.filter((u) => u.automaticPayment).map((u) => u.number)).toEqual(debitUnits);
    const notices: { to: string; subject: string; text: string }[] = [];
    for (const number of debitUnits) {
      const unit = unitOf(number);
      const agreement = await getAs<PadAgreementView>(admin, `${api}/units/${unit.uuid}/pad-agreement`);
      expect(agreement, number).toMatchObject({
        hasBankDetails: true,
        automaticPayment: true,
        paymentDay: 1,
        flag: null,
        missing: [],
        notice: { firstDebitOn: '2026-01-01' },
      });
      expect(agreement.signed?.uploadedAt.slice(0, 10)).toBe('2025-12-07');
      expect(agreement.notice?.sentAt.slice(0, 10)).toBe('2025-12-12');
      expect([...(agreement.notice?.recipients ?? [])].sort()).toEqual([...unit.ownersEmails].sort());
      const signed = await h.app.inject({
        method: 'GET',
        url: `${api}/units/${unit.uuid}/pad-agreement/signed`,
        headers: { cookie: admin },
      });
      expect(signed.statusCode).toBe(200);
      expect(signed.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // The notice, in each owner's language, in the demo mailbox.
      const mails = await h.platform.db
        .select({ to: outbox.to, subject: outbox.subject, text: outbox.text })
        .from(outbox)
        .where(inArray(outbox.to, unit.ownersEmails));
      const notice = new RegExp(`^(Pre-authorized debit of unit|Débit préautorisé de l'unité) ${number}\\b`);
      notices.push(...mails.filter((m) => notice.test(m.subject)));
    }
    expect(notices).toHaveLength(debitUnits.reduce((n, number) => n + unitOf(number).ownersEmails.length, 0));
    // In each owner's language: the first debit and its amount, the month's fee.
    expect(
      notices.every((m) => /(January 1, 2026|1er janvier 2026)/.test(m.text) && m.text.includes('449')),
    ).toBe(true);
    const [jardins] = await h.platform.db
      .select({ id: building.id })
      .from(building)
      .where(eq(building.ref, demoBuildings[0].ref));
    const logged = await h.platform.db
      .select({ event: activityLog.event })
      .from(activityLog)
      .where(eq(activityLog.buildingId, jardins?.id ?? ''));
    const times = (event: string) => logged.filter((l) => l.event === event).length;
    expect(
      ['otonomSettingsEdited', 'padAgreementUploaded', 'padNoticeSent', 'unitAutomatedPaymentAdded'].map(
        times,
      ),
    ).toEqual([1, 2, 2, 2]);
  });

  it('debited both units on each 1st, the partner withdrew the next business day and completed the day after', async () => {
    const orders = await debits();
    const months = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'];
    expect(orders).toHaveLength(12);
    for (const month of months) {
      const ofMonth = orders.filter((o) => o.month === month);
      expect(ofMonth.map((o) => o.unitNumber).sort(), month).toEqual(debitUnits);
      expect(ofMonth.every((o) => o.dueDate === `${month}-01` && o.reference.startsWith('D'))).toBe(true);
    }
    // The history's files were never sent to a partner: no file is named.
    expect(orders.every((o) => o.fileUuid === null && o.transactionUuid !== null)).toBe(true);
    const june = orders.find((o) => o.month === '2026-06' && o.unitNumber === '101');
    // June 1st 2026 is a Monday.
    expect(june?.history.map((e) => [e.status, e.date, e.by])).toEqual([
      ['readyToSendToOtonom', null, 'Copro'],
      ['toProcess', '2026-06-01', 'Copro'],
      ['withdrawalDone', '2026-06-02', 'Copro'],
      ['completed', '2026-06-03', 'Copro'],
    ]);
    // May 1st is a Friday: withdrawn on Monday.
    const may = orders.find((o) => o.month === '2026-05' && o.unitNumber === '101');
    expect(may?.history.map((e) => e.date)).toEqual([null, '2026-05-01', '2026-05-04', '2026-05-05']);
    const statuses = orders.map((o) => [o.unitNumber, o.month, o.status]);
    expect(statuses.filter(([, , status]) => status !== 'completed')).toEqual([
      [demoDebits.returned, '2026-05', 'processedNSF'],
    ]);
    const payments = (await account('101')).lines.filter((l) => l.transaction.kind === 'unitPayment');
    expect(payments.map((l) => l.transaction.date)).toEqual(months.map((m) => `${m}-01`));
    const overview = await getAs<PadOverview>(admin, `${api}/otonom/overview`);
    expect(overview.toSend.map((t) => t.count)).toEqual([0, 0]);
    expect(overview.statusCounts.filter((c) => c.count > 0)).toEqual([
      { status: 'completed', count: 11 },
      { status: 'processedNSF', count: 1 },
    ]);
  });

  it('had 401’s May debit come back NSF six days later, reversed with the fee, and paid again by wire in its grace period', async () => {
    const returned = (await debits()).find((o) => o.status === 'processedNSF');
    expect(returned).toMatchObject({
      unitNumber: demoDebits.returned,
      month: '2026-05',
      returnCode: '901',
      returnedOn: '2026-05-07',
    });
    expect(returned?.history.map((e) => e.status)).toEqual([
      'readyToSendToOtonom',
      'toProcess',
      'withdrawalDone',
      'completed',
      'processedNSF',
    ]);
    expect(returned?.reversalUuid).not.toBeNull();
    expect(returned?.feeUuid).not.toBeNull();
    const page = await account(demoDebits.returned);
    const may = page.lines
      .filter((l) => l.transaction.date >= '2026-05-02' && l.transaction.date < '2026-06-01')
      .map((l) => [l.transaction.kind, l.transaction.date, l.amount]);
    // The owner paid by wire what the account then said (the month and the fee).
    expect(may.map(([kind, date]) => [kind, date])).toEqual([
      ['unitElectronicDepositReversal', '2026-05-07'],
      ['unitDepositReversalFee', '2026-05-07'],
      ['unitPayment', '2026-05-10'],
    ]);
    expect(may.slice(0, 2).map(([, , amount]) => amount)).toEqual([returned?.amount, 35_00]);
    expect(kinds(page)).not.toContain('unitLateFee');
    // The owner's agreement still holds (an NSF flags nothing): June was debited as usual.
    const agreement = await getAs<PadAgreementView>(
      admin,
      `${api}/units/${unitOf(demoDebits.returned).uuid}/pad-agreement`,
    );
    expect(agreement.flag).toBeNull();
  });

  // A monthly-fee debit takes the month's bill (receivables' `monthlyFeesBilled`), to the cent.
  it('takes each month’s bill by debit, so 101 and 401 owe nothing', async () => {
    for (const number of debitUnits) {
      const page = await account(number);
      const bills = page.lines.filter((l) => l.transaction.kind === 'unitMonthlyFee');
      const orders = (await debits()).filter((o) => o.unitNumber === number);
      expect(orders.map((o) => [o.dueDate, o.amount]).sort(), number).toEqual(
        bills.map((l) => [l.transaction.date, l.amount]),
      );
      expect(page.balance, number).toBe(0);
    }
  });
});

describe('demo payables of « Les Jardins du Parc »', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await signIn(h, 'admin@example.com', demoPassword);
  });
  const invoices = async (status: string) =>
    (await getAs<InvoiceList>(admin, `${base()}/supplier-invoices?status=${status}&pageSize=500`)).items;
  const numbers = (items: { number: string }[]) => items.map((i) => i.number).sort();

  it('has the bills of the months up to today, most paid, this month’s two unpaid, one held by a payment', async () => {
    const all = await invoices('all');
    expect(all.length).toBeGreaterThanOrEqual(15);
    expect(all.length).toBeLessThanOrEqual(25);
    expect(all.every((i) => i.date <= today)).toBe(true);
    expect(numbers(await invoices('unpaid'))).toEqual(['EME-2026-06', 'HQ-2026-06']);
    expect(numbers(await invoices('pending'))).toEqual(['PSL-2364']);
    const paid = await invoices('paid');
    expect(paid.length).toBeGreaterThan(all.length / 2);
    // A taxable bill bears GST and QST; the insurance premium bears neither.
    const cleaning = all.find((i) => i.number === 'EME-2026-01');
    expect(cleaning?.taxes.map((t) => [t.code, t.amount])).toEqual([
      ['GST', 35_00],
      ['QC', 69_83],
    ]);
    expect(all.find((i) => i.number === 'IMM-44718-2026')).toMatchObject({ taxes: [], total: 17_640_00 });
    const [credit, ...others] = await invoices('creditNotes');
    expect(others).toEqual([]);
    expect(credit).toMatchObject({ creditNote: true, unpaid: 0 });
    const leak = all.find((i) => i.number === 'PSL-2318');
    expect(leak?.billedBack).toBeGreaterThan(0);
    expect(leak?.billedBack).toBeLessThan(leak?.total ?? 0);
  });

  it('has posted payments by check (printed), wire and debit, one using the credit note, and one check waiting', async () => {
    const { items } = await getAs<{ items: SupplierPaymentView[] }>(
      admin,
      `${base()}/supplier-payments?pageSize=500`,
    );
    const posted = items.filter((p) => p.status === 'posted');
    expect(new Set(posted.map((p) => p.paymentMethod))).toEqual(
      new Set(['check', 'wire-transfer', 'pre-authorized-debit']),
    );
    for (const p of posted.filter((p) => p.paymentMethod !== 'pre-authorized-debit')) {
      expect(p.approvals.map((a) => a.name).sort(), p.supplierName).toEqual([
        'Paul Approbateur',
        'Victor Approver',
      ]);
    }
    // Printed once approved, from the new check stock's 1001: the numbers follow the dates.
    const checks = posted
      .filter((p) => p.paymentMethod === 'check')
      .sort((a, b) => Number(a.checkNumber) - Number(b.checkNumber));
    expect(checks.every((p) => p.checkPrinted)).toBe(true);
    expect(checks.map((p) => p.checkNumber)).toEqual(checks.map((_, i) => String(1001 + i)));
    expect(checks.map((p) => p.date)).toEqual(checks.map((p) => p.date).sort());
    expect(posted.filter((p) => p.creditNotes.length > 0).map((p) => p.invoices[0]?.number)).toEqual([
      'PSL-2318',
    ]);
    const pending = items.filter((p) => p.status === 'pending');
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      paymentMethod: 'check',
      approvalStatus: 'pending',
      approvalsRequired: 2,
      checkPrinted: false,
      transactionUuid: null,
    });
    expect(pending[0]?.approvals.map((a) => a.name)).toEqual(['Victor Approver']);
  });

  it('shows the dashboard its bills to pay this week, and approver@example.com the check waiting for them', async () => {
    const dashboard = (cookie: string) => getAs<PayablesDashboard>(cookie, `${base()}/payables-dashboard`);
    const mine = await dashboard(admin);
    expect(mine.dueThisWeek.map((i) => [i.number, i.dueDate])).toEqual([
      ['EME-2026-06', '2026-06-15'],
      ['HQ-2026-06', '2026-06-21'],
    ]);
    const approver = await dashboard(await signIn(h, 'approver@example.com', demoPassword));
    expect(approver.waitingForMe.map((p) => p.invoices.map((i) => i.number))).toEqual([['PSL-2364']]);
    const approverWrite = await dashboard(await signIn(h, 'approver-write@example.com', demoPassword));
    expect(approverWrite.waitingForMe).toEqual([]);
    // Only the payment waiting today asked the approvers by mail (approver@example.com, an owner,
    // also had the general meeting notice of demo-communications.ts).
    const mails = await h.platform.db.select({ to: outbox.to, subject: outbox.subject }).from(outbox);
    const asked = mails.filter((m) => m.to.startsWith('approver') && m.subject !== demoMeetingNotice.fr);
    expect(asked.map((m) => m.to).sort()).toEqual(['approver-write@example.com', 'approver@example.com']);
  });

  it('bills back the leak to its unit, which paid it', async () => {
    const units = await listAs<UnitView>(admin, `${base()}/units`);
    const aid = units.find((u) => u.number === demoLeakUnit)?.aid;
    const page = await getAs<AccountPage>(admin, `${base()}/accounts/${aid}/transactions?pageSize=200`);
    expect(page.lines.map((l) => l.transaction.kind)).toContain('unitSupplierBillback');
    expect(page.balance).toBe(0);
  });

  it('posts the two recurring bills up to today, which the daily run finds done', async () => {
    const { bills } = await getAs<{ bills: RecurringBillView[] }>(admin, `${base()}/recurring-bills`);
    // The elevator contract, billed on the 1st; the bank's fee, at each month's end.
    const held = (b: RecurringBillView) => (b.supplierName === null ? 'building' : 'supplier');
    const sorted = [...bills].sort((a, c) => held(a).localeCompare(held(c)));
    expect(sorted.map((b) => [held(b), b.paymentMethod, b.lastPostedMonth])).toEqual([
      ['building', 'pre-authorized-debit', '2026-05-01'],
      ['supplier', 'pre-authorized-debit', '2026-06-01'],
    ]);
    const [jardins] = await h.platform.db
      .select({ id: building.id })
      .from(building)
      .where(eq(building.ref, demoBuildings[0].ref));
    const run = await h.platform.db.transaction((tx) =>
      postRecurringBills(tx, jardins?.id ?? '', today, { kind: 'system', id: 'queue' }),
    );
    expect(run).toEqual({ posted: 0, skipped: [] });
  });

  it('keeps the trial balance balanced', async () => {
    const lines = await getAs<TrialBalanceLine[]>(admin, `${base()}/trial-balance`);
    const sum = (pick: (l: TrialBalanceLine) => number) => lines.reduce((total, l) => total + pick(l), 0);
    expect(sum((l) => l.debits)).toBe(sum((l) => l.credits));
    expect(sum((l) => l.balance)).toBe(0);
  });
});

describe('demo reconciliation of « Les Jardins du Parc »', () => {
  let admin: string;
  let operating: BankView;
  let reconciliation: BankReconciliation;
  const bankBase = () => `/api/buildings/${demoBuildings[0].ref}/banks/${operating.uuid}/reconciliation`;
  beforeAll(async () => {
    admin = await signIn(h, 'admin@example.com', demoPassword);
    const banks = await listAs<BankView>(admin, `${base()}/banks`);
    const found = banks.find((b) => b.name === 'Compte d’exploitation');
    if (!found) throw new Error('no operating account');
    operating = found;
    reconciliation = await getAs<BankReconciliation>(admin, bankBase());
  });

  it('reconciles the operating account month by month up to last month, each at zero, chained', async () => {
    const periods = [...reconciliation.periods].reverse();
    expect(periods.map((p) => [p.periodStart, p.periodEnd])).toEqual([
      ['2026-01-01', '2026-02-01'],
      ['2026-02-01', '2026-03-01'],
      ['2026-03-01', '2026-04-01'],
      ['2026-04-01', '2026-05-01'],
      ['2026-05-01', '2026-06-01'],
    ]);
    expect(periods.every((p) => p.isReconciled && p.difference === 0 && p.changes === null)).toBe(true);
    expect(periods.every((p) => p.reconciledBy === 'Alice Admin' && p.clearedCount > 5)).toBe(true);
    // The bank opened the year empty; each period starts where the previous one closed.
    expect(periods[0]?.startingBalance).toBe(0);
    for (const [i, p] of periods.entries()) {
      if (i > 0) expect(p.startingBalance, p.periodStart).toBe(periods[i - 1]?.closingBalance);
    }
    // This month is left for the user: proposed, not created.
    const last = periods.at(-1);
    expect(reconciliation.next).toEqual({
      periodStart: '2026-06-01',
      periodEnd: '2026-07-01',
      startingBalance: last?.closingBalance,
      startEditable: false,
    });
  });

  it('leaves last month’s two latest checks outstanding, the rest of the bank’s movements ticked', async () => {
    const [last] = reconciliation.periods;
    const detail = await getAs<PeriodDetail>(
      admin,
      `${bankBase()}/periods/${last?.uuid}?show=uncleared&pageSize=500`,
    );
    // The cleaning company's check and the plumber's (demo-payables.ts).
    expect(detail.lines.map((l) => [l.kind, l.date, l.description])).toEqual([
      ['supplierPayment', '2026-05-10', expect.stringContaining('Entretien Ménager Étoile')],
      ['supplierPayment', '2026-05-26', expect.stringContaining('Plomberie Saint-Laurent')],
    ]);
    expect(detail.outstandingCount).toBe(2);
    expect(detail.outstandingCredits).toBe(0);
    // The statement's balance and the checks not cashed yet make the ledger's balance at the month's end.
    const ledger = await getAs<LedgerPage>(
      admin,
      `${base()}/accounts/${operating.aid}/transactions?to=2026-05-31&pageSize=1`,
    );
    expect((last?.closingBalance ?? 0) - detail.outstandingDebits).toBe(ledger.debits - ledger.credits);
    // Before them, every movement is ticked: April left nothing outstanding.
    const april = await getAs<PeriodDetail>(
      admin,
      `${bankBase()}/periods/${reconciliation.periods[1]?.uuid}?show=uncleared&pageSize=500`,
    );
    expect(april.outstandingCount).toBe(0);
  });

  it('writes the periods once: a second run finds them and adds nothing', async () => {
    const [jardins] = await h.platform.db
      .select({ id: building.id })
      .from(building)
      .where(eq(building.ref, demoBuildings[0].ref));
    await seedDemoReconciliation(
      (work) => h.platform.db.transaction(work),
      { buildingId: jardins?.id ?? '', fiscalYear: year },
      today,
      { kind: 'system', id: 'backend' },
      h.platform.clock.now(),
    );
    const again = await getAs<BankReconciliation>(admin, bankBase());
    expect(again.periods).toEqual(reconciliation.periods);
  });

  it('puts the contingency fund’s bank account and categories in the contingency fund', async () => {
    const banks = await listAs<BankView>(admin, `${base()}/banks`);
    expect(Object.fromEntries(banks.map((b) => [b.name, b.fund ?? 'operating']))).toEqual({
      'Compte d’exploitation': 'operating',
      'Compte du fonds de prévoyance': 'contingency',
    });
    const categories = await listAs<CategoryView>(admin, `${base()}/categories`);
    const contingency = categories.filter((c) => c.fund === 'contingency').map((c) => c.systemKey);
    expect(contingency.sort()).toEqual(['contingencyFund', 'contingencyFundContributions']);
  });
});

describe('demo communications and requests of « Les Jardins du Parc »', () => {
  const ref = demoBuildings[0].ref;
  const api = `/api/buildings/${ref}`;
  let admin: string;
  let handler: string;
  beforeAll(async () => {
    admin = await signIn(h, 'admin@example.com', demoPassword);
    handler = await signIn(h, 'handler@example.com', demoPassword);
  });
  const titles = (page: PostPage) => page.items.map((p) => p.titles.fr ?? p.titles.en);

  it('has three posts, two of them mailed in the past weeks and waiting in the outbox, each read by its recipients', async () => {
    const posts = await getAs<PostPage>(admin, `${api}/posts`);
    expect(posts.items.map((p) => [p.date, p.sendEmail, p.recipients, p.attachmentCount])).toEqual([
      ['2026-06-15', false, ['parkings'], 0],
      ['2026-06-11', true, ['floor-3'], 0],
      ['2026-06-02', true, ['all'], 1],
    ]);
    const meeting = posts.items[2];
    expect(meeting?.titles).toEqual(demoMeetingNotice);
    // No SMTP server in the demo: every mail is honestly pending, each in its reader's language.
    const deliveries = await getAs<PostDeliveries>(admin, `${api}/posts/${meeting?.uuid}/deliveries`);
    expect(deliveries.recipients.length).toBeGreaterThan(24);
    expect(deliveries.counts.pending).toBe(deliveries.recipients.length);
    expect(new Set(deliveries.recipients.map((r) => r.language))).toEqual(new Set(['en', 'fr']));
    const post = await getAs<Post>(admin, `${api}/posts/${meeting?.uuid}`);
    const agenda = await h.app.inject({
      method: 'GET',
      url: `${api}/posts/${meeting?.uuid}/attachments/${post.attachments[0]?.fileId}`,
      headers: { cookie: admin },
    });
    expect(agenda.statusCode).toBe(200);
    expect(agenda.rawPayload.subarray(0, 8).toString()).toBe('%PDF-1.4');
    // The resident of 204 is the proxy of 302, on the third floor; the owner of 201 is not.
    const resident = await signIn(h, 'resident@example.com', demoPassword);
    expect(titles(await getAs<PostPage>(resident, `${api}/posts`))).toEqual([
      'Nettoyage du garage',
      'Coupure d’eau au 3e étage',
      demoMeetingNotice.fr,
    ]);
    const owner = await signIn(h, 'owner@example.com', demoPassword);
    expect(titles(await getAs<PostPage>(owner, `${api}/posts`))).toEqual([
      'Nettoyage du garage',
      demoMeetingNotice.fr,
    ]);
    const templates = await getAs<PostTemplate[]>(admin, `${api}/post-templates`);
    expect(templates.map((t) => [t.scope, t.name])).toEqual([
      ['building', 'Travaux'],
      ['group', 'Déneigement'],
    ]);
  });

  it('turns on two reminders, whose run as of today sent what the registry’s dates make due, once', async () => {
    const page = await getAs<{ settings: { enabled: string[]; insuranceDaysBefore: number } }>(
      admin,
      `${api}/automatic-mails`,
    );
    expect(page.settings).toMatchObject({
      enabled: ['insuranceExpiring', 'waterHeaterWarranty'],
      insuranceDaysBefore: 30,
    });
    const history = await getAs<AutomaticMailHistory>(admin, `${api}/automatic-mails/history?pageSize=100`);
    expect(history.total).toBeGreaterThan(0);
    expect(history.items.every((i) => i.sentOn === today)).toBe(true);
    expect(new Set(history.items.map((i) => i.kind))).toEqual(
      new Set(['insuranceExpiring', 'waterHeaterWarranty']),
    );
    const [jardins] = await h.platform.db
      .select({ id: building.id })
      .from(building)
      .where(eq(building.ref, ref));
    const again = await runBuildingAutomaticMails(
      h.platform.db,
      { mailer: h.platform.mailer, publicUrl: h.platform.config.publicUrl },
      jardins?.id ?? '',
      today,
    );
    expect(again).toEqual({ sent: 0 });
  });

  it('has four tags, two email templates and seven requests numbered in the order they came', async () => {
    const { items: tags } = await getAs<RequestTagList>(handler, `${api}/requests/tags`);
    expect(tags.map((t) => [t.name, t.color, t.defaultHandlerName])).toEqual([
      ['Ascenseur', '#f08c00', null],
      ['Bruit', '#e03131', null],
      ['Plomberie', '#1c7ed6', 'Henri Handler'],
      ['Stationnement', '#2f9e44', null],
    ]);
    const { items: templates } = await getAs<RequestEmailTemplateList>(
      handler,
      `${api}/requests/email-templates`,
    );
    expect(templates.map((t) => t.name)).toEqual(['Accusé de réception', 'Rendez-vous plombier']);
    expect(templates[0]?.body).toContain('{{requestNumber}}');

    const list = await getAs<RequestList>(handler, `${api}/requests?pageSize=200`);
    const byNumber = [...list.items].sort((a, b) => a.number - b.number);
    expect(byNumber.map((r) => r.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const created = byNumber.map((r) => r.createdAt);
    expect(created).toEqual([...created].sort());
    expect(created.every((at) => at < '2026-06-15T16:00:00.000Z')).toBe(true);
    expect(byNumber.map((r) => r.status)).toEqual([
      'closed',
      'closed',
      'underway',
      'underway',
      'open',
      'underway',
      'open',
    ]);
    const plumbing = tags.find((t) => t.name === 'Plomberie')?.uuid;
    const faucet = byNumber[6];
    expect(faucet).toMatchObject({ requesterEmail: 'owner@example.com', unitNumber: '201' });
    expect(faucet?.tags).toEqual([plumbing]);
    expect(faucet?.assigneeName).toBe('Henri Handler');
    // The noise complaint's internal note is the handlers', not the resident's.
    const noise = byNumber[2];
    expect(noise).toMatchObject({ requesterEmail: 'resident@example.com', unitNumber: '204' });
    const seen = await getAs<RequestDetail>(handler, `${api}/requests/${noise?.uuid}`);
    expect(seen.notes?.length).toBe(1);
    const resident = await signIn(h, 'resident@example.com', demoPassword);
    expect((await getAs<RequestDetail>(resident, `${api}/requests/${noise?.uuid}`)).notes).toBeNull();
    const owner = await signIn(h, 'owner@example.com', demoPassword);
    const own = await getAs<RequestList>(owner, `${api}/requests`);
    expect(own.items.map((r) => r.number).sort()).toEqual([2, 4, 7]);
  });

  it('threads the owner’s email, the handler’s reply and her answer into one request, and keeps the stranger’s apart', async () => {
    const list = await getAs<RequestList>(handler, `${api}/requests?pageSize=200`);
    const byEmail = list.items.filter((r) => r.fromEmail);
    expect(byEmail.map((r) => [r.number, r.requesterEmail, r.unitNumber])).toEqual([
      [4, 'owner@example.com', '201'],
    ]);
    const thread = await getAs<RequestConversation>(handler, `${api}/requests/${byEmail[0]?.uuid}/emails`);
    expect(thread.items.map((m) => [m.self, m.fromAddress, m.sentStatus, m.read])).toEqual([
      [false, 'owner@example.com', null, true],
      [true, `${ref}@${h.platform.config.mailInDomain}`, 'pending', true],
      [false, 'owner@example.com', null, false],
    ]);
    expect(thread.items[2]?.inReplyTo).toBe(thread.items[1]?.messageId);
    const unknown = await getAs<RequestEmailPage>(handler, `${api}/request-emails?folder=unknown`);
    expect(unknown.items.map((m) => [m.fromAddress, m.read])).toEqual([
      ['soumissions@toitures-express.example.com', false],
    ]);
    // The badge: five requests open or underway, and the stranger's unread email.
    expect(await getAs<RequestCounts>(handler, `${api}/requests/counts`)).toEqual({
      openRequests: 5,
      unreadUnassignedEmails: 1,
    });
  });
});

describe('demo payables on the year’s second day', () => {
  let early: Harness;
  // As npm start does: the local test partner, which the demo's debits are sent to.
  let partner: FakePartner;
  beforeAll(async () => {
    partner = await startFakePartner();
    early = await createHarness({ otonomUrl: partner.url }, new FixedClock('2027-01-02T17:00:00Z'));
    await seedDemo(early.platform, { year: true });
  });
  afterAll(async () => {
    await early.close();
    await partner.close();
  });

  it('sent the debits of January 1st to the partner, which has not answered yet', async () => {
    const admin = await signIn(early, 'admin@example.com', demoPassword);
    const api = `/api/buildings/${demoBuildings[0].ref}/otonom`;
    const get = async <T>(path: string): Promise<T> => {
      const res = await early.app.inject({ method: 'GET', url: `${api}${path}`, headers: { cookie: admin } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as T;
    };
    const { orders } = await get<PadOrderPage>('/orders?pageSize=200');
    expect(orders.map((o) => [o.unitNumber, o.month, o.dueDate, o.status]).sort()).toEqual([
      ['101', '2027-01', '2027-01-01', 'toProcess'],
      ['401', '2027-01', '2027-01-01', 'toProcess'],
    ]);
    // Sent: no money moved yet.
    expect(orders.every((o) => o.transactionUuid === null && o.fileUuid !== null)).toBe(true);
    const overview = await get<PadOverview>('/overview');
    expect(overview.files.map((f) => [f.kind, f.format, f.count, f.delivery, f.sentBy])).toEqual([
      ['units', 'otonom-v202406', 2, 'sent', 'Copro'],
    ]);
    const [file, ...others] = partner.received();
    expect(others).toEqual([]);
    expect(file).toMatchObject({
      otonomId: 'PARC-DEMO',
      clientId: 'demo-client-1',
      apiVersion: 'v202406',
      type: 0,
    });
    expect([...(file?.references ?? [])].sort()).toEqual(orders.map((o) => o.reference).sort());
  });

  it('has only bills of those two days, this month’s still to pay this week, and the check waiting', async () => {
    const url = `/api/buildings/${demoBuildings[0].ref}/fiscal-years/2027-01-01`;
    const get = async <T>(cookie: string, path: string): Promise<T> => {
      const res = await early.app.inject({ method: 'GET', url: `${url}${path}`, headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as T;
    };
    const admin = await signIn(early, 'admin@example.com', demoPassword);
    const { items } = await get<InvoiceList>(admin, '/supplier-invoices?pageSize=500');
    expect(items.length).toBeGreaterThan(0);
    expect(items.filter((i) => i.date < '2027-01-01' || i.date > '2027-01-02')).toEqual([]);
    const dashboard = await get<PayablesDashboard>(admin, '/payables-dashboard');
    expect(dashboard.dueThisWeek.map((i) => i.number)).toEqual(['EME-2027-01', 'HQ-2027-01']);
    const approver = await signIn(early, 'approver@example.com', demoPassword);
    expect((await get<PayablesDashboard>(approver, '/payables-dashboard')).waitingForMe).toHaveLength(1);
    const lines = await get<TrialBalanceLine[]>(admin, '/trial-balance');
    expect(lines.reduce((total, l) => total + l.balance, 0)).toBe(0);
    // No month is over yet: nothing reconciled, January proposed.
    const { items: banks } = await get<{ items: BankView[] }>(admin, '/banks');
    const checking = banks.find((b) => b.bankAccountType === 'checking');
    const res = await early.app.inject({
      method: 'GET',
      url: `/api/buildings/${demoBuildings[0].ref}/banks/${checking?.uuid}/reconciliation`,
      headers: { cookie: admin },
    });
    const reconciliation = res.json() as BankReconciliation;
    expect(reconciliation.periods).toEqual([]);
    expect(reconciliation.next).toMatchObject({ periodStart: '2027-01-01', startEditable: true });
  });
});
