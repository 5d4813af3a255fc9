import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { cents, newBillingAccountId, newBuildingGroupId } from '@copro/domain';
import type { Db } from '@copro/server/db/client';
import {
  billingAccount,
  budget,
  building,
  buildingGroup,
  fiscalYear,
  ledgerAccount,
  registryRecord,
} from '@copro/server/db/schema/index';
import { seedChartOfAccounts } from '@copro/server/modules/accounts/chart';
import { billAllBuildings, billBuilding } from '@copro/server/modules/receivables/budget/billing';
import { applyBudget, saveBudget } from '@copro/server/modules/receivables/budget/budgets';
import { listRecords } from '@copro/server/modules/registry/records';
import { sharesOf } from './demo-registry';

export interface BudgetFigures {
  applyMembers: number;
  applyMs: number;
  applyPeakRssMb: number;
  billBuildings: number;
  billTransactions: number;
  billMs: number;
  /** This process's CPU time while billing: the whole cost on the embedded database. */
  billCpuMs: number;
  billPeakRssMb: number;
}

const source = { kind: 'system' as const, id: 'backend' };
const year = '2026-01-01';

/** Peak resident memory while `run` runs, sampled every 50 ms, and the process's CPU time. */
export async function measured<T>(
  run: () => Promise<T>,
): Promise<{ result: T; ms: number; cpuMs: number; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  try {
    const result = await run();
    const cpu = process.cpuUsage(cpu0);
    return {
      result,
      ms: performance.now() - t0,
      cpuMs: (cpu.user + cpu.system) / 1000,
      peakMb: peak / 1024 / 1024,
    };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * A building with its chart and `units` units (plus `spaces` parkings and as many lockers), written
 * in bulk: the benchmark times applying and billing, not the registry forms.
 */
export async function bulkBuilding(db: Db, name: string, units: number, spaces: number) {
  const id = randomUUID();
  const accountId = newBillingAccountId();
  const groupId = newBuildingGroupId();
  await db.transaction(async (tx) => {
    await tx.insert(billingAccount).values({ id: accountId, name });
    await tx.insert(buildingGroup).values({ id: groupId, billingAccountId: accountId, name });
    await tx.insert(building).values({
      id,
      ref: `bench-${id.slice(0, 12)}`,
      name,
      buildingGroupId: groupId,
      billingAccountId: accountId,
    });
    await tx.insert(fiscalYear).values({ buildingId: id, startDate: year, endDate: '2026-12-31' });
    await seedChartOfAccounts(tx, { buildingId: id, fiscalYear: year }, source, 'fr-CA');
    const shares = sharesOf(Array.from({ length: units }, (_, i) => 1 + (i % 5) / 10));
    const spaceShares = spaces > 0 ? sharesOf(Array.from({ length: spaces }, () => 1)) : [];
    const rows: (typeof registryRecord.$inferInsert)[] = [];
    const accounts: (typeof ledgerAccount.$inferInsert)[] = [];
    for (let i = 0; i < units; i += 1) {
      const uuid = randomUUID();
      const aid = 1000 + i;
      accounts.push({ buildingId: id, aid, kind: 'unit', recordUuid: uuid });
      rows.push({
        buildingId: id,
        fiscalYear: year,
        collection: 'units',
        uuid,
        aid,
        number: String(100 + i),
        data: {
          voteShare: shares[i],
          noMonthlyFees: false,
          owners: [],
          residents: [],
          proxies: [],
          parkings: [],
          lockers: [],
          monthlyContributions: 0,
        },
      });
    }
    for (const kind of ['parkings', 'lockers'] as const) {
      for (let i = 0; i < spaces; i += 1) {
        // Each space is rented to a unit, so its fee has an account to go to.
        const unit = rows[i % units]?.uuid;
        rows.push({
          buildingId: id,
          fiscalYear: year,
          collection: kind,
          uuid: randomUUID(),
          number: `${kind[0]?.toUpperCase()}${i + 1}`,
          data: {
            voteShare: spaceShares[i],
            noMonthlyFees: false,
            renter: { unitUuid: unit },
            monthlyContributions: 0,
          },
        });
      }
    }
    for (let i = 0; i < accounts.length; i += 500)
      await tx.insert(ledgerAccount).values(accounts.slice(i, i + 500));
    for (let i = 0; i < rows.length; i += 500) await tx.insert(registryRecord).values(rows.slice(i, i + 500));
  });
  const scope = { buildingId: id, fiscalYear: year };
  const categories = await listRecords(db, scope, 'categories');
  const category = (key: string) => categories.find((c) => c.data.systemKey === key)?.uuid ?? '';
  const draft = await db.transaction((tx) =>
    saveBudget(
      tx,
      scope,
      source,
      {
        contributions: [
          {
            name: 'Charges communes',
            amount: cents(240_000_000),
            category: category('condoFees'),
            appliesTo: 'all:units',
          },
          {
            name: 'Fonds de prévoyance',
            amount: cents(24_000_000),
            category: category('contingencyFundContributions'),
            appliesTo: 'all:units',
          },
          ...(spaces > 0
            ? [
                {
                  name: 'Stationnements et casiers',
                  amount: cents(6_000_000),
                  category: category('condoFees'),
                  appliesTo: 'all:parkings',
                },
              ]
            : [
                {
                  name: 'Fonds d’auto-assurance',
                  amount: cents(2_000_000),
                  category: category('selfInsuranceFundContributions'),
                  appliesTo: 'all:units',
                },
              ]),
        ],
        budgetedAmounts: {},
        budgetedComments: {},
      },
      null,
    ),
  );
  return { scope, budget: draft.uuid };
}

/**
 * Issue 6 figures: applying a 3-contribution budget to a building of 2,000 units with 1,000
 * parkings and 1,000 lockers, and billing one month for 200 buildings of 100 units.
 */
export async function benchBudget(
  db: Db,
  options = { units: 2000, spaces: 1000, buildings: 200, perBuilding: 100 },
): Promise<BudgetFigures> {
  const big = await bulkBuilding(db, 'Bench tower', options.units, options.spaces);
  const apply = await measured(() =>
    db.transaction((tx) => applyBudget(tx, big.scope, source, big.budget, year)),
  );
  // Only the small buildings are billed: the big one has done its part.
  await db.delete(building).where(eq(building.id, big.scope.buildingId));
  for (let i = 0; i < options.buildings; i += 1) {
    const small = await bulkBuilding(db, `Bench ${i}`, options.perBuilding, 0);
    await db.transaction((tx) => applyBudget(tx, small.scope, source, small.budget, '2026-02-01'));
  }
  // Applied from February 1st and billed on the 15th: one month, February, per unit.
  const bill = await measured(() => billAllBuildings(db, '2026-02-15'));
  return {
    applyMembers: options.units + 2 * options.spaces,
    applyMs: apply.ms,
    applyPeakRssMb: apply.peakMb,
    billBuildings: options.buildings,
    billTransactions: bill.result,
    billMs: bill.ms,
    billCpuMs: bill.cpuMs,
    billPeakRssMb: bill.peakMb,
  };
}

export interface BillingScaleFigures {
  units: number;
  fees: number;
  ms: number;
  /** This process's CPU time meanwhile: the whole cost on the embedded database. */
  cpuMs: number;
  peakRssMb: number;
  /** The longest a read on the same database waited while the billing ran. */
  longestReadMs: number;
  reads: number;
}

/**
 * A read every 20 ms until `stop`, on the database a job runs on: how long a request would wait
 * behind the job (the embedded database has one connection, and answers in-process: a job that
 * never yields keeps even the timers from firing). A read's wait counts from when it was due.
 */
export function readProbe(db: Db, buildingId: string) {
  let stopped = false;
  let longest = 0;
  let reads = 0;
  const running = (async () => {
    while (!stopped) {
      const due = performance.now() + 20;
      await new Promise((resolve) => setTimeout(resolve, 20));
      await db.execute(sql`select count(*) from fee_billings where building_id = ${buildingId}`);
      longest = Math.max(longest, performance.now() - due);
      reads += 1;
    }
  })();
  return {
    async stop() {
      stopped = true;
      await running;
      return { longestReadMs: longest, reads };
    },
  };
}

/**
 * Issue 14 figure: one month of fees for one building of `units` units (a budget of three
 * contributions applied from February 1st, billed on the 15th), with a read running beside it.
 * The budget is marked applied directly: applying is timed by `benchBudget`.
 */
export async function benchBilling20k(db: Db, units = 20_000): Promise<BillingScaleFigures> {
  const big = await bulkBuilding(db, `Bench ${units} units`, units, 0);
  await db
    .update(budget)
    .set({ status: 'applied', applicationDate: '2026-02-01', appliedAt: new Date('2026-01-20T12:00:00Z') })
    .where(and(eq(budget.buildingId, big.scope.buildingId), eq(budget.uuid, big.budget)));
  const probe = readProbe(db, big.scope.buildingId);
  const bill = await measured(() => billBuilding(db, big.scope.buildingId, '2026-02-15'));
  const reads = await probe.stop();
  return { units, fees: bill.result, ms: bill.ms, cpuMs: bill.cpuMs, peakRssMb: bill.peakMb, ...reads };
}
