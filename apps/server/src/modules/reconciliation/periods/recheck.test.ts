import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankReconciliation, ReconciliationPeriod } from '@copro/domain';
import type { Account } from '../../payables/test-fixtures';
import { as } from '../../../test/harness';
import {
  logsOf,
  newPeriod,
  ok,
  periodUrl,
  periodsSetup,
  reconciliationUrl,
  tick,
  type PeriodsSetup,
} from './test-fixtures';

let s: PeriodsSetup;
beforeAll(async () => {
  s = await periodsSetup();
});
afterAll(async () => s.h.close());

const admin = () => as(s.h, s.admin);
const page = (bank: Account) => ok<BankReconciliation>(admin().get(reconciliationUrl(s, bank)));
const periodOf = async (bank: Account, period: { uuid: string }): Promise<ReconciliationPeriod> => {
  const found = (await page(bank)).periods.find((p) => p.uuid === period.uuid);
  if (!found) throw new Error('no such period');
  return found;
};
const reconcile = (bank: Account, period: { uuid: string }) =>
  ok(admin().post(`${periodUrl(s, bank, period)}/reconcile`));

/**
 * January: $100 in (5th), a $20 check (20th), closing $80. February: $5 in (3rd), closing $85.
 * Both reconciled.
 */
async function twoReconciledMonths(name: string) {
  const bank = await s.newBank(name);
  const deposit = await s.move(bank, '2026-01-05', 10_000, 'January deposit');
  const check = await s.move(bank, '2026-01-20', -2_000, 'Check 101');
  const february = await s.move(bank, '2026-02-03', 500, 'February deposit');
  const january = await newPeriod(s, bank, {
    periodStart: '2026-01-01',
    periodEnd: '2026-02-01',
    startingBalance: 0,
  });
  await tick(s, bank, january, [deposit, check]);
  await ok(admin().put(periodUrl(s, bank, january), { closingBalance: 8_000 }));
  const feb = await newPeriod(s, bank, { periodEnd: '2026-03-01', closingBalance: 8_500 });
  await tick(s, bank, feb, [february]);
  await reconcile(bank, january);
  await reconcile(bank, feb);
  return { bank, january, february: feb, t: { deposit, check, february } };
}

describe('re-checking later periods after a correction', () => {
  it('reopens every later period, which then shows exactly what the correction changed', async () => {
    const { bank, january, february, t } = await twoReconciledMonths('Correction');
    const reopened = await ok(admin().post(`${periodUrl(s, bank, january)}/reopen`));
    expect(reopened).toMatchObject({
      isReconciled: false,
      reconciledAt: null,
      reconciledBy: null,
      changes: null,
    });
    // Nothing changed yet under February, but it is open again and says so.
    expect(await periodOf(bank, february)).toMatchObject({ isReconciled: false, changes: [] });
    const [log] = (await logsOf(s, 'bankReconciliationModified')).filter(
      (l) => (l.metadata as { action?: string }).action === 'reopened',
    );
    expect(log?.metadata).toMatchObject({ reopened: [january.uuid, february.uuid] });

    // The check really cleared in February: January's statement closed at $100.
    await tick(s, bank, january, [], [t.check]);
    expect(await ok(admin().put(periodUrl(s, bank, january), { closingBalance: 10_000 }))).toMatchObject({
      difference: 0,
    });
    expect((await periodOf(bank, february)).changes).toEqual([
      { kind: 'startingBalance', before: 8_000, after: 10_000 },
      // 100 + 5 − 85
      { kind: 'difference', before: 0, after: 2_000 },
    ]);
    const moved = await tick(s, bank, february, [t.check]);
    expect(moved).toMatchObject({ startingBalance: 10_000, difference: 0 });
    expect(moved.changes).toEqual([
      { kind: 'startingBalance', before: 8_000, after: 10_000 },
      {
        kind: 'cleared',
        transactionUuid: t.check,
        date: '2026-01-20',
        description: 'Check 101',
        amount: -2_000,
      },
    ]);
    await reconcile(bank, january);
    expect(await reconcile(bank, february)).toMatchObject({
      isReconciled: true,
      changes: null,
      difference: 0,
    });
  });

  it('shows a ticked transaction cancelled since as a change of the reconciled period, never a silent zero', async () => {
    const { bank, january, february, t } = await twoReconciledMonths('Cancelled');
    await s.cancel(t.february);
    const changed = await periodOf(bank, february);
    expect(changed).toMatchObject({
      isReconciled: true,
      clearedCredits: 0,
      clearedCount: 0,
      difference: -500,
    });
    expect(changed.changes).toEqual([
      {
        kind: 'cancelled',
        transactionUuid: t.february,
        date: '2026-02-03',
        description: 'February deposit',
        amount: 500,
      },
      { kind: 'difference', before: 0, after: -500 },
    ]);
    expect((await periodOf(bank, january)).changes).toBeNull();
    // The same on the period's own page, which no longer lists it.
    const detail = await ok<{ period: ReconciliationPeriod; lines: unknown[] }>(
      admin().get(periodUrl(s, bank, february)),
    );
    expect(detail.period.changes).toEqual(changed.changes);
    expect(detail.lines).toEqual([]);
  });

  it('names a transaction unticked, or ticked since in another period', async () => {
    const { bank, january, february, t } = await twoReconciledMonths('Elsewhere');
    await ok(admin().post(`${periodUrl(s, bank, january)}/reopen`));
    // Moved to February and back: nothing changed for February.
    await tick(s, bank, january, [], [t.check]);
    await tick(s, bank, february, [t.check]);
    await tick(s, bank, february, [], [t.check]);
    await tick(s, bank, january, [t.check]);
    expect((await periodOf(bank, february)).changes).toEqual([]);
    // February's deposit really cleared in March.
    await tick(s, bank, february, [], [t.february]);
    expect((await periodOf(bank, february)).changes).toEqual([
      {
        kind: 'uncleared',
        transactionUuid: t.february,
        date: '2026-02-03',
        description: 'February deposit',
        amount: 500,
      },
      // 80 − 85
      { kind: 'difference', before: 0, after: -500 },
    ]);
    const march = await newPeriod(s, bank, { periodEnd: '2026-04-01', closingBalance: 8_500 });
    expect(march.startingBalance).toBe(8_500);
    await tick(s, bank, march, [t.february]);
    expect((await periodOf(bank, february)).changes).toEqual([
      {
        kind: 'clearedElsewhere',
        transactionUuid: t.february,
        date: '2026-02-03',
        description: 'February deposit',
        amount: 500,
      },
      { kind: 'difference', before: 0, after: -500 },
    ]);
  });
});
