import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ledgerTransaction } from '../../../db/schema/index';
import { as, createHarness, type Harness } from '../../../test/harness';
import { billYear } from '../budget/billing';
import { createFiscalYear } from '../../ledger';
import { postTransaction } from '../../ledger';
import { chargePenalties } from './penalty-run';
import { withPenalties, type PenaltyBuilding } from './test-setup';
import { cents } from '@copro/domain';

/**
 * DOMAIN 5: the result never depends on how often or how late the check runs; a charge billed
 * late is due from its bill; penalties stay penalties across a year end.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const system = { kind: 'system', id: 'queue' } as const;

const charge = (s: PenaltyBuilding, today: string, fiscalYear = s.scope.fiscalYear) =>
  h.platform.db.transaction((tx) => chargePenalties(tx, { buildingId: s.b.id, fiscalYear }, today, system));

/** The unit's penalty charges: kind, date, amount (and the principal interest was computed on). */
const penaltiesOf = async (s: PenaltyBuilding, fiscalYear = s.scope.fiscalYear) =>
  (
    await h.platform.db
      .select()
      .from(ledgerTransaction)
      .where(and(eq(ledgerTransaction.buildingId, s.b.id), eq(ledgerTransaction.fiscalYear, fiscalYear)))
  )
    .filter((t) => t.kind === 'unitLateFee' || t.kind === 'unitInterestFee')
    .map((t) => [t.kind, t.date, t.details.month, t.details.principal] as const)
    .sort();

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('one penalty run equals several', () => {
  /** January paid late, February under the minimum alone: January's late fee takes it over. */
  async function scenario(): Promise<PenaltyBuilding> {
    const s = await withPenalties(h, { minimumUnitBalanceBeforeChargingPenalties: cents(29_000) });
    const unit = await s.unit();
    await s.fee(unit.aid, '2026-01-01', 30_000);
    await s.pay(unit.aid, '2026-01-20', 30_000);
    await s.fee(unit.aid, '2026-02-01', 28_000);
    return s;
  }

  it('one late run charges what daily runs charge, and a second run the same day charges nothing', async () => {
    const once = await scenario();
    const first = await charge(once, '2026-03-20');
    expect(await charge(once, '2026-03-20')).toBe(0);
    const daily = await scenario();
    let total = 0;
    for (let d = '2026-01-02'; d <= '2026-03-20'; d = addDays(d, 1)) total += await charge(daily, d);
    expect(first).toBe(total);
    expect(await penaltiesOf(once)).toEqual(await penaltiesOf(daily));
    // January's fee and interest, and February's (30,500 owed with January's fee: above 29,000).
    expect((await penaltiesOf(once)).map(([kind, date]) => [kind, date])).toEqual([
      ['unitInterestFee', '2026-01-12'],
      ['unitInterestFee', '2026-02-12'],
      ['unitLateFee', '2026-01-12'],
      ['unitLateFee', '2026-02-12'],
    ]);
  });
});

describe('a fee billed late', () => {
  it('a retroactive budget creates no backdated late fee: its fees are due from the day they were billed', async () => {
    const s = await withPenalties(h);
    await s.unit();
    const base = s.base;
    const categories = (
      (await as(h, s.admin).get(`${base}/categories`)).json().items as { uuid: string; systemKey: string }[]
    ).reduce((m, c) => m.set(c.systemKey, c.uuid), new Map<string, string>());
    const draft = await as(h, s.admin).post(`${base}/budgets`, {
      contributions: [
        {
          name: 'Condo fees',
          amount: 360_000,
          category: categories.get('condoFees'),
          appliesTo: 'all:units',
        },
      ],
      budgetedAmounts: {},
      budgetedComments: {},
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const applied = await as(h, s.admin).post(`${base}/budgets/${draft.json().uuid}/apply`, {
      applicationDate: '2026-01-01',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    // Applied on May 20th: January to May are billed that day.
    expect(await h.platform.db.transaction((tx) => billYear(tx, s.scope, '2026-05-20', 'en-CA'))).toBe(5);

    expect(await charge(s, '2026-05-30')).toBe(0);
    expect(await charge(s, '2026-05-31')).toBe(2);
    // One late fee and one interest charge, for the bill of May 20th, due May 30th: nothing backdated.
    expect(await penaltiesOf(s)).toEqual([
      ['unitInterestFee', '2026-05-31', '2026-05-01', 150_000],
      ['unitLateFee', '2026-05-31', '2026-05-01', 150_000],
    ]);
  });
});

describe('penalties across a year end', () => {
  it('the new year opens with the unpaid penalties apart and charges no interest on them', async () => {
    const s = await withPenalties(h);
    const unit = await s.unit();
    await s.fee(unit.aid, '2026-01-01', 30_000);
    expect(await charge(s, '2026-01-12')).toBe(2); // $25 late fee and $3 interest
    await s.pay(unit.aid, '2026-01-20', 30_000); // the principal is paid; the penalties are not
    await h.platform.db.transaction((tx) => createFiscalYear(tx, s.b.id, '2026-03-01', system));

    const next = { buildingId: s.b.id, fiscalYear: '2026-03-01' };
    const opening = (
      await h.platform.db
        .select()
        .from(ledgerTransaction)
        .where(
          and(eq(ledgerTransaction.buildingId, s.b.id), eq(ledgerTransaction.fiscalYear, next.fiscalYear)),
        )
    ).find((t) => t.details.opening === true);
    expect(opening?.details.openingPenalties).toEqual({ [String(unit.aid)]: 2_800 });

    // Only penalties owed: no late fee, no interest in the new year.
    await h.platform.db.transaction(async (tx) => {
      await postTransaction(tx, next, system, {
        date: '2026-03-01',
        description: 'fee',
        kind: 'unitMonthlyFee',
        taxes: [],
        indexes: [],
        subtransactions: [
          { aid: unit.aid, amount: cents(30_000) },
          { aid: s.category('condoFees').aid, amount: cents(-30_000) },
        ],
      });
    });
    expect(await charge(s, '2026-03-12', next.fiscalYear)).toBe(2);
    // Interest on March's 300.00 alone, not on the 28.00 of penalties carried over.
    expect(await penaltiesOf(s, next.fiscalYear)).toEqual([
      ['unitInterestFee', '2026-03-12', '2026-03-01', 30_000],
      ['unitLateFee', '2026-03-12', '2026-03-01', 30_000],
    ]);
  });
});
