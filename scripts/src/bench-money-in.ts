import { cents, type TransactionKind } from '@copro/domain';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import type { Db } from '@copro/server/db/client';
import {
  building,
  fiscalYear,
  ledgerTransaction,
  penalty,
  subtransaction,
} from '@copro/server/db/schema/index';
import {
  chargeBuildingPenalties,
  runPenaltiesForAllBuildings,
} from '@copro/server/modules/receivables/penalties/penalty-job';
import { listRecords } from '@copro/server/modules/registry/records';
import type { RunningServer } from '@copro/server/server';
import { bulkBuilding, measured as measuredWithCpu, readProbe } from './bench-budget';

export interface MoneyInFigures {
  penaltyBuildings: number;
  penaltyCharges: number;
  penaltyMs: number;
  penaltyPeakRssMb: number;
  agingUnits: number;
  agingPostings: number;
  agingJsonMs: number;
  agingPdfMs: number;
  statementsPdfMs: number;
  statementsPdfKb: number;
}

const source = { kind: 'system' as const, id: 'backend' };

/** Peak resident memory while `run` runs, sampled every 50 ms. */
async function measured<T>(run: () => Promise<T>): Promise<{ result: T; ms: number; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  try {
    const result = await run();
    return { result, ms: performance.now() - t0, peakMb: peak / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}

/** A late fee and an interest rate in `limit` buildings that have none: what the daily run charges. */
async function givePenalties(db: Db, limit: number): Promise<number> {
  const years = await db.select().from(fiscalYear).where(eq(fiscalYear.startDate, '2026-01-01'));
  let count = 0;
  for (const y of years) {
    const scope = { buildingId: y.buildingId, fiscalYear: y.startDate };
    const category = (await listRecords(db, scope, 'categories')).find(
      (c) => c.data.systemKey === 'penaltiesAndFees',
    );
    const existing = await db.select().from(penalty).where(eq(penalty.buildingId, y.buildingId));
    if (!category || existing.length > 0 || count >= limit) continue;
    await db.insert(penalty).values([
      {
        buildingId: y.buildingId,
        uuid: randomUUID(),
        kind: 'defaultLatePaymentFee',
        categoryUuid: category.uuid,
        amount: cents(2_500),
        gracePeriod: 10,
      },
      {
        buildingId: y.buildingId,
        uuid: randomUUID(),
        kind: 'defaultInterests',
        categoryUuid: category.uuid,
        rate: 0.12,
        gracePeriod: 10,
      },
    ]);
    count += 1;
  }
  return count;
}

/**
 * A year of fees and payments for every unit of a building, written in bulk (each transaction
 * balanced): the benchmark times the reports over them, not the billing.
 */
async function yearOfPostings(db: Db, buildingRef: string, fiscalYearStart: string) {
  const [b] = await db.select().from(building).where(eq(building.ref, buildingRef));
  if (!b) throw new Error(`no building ${buildingRef}`);
  const scope = { buildingId: b.id, fiscalYear: fiscalYearStart };
  const units = (await listRecords(db, scope, 'units')).filter((u) => u.aid !== null);
  const categories = await listRecords(db, scope, 'categories');
  const banks = await listRecords(db, scope, 'banks');
  const revenue = categories.find((c) => c.data.systemKey === 'condoFees')?.aid;
  const bank = banks[0]?.aid;
  if (!revenue || !bank) throw new Error('the demo building has no condo-fee category or bank');
  const year = Number(fiscalYearStart.slice(0, 4));
  let postings = 0;
  for (let month = 1; month <= 12; month += 1) {
    const rows: (typeof ledgerTransaction.$inferInsert)[] = [];
    const lines: (typeof subtransaction.$inferInsert)[] = [];
    for (const [i, unit] of units.entries()) {
      const fee = 30_000 + (i % 9) * 1_250;
      const day = `${year}-${String(month).padStart(2, '0')}`;
      const entries: [string, TransactionKind, number, number][] = [
        [`${day}-01`, 'unitMonthlyFee', fee, revenue],
      ];
      // Two units in three pay, some of them late: the aging has every bucket.
      if (i % 3 !== 0) entries.push([`${day}-${i % 2 === 0 ? '05' : '25'}`, 'unitPayment', -fee, bank]);
      for (const [date, kind, amount, other] of entries) {
        const uuid = randomUUID();
        rows.push({
          buildingId: b.id,
          uuid,
          fiscalYear: fiscalYearStart,
          date,
          description: `Bench ${kind} ${date}`,
          kind,
          createdBy: source,
        });
        lines.push(
          {
            buildingId: b.id,
            transactionUuid: uuid,
            line: 0,
            aid: unit.aid ?? 0,
            amount: cents(amount),
            date,
          },
          { buildingId: b.id, transactionUuid: uuid, line: 1, aid: other, amount: cents(-amount), date },
        );
      }
    }
    await db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 500)
        await tx.insert(ledgerTransaction).values(rows.slice(i, i + 500));
      for (let i = 0; i < lines.length; i += 1000)
        await tx.insert(subtransaction).values(lines.slice(i, i + 1000));
    });
    postings += rows.length;
  }
  return { units: units.length, postings };
}

/**
 * Issue 7 figures: the daily late-fee and interest run over the benchmark's billed buildings (50 of
 * them with penalties),
 * then the receivables aging (page and PDF) and every unit's statement (PDF) of the demo building
 * after a year of fees and payments for its units.
 */
export async function benchMoneyIn(
  server: RunningServer,
  buildingRef: string,
  cookie: string,
): Promise<MoneyInFigures> {
  const db = server.platform.db;
  // The run looks at every building; a quarter of them charge (the others have no penalties set).
  const buildings = await givePenalties(db, 50);
  const run = await measured(() =>
    runPenaltiesForAllBuildings(
      db,
      { mailer: server.platform.mailer, publicUrl: server.address },
      '2026-03-15',
    ),
  );
  const fiscalYearStart = `${new Date().getUTCFullYear()}-01-01`;
  const { units, postings } = await yearOfPostings(db, buildingRef, fiscalYearStart);
  const report = `${server.address}/api/buildings/${buildingRef}/fiscal-years/${fiscalYearStart}/reports`;
  const timed = async (url: string): Promise<{ ms: number; bytes: number }> => {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    return { ms: performance.now() - t0, bytes: body.byteLength };
  };
  // The long run above kept the event loop busy: a pooled keep-alive connection may have been
  // closed by the server meanwhile. One untimed request lets the client find out before timing.
  await fetch(`${server.address}/api/version`)
    .then((res) => res.arrayBuffer())
    .catch(() => undefined);
  const asOf = `${fiscalYearStart.slice(0, 4)}-12-31`;
  const agingJson = await timed(`${report}/receivables-aging?format=json&asOf=${asOf}`);
  const agingPdf = await timed(`${report}/receivables-aging?format=pdf&asOf=${asOf}`);
  const statements = await timed(`${report}/statements?format=pdf`);
  return {
    penaltyBuildings: buildings,
    penaltyCharges: run.result.charged,
    penaltyMs: run.ms,
    penaltyPeakRssMb: run.peakMb,
    agingUnits: units,
    agingPostings: postings,
    agingJsonMs: agingJson.ms,
    agingPdfMs: agingPdf.ms,
    statementsPdfMs: statements.ms,
    statementsPdfKb: statements.bytes / 1024,
  };
}

export interface PenaltyScaleFigures {
  units: number;
  charges: number;
  ms: number;
  /** This process's CPU time meanwhile: the whole cost on the embedded database. */
  cpuMs: number;
  peakRssMb: number;
  /** The longest a read on the same database waited while the run charged. */
  longestReadMs: number;
  reads: number;
}

/**
 * Issue 14 figure: the daily penalty run of one building whose `units` units all owe their March
 * fee (written in bulk) on March 12th, the day after the cut-off: a late fee and interest each.
 */
export async function benchPenalties20k(db: Db, units = 20_000): Promise<PenaltyScaleFigures> {
  const scope = await owingBuilding(db, units);
  const probe = readProbe(db, scope.buildingId);
  const run = await measuredWithCpu(() => chargeBuildingPenalties(db, scope.buildingId, '2026-03-12'));
  const reads = await probe.stop();
  return { units, charges: run.result, ms: run.ms, cpuMs: run.cpuMs, peakRssMb: run.peakMb, ...reads };
}

/** A building of `units` units that all owe their March fee, with a late fee and interest set up. */
export async function owingBuilding(db: Db, units: number) {
  const { scope } = await bulkBuilding(db, `Bench ${units} owing`, units, 0);
  const categories = await listRecords(db, scope, 'categories');
  const category = (key: string) => {
    const found = categories.find((c) => c.data.systemKey === key);
    if (!found?.aid) throw new Error(`no category ${key}`);
    return found;
  };
  const revenue = category('condoFees').aid ?? 0;
  const accounts = (await listRecords(db, scope, 'units')).map((u) => u.aid ?? 0);
  const rows: (typeof ledgerTransaction.$inferInsert)[] = [];
  const lines: (typeof subtransaction.$inferInsert)[] = [];
  for (const [i, aid] of accounts.entries()) {
    const uuid = randomUUID();
    const fee = 30_000 + (i % 9) * 1_250;
    rows.push({
      buildingId: scope.buildingId,
      uuid,
      fiscalYear: scope.fiscalYear,
      date: '2026-03-01',
      description: 'Bench unitMonthlyFee 2026-03-01',
      kind: 'unitMonthlyFee',
      createdBy: source,
    });
    lines.push(
      {
        buildingId: scope.buildingId,
        transactionUuid: uuid,
        line: 0,
        aid,
        amount: cents(fee),
        date: '2026-03-01',
      },
      {
        buildingId: scope.buildingId,
        transactionUuid: uuid,
        line: 1,
        aid: revenue,
        amount: cents(-fee),
        date: '2026-03-01',
      },
    );
  }
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 1000)
      await tx.insert(ledgerTransaction).values(rows.slice(i, i + 1000));
    for (let i = 0; i < lines.length; i += 2000)
      await tx.insert(subtransaction).values(lines.slice(i, i + 2000));
  });
  await db.insert(penalty).values([
    {
      buildingId: scope.buildingId,
      uuid: randomUUID(),
      kind: 'defaultLatePaymentFee',
      categoryUuid: category('penaltiesAndFees').uuid,
      amount: cents(2_500),
      gracePeriod: 10,
    },
    {
      buildingId: scope.buildingId,
      uuid: randomUUID(),
      kind: 'defaultInterests',
      categoryUuid: category('interestIncome').uuid,
      rate: 0.12,
      gracePeriod: 10,
    },
  ]);
  return scope;
}
