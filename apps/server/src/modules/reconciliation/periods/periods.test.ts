import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { BankReconciliation, PeriodDetail, ReconciliationPeriod } from '@copro/domain';
import { reconciliationClearing, reconciliationPeriod } from '../../../db/schema/index';
import { createFiscalYear } from '../../ledger';
import type { Account } from '../../payables/test-fixtures';
import { as } from '../../../test/harness';
import { issueKeys } from '../../../test/registry-fixtures';
import {
  logsOf,
  newPeriod,
  ok,
  periodUrl,
  periodsSetup,
  reconciliationUrl,
  refused,
  tick,
  type PeriodsSetup,
} from './test-fixtures';

let s: PeriodsSetup;
beforeAll(async () => {
  s = await periodsSetup();
});
afterAll(async () => s.h.close());

const admin = () => as(s.h, s.admin);
const detail = (bank: Account, period: { uuid: string }, query = '') =>
  ok<PeriodDetail>(admin().get(`${periodUrl(s, bank, period)}${query}`));
const page = (bank: Account) => ok<BankReconciliation>(admin().get(reconciliationUrl(s, bank)));
const uuidsOf = (d: PeriodDetail) => d.lines.map((l) => l.transactionUuid);

describe('chained periods of a bank account', () => {
  let bank: Account;
  const t: Record<string, string> = {};
  let first: ReconciliationPeriod;
  let second: ReconciliationPeriod;

  beforeAll(async () => {
    bank = await s.newBank('Chain');
    t.opening = await s.move(bank, '2026-01-01', 100_000); // dated on the start: in January
    t.check = await s.move(bank, '2026-01-10', -25_000);
    t.deposit = await s.move(bank, '2026-01-20', 5_000);
    t.lateCheck = await s.move(bank, '2026-01-31', -1_000); // not on January's statement
    t.onEnd = await s.move(bank, '2026-02-01', 2_000); // dated on January's end: February's
    t.february = await s.move(bank, '2026-02-15', -3_000);
  });

  it('proposes the first period at the month of the earliest transaction, from the ledger balance before it', async () => {
    expect((await page(bank)).next).toEqual({
      periodStart: '2026-01-01',
      periodEnd: '2026-02-01',
      startingBalance: 0,
      startEditable: true,
    });
    first = await newPeriod(s, bank, { periodEnd: '2026-02-01' });
    expect(first).toMatchObject({
      periodStart: '2026-01-01',
      periodEnd: '2026-02-01',
      fiscalYear: '2026-01-01',
      startingBalance: 0,
      closingBalance: null,
      difference: null,
      isReconciled: false,
      clearedCount: 0,
      changes: null,
      deletable: true,
    });
  });

  it('lists what is dated from the start and before the end, and ticks nothing dated on the end', async () => {
    const d = await detail(bank, first);
    expect(uuidsOf(d)).toEqual([t.opening, t.check, t.deposit, t.lateCheck]);
    expect(d.lines[0]).toMatchObject({
      date: '2026-01-01',
      description: 'Movement 2026-01-01',
      amount: 100_000,
      cleared: false,
      carriedForward: false,
      fiscalYear: '2026-01-01',
      kind: 'accountantWriting',
    });
    expect(d).toMatchObject({
      total: 4,
      outstandingCredits: 105_000,
      outstandingDebits: 26_000,
      outstandingCount: 4,
    });
    await refused(
      admin().put(`${periodUrl(s, bank, first)}/cleared`, { clear: [t.onEnd] }),
      409,
      'transactionNotInPeriod',
    );
  });

  it('sums what is ticked and computes the difference (hand-computed)', async () => {
    const ticked = await tick(s, bank, first, [t.opening!, t.check!, t.deposit!]);
    expect(ticked).toMatchObject({
      clearedCredits: 105_000,
      clearedDebits: 25_000,
      clearedCount: 3,
      difference: null,
    });
    // The statement closes at $810: 0 + 1,050 − 250 − 810 = −10.
    const typed = await ok(admin().put(periodUrl(s, bank, first), { closingBalance: 81_000 }));
    expect(typed.difference).toBe(-1_000);
    const fixed = await ok(admin().put(periodUrl(s, bank, first), { closingBalance: 80_000 }));
    expect(fixed.difference).toBe(0);
    const both = await admin().put(`${periodUrl(s, bank, first)}/cleared`, {
      clear: [t.check],
      unclear: [t.check],
    });
    expect(issueKeys(both)).toEqual(['unclear.0:reconciliation.periods.validation.tickedAndUnticked']);
    const d = await detail(bank, first, '?show=uncleared');
    expect(uuidsOf(d)).toEqual([t.lateCheck]);
    expect(d).toMatchObject({
      total: 1,
      outstandingCredits: 0,
      outstandingDebits: 1_000,
      outstandingCount: 1,
    });
    expect(uuidsOf(await detail(bank, first, '?show=cleared&pageSize=2&page=2'))).toEqual([t.deposit]);
    const logs = await logsOf(s, 'transactionReconciled');
    expect(logs).toHaveLength(1);
    expect(logs[0]?.metadata).toMatchObject({
      periodUuid: first.uuid,
      cleared: [t.opening, t.check, t.deposit],
    });
    expect(logs[0]?.message).toBe(
      'Bank account Chain, period 2026-01-01 to 2026-02-01: 3 transactions ticked, 0 unticked',
    );
  });

  it('starts the second period at the first one’s end, with its closing balance', async () => {
    expect((await page(bank)).next).toEqual({
      periodStart: '2026-02-01',
      periodEnd: '2026-03-01',
      startingBalance: 80_000,
      startEditable: false,
    });
    const moved = await admin().post(`${reconciliationUrl(s, bank)}/periods`, {
      periodStart: '2026-01-15',
      periodEnd: '2026-03-01',
      startingBalance: 12_345,
    });
    expect(moved.statusCode).toBe(400);
    expect(issueKeys(moved)).toEqual([
      'periodStart:reconciliation.periods.validation.startFixed',
      'startingBalance:reconciliation.periods.validation.startingBalanceFixed',
    ]);
    second = await newPeriod(s, bank, { periodEnd: '2026-03-01', closingBalance: 78_000 });
    expect(second).toMatchObject({ periodStart: '2026-02-01', startingBalance: 80_000, deletable: true });
    expect((await page(bank)).periods.map((p) => [p.uuid, p.deletable])).toEqual([
      [second.uuid, true],
      [first.uuid, false],
    ]);
  });

  it('carries the outstanding check forward, and cannot reconcile before the previous period', async () => {
    const d = await detail(bank, second);
    expect(d.lines.map((l) => [l.transactionUuid, l.carriedForward])).toEqual([
      [t.lateCheck, true],
      [t.onEnd, false],
      [t.february, false],
    ]);
    expect(d).toMatchObject({ outstandingCredits: 2_000, outstandingDebits: 4_000, outstandingCount: 3 });
    // Ticked in January: not February's to tick.
    await refused(
      admin().put(`${periodUrl(s, bank, second)}/cleared`, { clear: [t.check] }),
      409,
      'transactionNotInPeriod',
    );
    const ticked = await tick(s, bank, second, [t.lateCheck!, t.onEnd!, t.february!]);
    // 800 + 20 − 40 − 780 = 0, but January is not reconciled yet.
    expect(ticked.difference).toBe(0);
    await refused(
      admin().post(`${periodUrl(s, bank, second)}/reconcile`),
      409,
      'previousPeriodNotReconciled',
    );
  });

  it('reconciles at exactly zero, and a reconciled period refuses edits and ticks', async () => {
    await ok(admin().put(periodUrl(s, bank, first), { closingBalance: 80_001 }));
    await refused(admin().post(`${periodUrl(s, bank, first)}/reconcile`), 409, 'reconciliationNotBalanced');
    await ok(admin().put(periodUrl(s, bank, first), { closingBalance: 80_000 }));
    const reconciled = await ok(admin().post(`${periodUrl(s, bank, first)}/reconcile`));
    expect(reconciled).toMatchObject({
      isReconciled: true,
      reconciledBy: 'admin',
      changes: null,
      deletable: false,
    });
    expect(reconciled.reconciledAt).not.toBeNull();
    await refused(admin().put(periodUrl(s, bank, first), { closingBalance: 1 }), 409, 'periodReconciled');
    await refused(
      admin().put(`${periodUrl(s, bank, first)}/cleared`, { unclear: [t.check] }),
      409,
      'periodReconciled',
    );
    await tick(s, bank, second, [], [t.onEnd!]);
    await refused(admin().post(`${periodUrl(s, bank, second)}/reconcile`), 409, 'reconciliationNotBalanced');
    await tick(s, bank, second, [t.onEnd!]);
    expect(await ok(admin().post(`${periodUrl(s, bank, second)}/reconcile`))).toMatchObject({
      isReconciled: true,
      difference: 0,
    });
    const logs = await logsOf(s, 'bankReconciliationModified');
    expect(logs.filter((l) => (l.metadata as { action?: string }).action === 'reconciled')).toHaveLength(2);
  });

  it('deletes only the latest period, open, with its ticks', async () => {
    const march = await s.move(bank, '2026-03-05', 700);
    const third = await newPeriod(s, bank, { periodEnd: '2026-04-01' });
    expect(third.startingBalance).toBe(78_000);
    await tick(s, bank, third, [march]);
    await refused(admin().delete(periodUrl(s, bank, second)), 409, 'periodNotLatest');
    const res = await admin().delete(periodUrl(s, bank, third));
    expect(res.statusCode, res.body).toBe(204);
    const left = await s.h.platform.db
      .select()
      .from(reconciliationClearing)
      .where(
        and(eq(reconciliationClearing.buildingId, s.b.id), eq(reconciliationClearing.periodUuid, third.uuid)),
      );
    expect(left).toEqual([]);
    expect((await page(bank)).periods.map((p) => p.uuid)).toEqual([second.uuid, first.uuid]);
    expect((await logsOf(s, 'periodDeleted')).map((l) => l.metadata)).toEqual([
      expect.objectContaining({ periodUuid: third.uuid, uncleared: 1 }),
    ]);
    // February is reconciled: reopened before it can go.
    await refused(admin().delete(periodUrl(s, bank, second)), 409, 'periodReconciled');
  });
});

describe('periods across a year end', () => {
  it('sees both years’ transactions, takes the ledger balance before a typed start, and moves the next start with an end', async () => {
    const bank = await s.newBank('Year end');
    const november = await s.move(bank, '2026-11-05', 10_000);
    const december = await s.move(bank, '2026-12-10', 500);
    await s.h.platform.db.transaction((tx) =>
      createFiscalYear(tx, s.b.id, '2027-01-01', { kind: 'system', id: 'backend' }),
    );
    const january = await s.move(bank, '2027-01-05', -200, 'Janvier', '2027-01-01');
    const first = await newPeriod(s, bank, { periodStart: '2026-12-01', periodEnd: '2027-01-15' });
    // What the bank held before December 1st: November's deposit, still outstanding.
    expect(first).toMatchObject({ startingBalance: 10_000, fiscalYear: '2026-01-01' });
    const d = await detail(bank, first);
    expect(d.lines.map((l) => [l.transactionUuid, l.fiscalYear, l.carriedForward])).toEqual([
      [november, '2026-01-01', true],
      [december, '2026-01-01', false],
      [january, '2027-01-01', false],
    ]);
    await tick(s, bank, first, [december, january]);
    const second = await newPeriod(s, bank, { periodEnd: '2027-02-15' });
    // No closing balance typed yet: it starts at what January's statement should close at.
    expect(second).toMatchObject({
      periodStart: '2027-01-15',
      fiscalYear: '2027-01-01',
      startingBalance: 10_300,
    });
    const edit = (body: object) => admin().put(periodUrl(s, bank, first), body);
    const early = await edit({ periodEnd: '2027-01-05' });
    expect(issueKeys(early)).toEqual(['periodEnd:reconciliation.periods.validation.tickedOnOrAfterEnd']);
    const late = await edit({ periodEnd: '2027-02-15' });
    expect(issueKeys(late)).toEqual(['periodEnd:reconciliation.periods.validation.nextPeriodEmpty']);
    const tooEarly = await edit({ periodEnd: '2026-12-01' });
    expect(issueKeys(tooEarly)).toEqual(['periodEnd:reconciliation.periods.validation.endNotAfterStart']);
    expect(await ok(edit({ periodEnd: '2027-01-06', closingBalance: 10_250 }))).toMatchObject({
      periodEnd: '2027-01-06',
      difference: 50,
    });
    const moved = (await page(bank)).periods[0];
    expect(moved).toMatchObject({ uuid: second.uuid, periodStart: '2027-01-06', startingBalance: 10_250 });
    // Unticking in the first period changes nothing for the second: it starts at the typed closing balance.
    await tick(s, bank, first, [], [january]);
    const [row] = await s.h.platform.db
      .select()
      .from(reconciliationPeriod)
      .where(and(eq(reconciliationPeriod.buildingId, s.b.id), eq(reconciliationPeriod.uuid, second.uuid)));
    expect(row?.startingBalance).toBe(10_250);
  });
});
