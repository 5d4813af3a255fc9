import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundOf, type Fund } from '@copro/domain';
import { as, createHarness, type Harness } from '../../../test/harness';
import { moneyInSetup, type MoneyInSetup } from '../../receivables/test-fixtures';
import { createFiscalYear } from './rollover';

/** DOMAIN 2: the new year's opening balances always equal the previous year's closing balances. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const system = { kind: 'system', id: 'backend' } as const;
const oldYear = '2026-01-01';
const newYear = '2026-06-01';
const yearBase = (s: MoneyInSetup, year: string) => `/api/buildings/${s.b.ref}/fiscal-years/${year}`;

interface Account {
  aid: number;
  parent: string;
  fund?: string;
  systemKey: string | null;
}

async function trialBalance(s: MoneyInSetup, year: string): Promise<Map<number, number>> {
  const rows = (await as(h, s.admin).get(`${yearBase(s, year)}/trial-balance`)).json() as {
    aid: number;
    balance: number;
  }[];
  return new Map(rows.map((r) => [r.aid, r.balance]));
}

/** Each fund's capital account in the default chart (DOMAIN 12): where its revenues and expenses close. */
const fundCapital: Record<Fund, string> = {
  operating: 'accumulatedSurplus',
  contingency: 'contingencyFund',
  selfInsurance: 'selfInsuranceFund',
};

async function categoriesOf(s: MoneyInSetup, year = oldYear): Promise<Account[]> {
  return (await as(h, s.admin).get(`${yearBase(s, year)}/categories`)).json().items as Account[];
}

const bySystemKey = (categories: Account[], key: string): number => {
  const aid = categories.find((c) => c.systemKey === key)?.aid;
  if (!aid) throw new Error(`no ${key}`);
  return aid;
};

/**
 * Checks that the new year, with nothing posted in it, opens with the old year's closing balances:
 * each revenue and expense closed into its fund's capital account.
 */
async function expectOpeningEqualsClosing(s: MoneyInSetup, from = oldYear, to = newYear): Promise<void> {
  const categories = await categoriesOf(s);
  const closesInto = new Map(
    categories
      .filter((c) => ['revenues', 'expenses'].includes(c.parent))
      .map((c) => [c.aid, bySystemKey(categories, fundCapital[fundOf(c)])]),
  );
  const closing = await trialBalance(s, from);
  const opening = await trialBalance(s, to);
  const expected = new Map<number, number>();
  for (const [aid, balance] of closing) {
    const to = closesInto.get(aid) ?? aid;
    expected.set(to, (expected.get(to) ?? 0) + balance);
  }
  const nonZero = (m: Map<number, number>) => [...m].filter(([, v]) => v !== 0).sort(([a], [b]) => a - b);
  expect(nonZero(opening)).toEqual(nonZero(expected));
}

const writing = (s: MoneyInSetup, date: string, lines: [number, number][]) =>
  as(h, s.admin).post(`${yearBase(s, oldYear)}/transactions`, {
    date,
    description: 'Late writing',
    kind: 'accountantWriting',
    taxes: [],
    indexes: [],
    subtransactions: lines.map(([aid, amount]) => ({ aid, amount })),
  });

describe('opening balances follow the previous year', () => {
  it('after a late writing, a cancellation and a deposit in the old year, and across two later years', async () => {
    const s = await moneyInSetup(h);
    const unit = s.units[0];
    if (!unit) throw new Error('no unit');
    const fee = await writing(s, '2026-02-01', [
      [unit.aid, 40_000],
      [s.revenue.aid, -40_000],
    ]);
    expect(fee.statusCode, fee.body).toBe(201);
    // The contingency fund's contribution, and an expense of that fund (DOMAIN 12).
    const roof = await as(h, s.admin).post(`${yearBase(s, oldYear)}/categories`, {
      name: 'Roof study',
      parent: 'expenses',
      fund: 'contingency',
    });
    expect(roof.statusCode, roof.body).toBe(201);
    const categories = await categoriesOf(s);
    const contribution = bySystemKey(categories, 'contingencyFundContributions');
    const contingency = bySystemKey(categories, 'contingencyFund');
    const surplus = bySystemKey(categories, 'accumulatedSurplus');
    expect(
      (
        await writing(s, '2026-02-01', [
          [s.units[1]?.aid ?? 0, 3_000],
          [contribution, -3_000],
        ])
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await writing(s, '2026-03-01', [
          [roof.json().aid, 800],
          [s.bank.aid, -800],
        ])
      ).statusCode,
    ).toBe(201);
    await h.platform.db.transaction((tx) => createFiscalYear(tx, s.b.id, newYear, system));
    await expectOpeningEqualsClosing(s);
    // The fund keeps its 30.00 less 8.00; the operating fund's surplus is the condo fee alone.
    expect((await trialBalance(s, newYear)).get(contingency)).toBe(-2_200);
    expect((await trialBalance(s, newYear)).get(surplus)).toBe(-40_000);

    // A late expense of the fund, dated in the old year after the rollover, reaches the fund's capital.
    expect(
      (
        await writing(s, '2026-05-25', [
          [roof.json().aid, 500],
          [s.bank.aid, -500],
        ])
      ).statusCode,
    ).toBe(201);
    await expectOpeningEqualsClosing(s);
    expect((await trialBalance(s, newYear)).get(contingency)).toBe(-1_700);
    expect((await trialBalance(s, newYear)).get(surplus)).toBe(-40_000);

    // A late writing dated in the old year, after the rollover.
    const late = await writing(s, '2026-05-20', [
      [s.bank.aid, -12_345],
      [s.revenue.aid, 12_345],
    ]);
    expect(late.statusCode, late.body).toBe(201);
    await expectOpeningEqualsClosing(s);

    // Its cancellation.
    const cancel = await as(h, s.admin).post(
      `${yearBase(s, oldYear)}/transactions/${late.json().uuid}/cancel`,
      {
        reason: 'Wrong year',
      },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    await expectOpeningEqualsClosing(s);

    // A check recorded and deposited in the old year: the bank and the unit move.
    const check = await as(h, s.admin).post(`${yearBase(s, oldYear)}/checks`, {
      unitUuid: unit.uuid,
      number: '77',
      amount: 25_000,
      date: '2026-05-01',
    });
    expect(check.statusCode, check.body).toBe(201);
    const deposit = await as(h, s.admin).post(`${yearBase(s, oldYear)}/deposits`, {
      description: 'May deposit',
      date: '2026-05-02',
      bankUuid: s.bank.uuid,
      checkUuids: [check.json().uuid],
      newChecks: [],
      cash: [],
    });
    expect(deposit.statusCode, deposit.body).toBe(201);
    await expectOpeningEqualsClosing(s);
    expect((await trialBalance(s, newYear)).get(unit.aid)).toBe(15_000);

    // The year's opening itself is derived: it cannot be cancelled.
    const openingRow = (
      (await as(h, s.admin).get(`${yearBase(s, newYear)}/accounts/${unit.aid}/transactions`)).json() as {
        lines: { transaction: { uuid: string } }[];
      }
    ).lines[0]?.transaction;
    const refused = await as(h, s.admin).post(
      `${yearBase(s, newYear)}/transactions/${openingRow?.uuid}/cancel`,
      { reason: 'No' },
    );
    expect(refused.json().issues?.[0]?.key).toBe('ledger.openingNotCancellable');

    // A third year: a late writing in the first reaches both later openings.
    const third = '2026-09-01';
    await h.platform.db.transaction((tx) => createFiscalYear(tx, s.b.id, third, system));
    expect(
      (
        await writing(s, '2026-03-03', [
          [unit.aid, 1_111],
          [s.revenue.aid, -1_111],
        ])
      ).statusCode,
    ).toBe(201);
    await expectOpeningEqualsClosing(s, oldYear, newYear);
    await expectOpeningEqualsClosing(s, newYear, third);
    expect((await trialBalance(s, third)).get(unit.aid)).toBe(16_111);
  });

  it('an old year that closed at zero gets an opening when something is posted in it late', async () => {
    const s = await moneyInSetup(h);
    await h.platform.db.transaction((tx) => createFiscalYear(tx, s.b.id, newYear, system));
    expect((await trialBalance(s, newYear)).size).toBe(0);
    const unit = s.units[1];
    if (!unit) throw new Error('no unit');
    expect(
      (
        await writing(s, '2026-04-01', [
          [unit.aid, 9_900],
          [s.revenue.aid, -9_900],
        ])
      ).statusCode,
    ).toBe(201);
    await expectOpeningEqualsClosing(s);
    expect((await trialBalance(s, newYear)).get(unit.aid)).toBe(9_900);
  });
});
