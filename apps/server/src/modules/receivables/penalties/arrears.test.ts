import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { cents, type ArrearsRow, type ReceivablesSummary, type UnitReminderView } from '@copro/domain';
import { arrearsAlert, outbox, recordedCheck, unitReminder } from '../../../db/schema/index';
import {
  as,
  createHarness,
  createUser,
  grantBuildingRole,
  grantGroupRole,
  type Harness,
} from '../../../test/harness';
import { logsOf } from '../../../test/registry-fixtures';
import { listArrears, receivablesSummary } from './arrears';
import { runPenaltiesForAllBuildings } from './penalty-job';
import { penaltyBuilding } from './test-setup';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const publicUrl = 'https://copro.test';
const daily = (today: string) =>
  runPenaltiesForAllBuildings(h.platform.db, { mailer: h.platform.mailer, publicUrl }, today);
const mailsTo = (emails: string[]) =>
  emails.length === 0
    ? Promise.resolve([])
    : h.platform.db.select().from(outbox).where(inArray(outbox.to, emails));
const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`;

describe('arrears: flag and alert', () => {
  it('alerts the alert roles once per unit and episode, each in their language', async () => {
    const s = await penaltyBuilding(h, {
      locale: 'en-CA',
      numberOfMonthsUnitHasUnpaidBalanceBeforeAlert: 2,
      rolesThatReceiveAlerts: ['admin', 'accountant'],
    });
    const accountant = await createUser(h, 'accountant', { locale: 'fr-CA' });
    await grantBuildingRole(h, s.b, accountant, 'accountant');
    const handler = await createUser(h, 'handler');
    await grantBuildingRole(h, s.b, handler, 'handler');
    const groupAccountant = await createUser(h, 'groupAccountant');
    await grantGroupRole(h, s.b, groupAccountant, 'accountant');
    const watchers = [s.admin.email, accountant.email, handler.email, groupAccountant.email];
    const unit = await s.unit();
    await s.fee(unit.aid, '2026-01-01', 30_000);

    await daily('2026-03-15');
    expect(await mailsTo(watchers)).toEqual([]);
    const rows = (await listArrears(h.platform.db, s.scope, '2026-03-15')) as ArrearsRow[];
    expect(rows).toEqual([
      {
        unitUuid: unit.uuid,
        unitNumber: unit.number,
        balance: 30_000,
        months: 2,
        since: '2026-01-01',
        level: 2,
        flagged: false,
        lastReminder: null,
      },
    ]);

    await daily('2026-04-01');
    const mails = await mailsTo(watchers);
    expect(mails.map((m) => m.to).sort()).toEqual(
      [s.admin.email, accountant.email, groupAccountant.email].sort(),
    );
    expect(mails.find((m) => m.to === s.admin.email)?.subject).toBe(
      `Unit ${unit.number} is 3 months in arrears — Building ${s.b.ref}`,
    );
    const french = mails.find((m) => m.to === accountant.email);
    expect(french?.subject).toBe(`L’unité ${unit.number} a 3 mois d’arrérages — Building ${s.b.ref}`);
    expect(french?.text).toContain('300,00\u00a0$');
    expect(french?.text).toContain(`${publicUrl}/building/${s.b.ref}/units/transactions/${unit.uuid}`);
    expect((await listArrears(h.platform.db, s.scope, '2026-04-01'))[0]?.flagged).toBe(true);

    await daily('2026-04-02');
    expect(await mailsTo(watchers)).toHaveLength(3);
    const alerts = await h.platform.db.select().from(arrearsAlert).where(eq(arrearsAlert.buildingId, s.b.id));
    expect(alerts.map((a) => [a.unitUuid, a.since])).toEqual([[unit.uuid, '2026-01-01']]);
    expect((await logsOf(h, s.b)).filter((l) => l.metadata.reason === 'arrearsAlert')).toHaveLength(1);

    // Paid up, then late again: a new episode, a new alert.
    await s.pay(unit.aid, '2026-04-03', 30_000);
    await s.fee(unit.aid, '2026-04-04', 10_000);
    await daily('2026-07-05');
    expect((await mailsTo([s.admin.email])).map((m) => m.subject)).toHaveLength(2);
  });

  it('a building that sends no emails flags the unit but mails no one', async () => {
    const s = await penaltyBuilding(h, {
      sendNoEmails: true,
      numberOfMonthsUnitHasUnpaidBalanceBeforeAlert: 1,
    });
    const unit = await s.unit([{ emails: [email('owner')] }]);
    await s.fee(unit.aid, '2026-01-01', 30_000);
    await daily('2026-04-01');
    expect(await mailsTo([s.admin.email])).toEqual([]);
    expect((await listArrears(h.platform.db, s.scope, '2026-04-01'))[0]?.flagged).toBe(true);
    expect(
      await h.platform.db.select().from(unitReminder).where(eq(unitReminder.buildingId, s.b.id)),
    ).toEqual([]);
  });
});

describe('arrears: reminders', () => {
  it('the first run of a month reminds the owners of units a month or more in arrears, once, in their language', async () => {
    const s = await penaltyBuilding(h, { locale: 'fr-CA', rolesThatReceiveAlerts: [] });
    const english = email('anna');
    const french = email('benoit');
    const unaddressed = email('nobody');
    const owing = await s.unit([{ emails: [english], locale: 'en-CA' }, { emails: [french] }]);
    const recent = await s.unit([{ emails: [unaddressed] }]);
    const paid = await s.unit([{ emails: [unaddressed] }]);
    await s.fee(owing.aid, '2026-01-01', 30_000);
    await s.fee(recent.aid, '2026-02-01', 30_000);
    await s.fee(paid.aid, '2026-01-01', 30_000);
    await s.pay(paid.aid, '2026-01-31', 30_000);

    await daily('2026-02-01');
    const first = await mailsTo([english, french, unaddressed]);
    expect(first.map((m) => [m.to, m.subject])).toEqual(
      expect.arrayContaining([
        [english, `Reminder: balance owing for unit ${owing.number} — Building ${s.b.ref}`],
        [french, `Rappel : solde à payer pour l’unité ${owing.number} — Building ${s.b.ref}`],
      ]),
    );
    expect(first).toHaveLength(2);
    expect(first.find((m) => m.to === english)?.text).toContain('$300.00');
    expect(first.find((m) => m.to === english)?.text).toContain(
      `${publicUrl}/building/${s.b.ref}/units/transactions/${owing.uuid}`,
    );
    expect(first.find((m) => m.to === english)?.html).toContain('<a href="https://copro.test/building/');

    await daily('2026-02-02');
    await daily('2026-02-20');
    expect(await mailsTo([english, french, unaddressed])).toHaveLength(2);

    await daily('2026-03-03');
    const march = (await mailsTo([english])).map((m) => m.subject).sort();
    expect(march).toEqual([
      `Reminder: balance owing for unit ${owing.number} — Building ${s.b.ref}`,
      `Second reminder: overdue balance for unit ${owing.number} — Building ${s.b.ref}`,
    ]);
    // The unit billed on February 1st was a month in arrears on March 1st: its first reminder.
    expect((await mailsTo([unaddressed])).map((m) => m.subject)).toEqual([
      `Rappel : solde à payer pour l’unité ${recent.number} — Building ${s.b.ref}`,
    ]);

    const reminders = (
      await as(h, s.admin).get(`${s.base}/units/${owing.uuid}/reminders`)
    ).json() as UnitReminderView[];
    expect(reminders.map((r) => [r.month, r.level, r.amount, r.automatic, [...r.emails].sort()])).toEqual([
      ['2026-03-01', 2, 30_000, true, [english, french].sort()],
      ['2026-02-01', 1, 30_000, true, [english, french].sort()],
    ]);
    expect((await logsOf(h, s.b)).filter((l) => l.metadata.reason === 'arrearsReminder')).toHaveLength(3);
  });

  it('POST arrears/reminders sends now to the chosen units, or every owing unit, once a month', async () => {
    const s = await penaltyBuilding(h, { locale: 'en-CA', rolesThatReceiveAlerts: [] });
    const a = email('a');
    const c = email('c');
    const unitA = await s.unit([{ emails: [a] }]);
    const unitB = await s.unit([{ emails: [email('b')] }]);
    const unitC = await s.unit([{ emails: [c] }]);
    await s.fee(unitA.aid, '2026-01-01', 30_000);
    await s.fee(unitC.aid, '2026-01-01', 12_345);
    await s.fee(unitB.aid, '2026-01-01', 30_000);
    await s.pay(unitB.aid, '2026-01-02', 30_000);
    const url = `${s.base}/arrears/reminders`;

    const chosen = await as(h, s.admin).post(url, { unitUuids: [unitA.uuid, unitB.uuid] });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ sent: 1 });
    expect((await as(h, s.admin).post(url, { unitUuids: [unitA.uuid] })).json()).toEqual({ sent: 0 });
    expect((await as(h, s.admin).post(url, {})).json()).toEqual({ sent: 1 });
    expect((await mailsTo([a, c])).map((m) => m.to).sort()).toEqual([a, c].sort());
    expect((await mailsTo([c]))[0]?.text).toContain('$123.45');
    expect((await as(h, s.admin).post(url, { unitUuids: [randomUUID()] })).statusCode).toBe(404);

    const rows = (await as(h, s.admin).get(`${s.base}/arrears`)).json() as ArrearsRow[];
    expect(rows.map((r) => r.unitUuid).sort()).toEqual([unitA.uuid, unitC.uuid].sort());
    expect(rows.find((r) => r.unitUuid === unitA.uuid)?.lastReminder).toMatchObject({
      automatic: false,
      sentByName: 'admin',
      amount: 30_000,
      emails: [a],
    });
  });
});

describe('receivables summary', () => {
  it('adds up the positive balances, lists the flagged units and the checks awaiting deposit', async () => {
    const s = await penaltyBuilding(h, { numberOfMonthsUnitHasUnpaidBalanceBeforeAlert: 1 });
    const owing = await s.unit();
    const credit = await s.unit();
    const recent = await s.unit();
    await s.fee(owing.aid, '2026-01-01', 30_000);
    await s.fee(credit.aid, '2026-01-01', 10_000);
    await s.pay(credit.aid, '2026-01-05', 15_000);
    await s.fee(recent.aid, '2026-03-01', 10_000);
    const check = (amount: number, status: 'recorded' | 'deposited') => ({
      buildingId: s.b.id,
      uuid: randomUUID(),
      fiscalYear: '2026-01-01',
      unitUuid: owing.uuid,
      number: String(amount),
      amount: cents(amount),
      date: '2026-03-02',
      status,
      createdBy: { kind: 'system', id: 'backend' } as const,
    });
    await h.platform.db
      .insert(recordedCheck)
      .values([check(1_000, 'recorded'), check(2_500, 'recorded'), check(7_000, 'deposited')]);

    const summary: ReceivablesSummary = await receivablesSummary(h.platform.db, s.scope, '2026-03-15');
    expect(summary).toEqual({
      totalReceivables: 40_000,
      unitsInArrears: [{ uuid: owing.uuid, number: owing.number, balance: 30_000, months: 2 }],
      arrearsThresholdMonths: 1,
      checksAwaitingDeposit: { count: 2, total: 3_500 },
    });
    const res = await as(h, s.admin).get(`${s.base}/receivables/summary`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      totalReceivables: 40_000,
      checksAwaitingDeposit: { count: 2, total: 3_500 },
    });
  });
});
