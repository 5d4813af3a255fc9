import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { cents, monthOf, type TransactionInput } from '@copro/domain';
import { rowsOf } from '../../db/client';
import { createBuildingFixture, createHarness, type BuildingFixture, type Harness } from '../../test/harness';
import { cancelTransaction, postTransactions } from './ledger';
import { ledgerAccountsOfKind } from './ledger-accounts';
import { accountLines, cashCounterparts, periodBalances } from './period-balances';
import { ledgerAccounts } from './queries';

/**
 * Issue 16: what the financial statements read from the ledger equals what every line of the
 * year says, for any period and cash: each account's opening and monthly movements
 * (`periodBalances`, months cut at both ends), and the cash flow's counterparts
 * (`cashCounterparts`: a transaction with several cash lines counted once, cancelled ones nowhere,
 * a bank outside the cash a counterpart like any other account), and an account's first lines
 * (`accountLines`, which reads only the months that hold them).
 */
let h: Harness;
let b: BuildingFixture;
/** Two bank accounts first, then three others. */
let accounts: number[];
const system = { kind: 'system', id: 'backend' } as const;
const year = '2026-01-01';

beforeAll(async () => {
  h = await createHarness();
  b = await createBuildingFixture(h, {}, { chart: true });
  const banks = (await ledgerAccountsOfKind(h.platform.db, b.id, 'bank')).map((a) => a.aid);
  const others = (await ledgerAccounts(h.platform.db, { buildingId: b.id, fiscalYear: year }))
    .map((a) => a.aid)
    .filter((aid) => !banks.includes(aid));
  accounts = [...banks.slice(0, 2), ...others.slice(0, 3)];
  expect(accounts).toHaveLength(5);
});
afterAll(async () => h.close());

// Three months, so a period cuts a month at either end or both, or lies inside one.
const dayArb = fc
  .record({ month: fc.integer({ min: 1, max: 3 }), day: fc.integer({ min: 1, max: 28 }) })
  .map(({ month, day }) => `2026-0${month}-${String(day).padStart(2, '0')}`);

const entryArb = fc
  .record({
    lines: fc.array(fc.record({ account: fc.nat(4), amount: fc.integer({ min: -90_000, max: 90_000 }) }), {
      minLength: 1,
      maxLength: 3,
    }),
    closing: fc.nat(4),
    date: dayArb,
    cancel: fc.boolean(),
  })
  .map(({ lines, closing, date, cancel }) => ({
    date,
    lines: [...lines, { account: closing, amount: -lines.reduce((s, l) => s + l.amount, 0) }],
    cancel,
  }))
  .filter(({ lines }) => lines.some((l) => l.amount !== 0));

const input = (e: { date: string; lines: { account: number; amount: number }[] }): TransactionInput => ({
  date: e.date,
  description: 'Property',
  kind: 'accountantWriting',
  taxes: [],
  indexes: [],
  subtransactions: e.lines.map((l) => ({ aid: accounts[l.account] ?? 0, amount: cents(l.amount) })),
});

interface Line {
  uuid: string;
  date: string;
  aid: number;
  amount: number;
}

/** Every counted line of the year (not cancelled), as the reference reads them. */
async function countedLines(): Promise<Line[]> {
  const rows = await rowsOf<{ uuid: string; date: string; aid: number; amount: string }>(
    h.platform.db,
    sql`select t.uuid, t.date::text as date, s.aid, s.amount from subtransactions s
      join transactions t on t.building_id = s.building_id and t.uuid = s.transaction_uuid
      where s.building_id = ${b.id} and t.fiscal_year = ${year} and t.status <> 'cancelled'`,
  );
  return rows.map((r) => ({ uuid: r.uuid, date: r.date, aid: Number(r.aid), amount: Number(r.amount) }));
}

const add = <K>(map: Map<K, number[]>, key: K, values: number[]) => {
  const sums = map.get(key) ?? values.map(() => 0);
  map.set(
    key,
    sums.map((s, i) => s + (values[i] ?? 0)),
  );
};

describe('period balances', () => {
  it('equal every line of the year, and the cash counterparts every cash transaction’s other lines', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entryArb, { minLength: 1, maxLength: 6 }),
        dayArb,
        dayArb,
        fc.subarray([0, 1], { minLength: 1 }),
        fc.integer({ min: 1, max: 6 }),
        async (entries, d1, d2, cashIndexes, limit) => {
          const scope = { buildingId: b.id, fiscalYear: year };
          await h.platform.db.transaction(async (tx) => {
            const posted = await postTransactions(
              tx,
              scope,
              system,
              entries.map((e) => ({ input: input(e) })),
            );
            for (const [i, e] of entries.entries()) {
              const uuid = posted[i]?.uuid;
              if (e.cancel && uuid) await cancelTransaction(tx, scope, system, uuid, 'Property');
            }
          });
          const period = d1 <= d2 ? { from: d1, to: d2 } : { from: d2, to: d1 };
          const lines = await countedLines();
          const inPeriod = lines.filter((l) => l.date >= period.from && l.date <= period.to);

          const opening = new Map<number, number[]>();
          for (const l of lines) if (l.date < period.from) add(opening, l.aid, [l.amount]);
          const movements = new Map<string, number[]>();
          for (const l of inPeriod)
            add(movements, `${l.aid} ${monthOf(l.date)}`, [Math.max(l.amount, 0), Math.max(-l.amount, 0), 1]);
          const balances = await periodBalances(h.platform.db, scope, period);
          expect(new Map([...balances.opening].sort(([a], [z]) => a - z))).toEqual(
            new Map(
              [...opening]
                .filter(([, [sum = 0]]) => sum !== 0)
                .map(([aid, [sum = 0]]) => [aid, sum] as const)
                .sort(([a], [z]) => a - z),
            ),
          );
          expect(
            balances.movements
              .map((m) => [`${m.aid} ${m.month}`, [m.debits, m.credits, m.lines]] as const)
              .sort(),
          ).toEqual([...movements].sort());

          const cash = cashIndexes.map((i) => accounts[i] ?? 0);
          const touching = new Set(inPeriod.filter((l) => cash.includes(l.aid)).map((l) => l.uuid));
          const flows = new Map<number, number[]>();
          for (const l of inPeriod)
            if (touching.has(l.uuid) && !cash.includes(l.aid))
              add(flows, l.aid, [Math.max(-l.amount, 0), Math.max(l.amount, 0)]);
          const nonZero = (rows: [number, number[]][]) =>
            rows.filter(([, values]) => values.some((v) => v !== 0)).sort(([a], [z]) => a - z);
          expect(
            nonZero(
              (await cashCounterparts(h.platform.db, scope, period, cash)).map((f) => [
                f.aid,
                [f.inflow, f.outflow],
              ]),
            ),
          ).toEqual(nonZero([...flows]));

          // One account's first lines, read up to the month that holds them, are its first lines.
          for (const aid of accounts) {
            const all = await accountLines(h.platform.db, scope, period, [aid], 10_000);
            expect(all).toHaveLength(inPeriod.filter((l) => l.aid === aid).length);
            expect(await accountLines(h.platform.db, scope, period, [aid], limit)).toEqual(
              all.slice(0, limit),
            );
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
