import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { cents, trialBalance, type TransactionInput } from '@copro/domain';
import { rowsOf } from '../../db/client';
import {
  createBuildingFixture,
  createHarness,
  databaseRefusal,
  type BuildingFixture,
  type Harness,
} from '../../test/harness';
import { createFiscalYear } from './fiscal-years/rollover';
import { cancelTransaction, postTransaction, postTransactions } from './ledger';
import { accountTransactions, ledgerAccounts } from './queries';
import { yearTrialBalance } from './statements';

/**
 * Issue 14: `account_months` always equals the sum of the postings (cancellations, the later
 * year's opening kept in step, batches and single posts included), the trial balance read from
 * it equals the domain's over every posting, and every page of an account shows the running
 * balance of all the lines before it.
 */
let h: Harness;
let b: BuildingFixture;
let accounts: number[];
const system = { kind: 'system', id: 'backend' } as const;
const oldYear = '2026-01-01';
const newYear = '2027-01-01';

beforeAll(async () => {
  h = await createHarness();
  b = await createBuildingFixture(h, {}, { chart: true });
  accounts = (await ledgerAccounts(h.platform.db, { buildingId: b.id, fiscalYear: oldYear }))
    .slice(0, 5)
    .map((a) => a.aid);
  await h.platform.db.transaction((tx) => createFiscalYear(tx, b.id, newYear, system));
});
afterAll(async () => h.close());

const entryArb = fc
  .record({
    lines: fc.array(fc.record({ account: fc.nat(4), amount: fc.integer({ min: -90_000, max: 90_000 }) }), {
      minLength: 1,
      maxLength: 3,
    }),
    closing: fc.nat(4),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    cancel: fc.boolean(),
  })
  .map(({ lines, closing, month, day, cancel }) => ({
    date: `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
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

/** account_months as stored, and as recomputed from every line. */
async function storedAndRecomputed() {
  const stored = await rowsOf<Record<string, string>>(
    h.platform.db,
    sql`select fiscal_year::text as y, aid, month::text as m, debits::text as d, credits::text as c,
        postings::text as p, lines::text as l
      from account_months where building_id = ${b.id} and lines <> 0 order by 1, 2, 3`,
  );
  const recomputed = await rowsOf<Record<string, string>>(
    h.platform.db,
    sql`select t.fiscal_year::text as y, s.aid, date_trunc('month', t.date)::date::text as m,
        coalesce(sum(s.amount) filter (where t.status <> 'cancelled' and s.amount > 0), 0)::text as d,
        coalesce(-sum(s.amount) filter (where t.status <> 'cancelled' and s.amount < 0), 0)::text as c,
        (count(*) filter (where t.status <> 'cancelled'))::text as p, count(*)::text as l
      from subtransactions s join transactions t on t.building_id = s.building_id and t.uuid = s.transaction_uuid
      where s.building_id = ${b.id} group by 1, 2, 3 order by 1, 2, 3`,
  );
  return { stored, recomputed };
}

describe('account months', () => {
  it('equal the postings, and statements and pages read from them agree with every line', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entryArb, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 7 }),
        async (entries, batch, pageSize) => {
          const scope = { buildingId: b.id, fiscalYear: oldYear };
          await h.platform.db.transaction(async (tx) => {
            const posted = batch
              ? await postTransactions(
                  tx,
                  scope,
                  system,
                  entries.map((e) => ({ input: input(e) })),
                )
              : [];
            if (!batch)
              for (const e of entries) posted.push(await postTransaction(tx, scope, system, input(e)));
            for (const [i, e] of entries.entries()) {
              const uuid = posted[i]?.uuid;
              if (e.cancel && uuid) await cancelTransaction(tx, scope, system, uuid, 'Property');
            }
          });
          const { stored, recomputed } = await storedAndRecomputed();
          expect(stored).toEqual(recomputed);

          for (const year of [oldYear, newYear]) {
            const yearScope = { buildingId: b.id, fiscalYear: year };
            const lines = await rowsOf<{ uuid: string; aid: number; amount: string; status: string }>(
              h.platform.db,
              sql`select t.uuid, s.aid, s.amount, t.status from subtransactions s
                join transactions t on t.building_id = s.building_id and t.uuid = s.transaction_uuid
                where s.building_id = ${b.id} and t.fiscal_year = ${year}`,
            );
            const expected = trialBalance(
              lines.map((l) => ({
                transaction: l.uuid,
                aid: Number(l.aid),
                amount: cents(Number(l.amount)),
                cancelled: l.status === 'cancelled',
              })),
            );
            const actual = (await yearTrialBalance(h.platform.db, yearScope)).map(
              ({ aid, debits, credits, balance }) => ({ aid, debits, credits, balance }),
            );
            expect(actual).toEqual(expected);
          }

          // Every page of an account, read page by page, equals the year read in one page.
          const aid = accounts[0] ?? 0;
          const filters = { hideCancelled: false, page: 1, pageSize: 1000 };
          const whole = await accountTransactions(h.platform.db, scope, aid, filters, 'en');
          const paged = [];
          for (let page = 1; (page - 1) * pageSize < whole.total; page++) {
            const p = await accountTransactions(
              h.platform.db,
              scope,
              aid,
              { ...filters, page, pageSize },
              'en',
            );
            expect(p.total).toBe(whole.total);
            expect(p.balance).toBe(whole.balance);
            paged.push(...p.lines.map((l) => [l.transaction.uuid, l.amount, l.balance]));
          }
          expect(paged).toEqual(whole.lines.map((l) => [l.transaction.uuid, l.amount, l.balance]));
          // A date filter keeps true balances: its lines are the whole year's lines of those dates.
          const from = '2026-04-10';
          const to = '2026-09-20';
          const ranged = await accountTransactions(h.platform.db, scope, aid, { ...filters, from, to }, 'en');
          expect(ranged.lines.map((l) => [l.transaction.uuid, l.balance])).toEqual(
            whole.lines
              .filter((l) => l.transaction.date >= from && l.transaction.date <= to)
              .map((l) => [l.transaction.uuid, l.balance]),
          );
        },
      ),
      { numRuns: 15 },
    );
  });

  it('a batch with one unbalanced transaction is refused at commit and writes nothing', async () => {
    const scope = { buildingId: b.id, fiscalYear: oldYear };
    const before = await storedAndRecomputed();
    const attempt = h.platform.db.transaction(async (tx) => {
      await postTransactions(tx, scope, system, [
        {
          input: input({
            date: '2026-03-03',
            lines: [
              { account: 0, amount: 100 },
              { account: 1, amount: -100 },
            ],
          }),
        },
      ]);
      // Past the service: a line that unbalances it, written straight to the table.
      await tx.execute(sql`insert into subtransactions (building_id, transaction_uuid, line, aid, amount, date)
        select building_id, uuid, 9, ${accounts[2] ?? 0}, 1, date from transactions
        where building_id = ${b.id} order by created_at desc limit 1`);
    });
    expect(await databaseRefusal(attempt)).toMatch(/does not sum to zero/);
    expect(await storedAndRecomputed()).toEqual(before);
  });

  it('a transaction without lines is refused at commit', async () => {
    const attempt = h.platform.db.transaction(async (tx) => {
      await tx.execute(sql`insert into transactions (building_id, uuid, fiscal_year, date, description, kind, created_by)
        values (${b.id}, '00000000-0000-4000-8000-000000000002', ${oldYear}, '2026-02-01', 'Bypass', 'accountantWriting', '{"kind":"system","id":"backend"}')`);
    });
    expect(await databaseRefusal(attempt)).toMatch(/no non-zero amount/);
  });
});
