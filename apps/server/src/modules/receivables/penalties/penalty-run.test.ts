import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { building, job, penaltyCharge } from '../../../db/schema/index';
import { todayOf } from '../../../platform/clock';
import { as, createHarness, type Harness } from '../../../test/harness';
import { logsOf } from '../../../test/registry-fixtures';
import type { TransactionView } from '../../ledger';
import { penaltyRunJob, runPenaltiesForAllBuildings, schedulePenaltyJob } from './penalty-job';
import { chargePenalties } from './penalty-run';
import { penaltyBuilding, withPenalties as withPenaltiesIn, type PenaltyBuilding } from './test-setup';
import { cents } from '@copro/domain';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const system = { kind: 'system', id: 'queue' } as const;
const mail = () => ({ mailer: h.platform.mailer, publicUrl: 'https://copro.test' });

const withPenalties = (settings: Parameters<typeof penaltyBuilding>[1] = {}) => withPenaltiesIn(h, settings);

const charge = (s: PenaltyBuilding, today: string) =>
  h.platform.db.transaction((tx) => chargePenalties(tx, s.scope, today, system));

const chargesOf = (s: PenaltyBuilding) =>
  h.platform.db
    .select()
    .from(penaltyCharge)
    .where(eq(penaltyCharge.buildingId, s.b.id))
    .orderBy(asc(penaltyCharge.kind));

describe('penalty run: late fee and interest', () => {
  it('charges both when unpaid, above the minimum and late, with exact postings, rows and logs', async () => {
    const s = await withPenalties({ locale: 'fr-CA' });
    const unit = await s.unit();
    await s.fee(unit.aid, '2026-03-01', 30_000);
    await s.pay(unit.aid, '2026-03-05', 10_000);
    expect(await charge(s, '2026-03-12')).toBe(2);

    const rows = await chargesOf(s);
    expect(rows.map((r) => [r.aid, r.month, r.kind])).toEqual([
      [unit.aid, '2026-03-01', 'unitInterestFee'],
      [unit.aid, '2026-03-01', 'unitLateFee'],
    ]);
    const views = await Promise.all(
      rows.map(
        async (r) =>
          // Read by a French reader: the descriptions and account names are in the reader's language.
          (
            await as(h, s.admin).get(`${s.base}/transactions/${r.transactionUuid}`, {
              'accept-language': 'fr-CA',
            })
          ).json() as TransactionView,
      ),
    );
    expect(views.map((v) => [v.kind, v.date, v.description, v.subtransactions])).toEqual([
      [
        'unitInterestFee',
        '2026-03-12',
        `Intérêts à 12 % par année sur 200,00\u00a0$ en souffrance — mars 2026 — ${unit.number}`,
        [
          { aid: unit.aid, amount: 200, check: null, accountName: `Unité ${unit.number}` },
          {
            aid: s.category('interestIncome').aid,
            amount: -200,
            check: null,
            accountName: 'Revenus d’intérêts',
          },
        ],
      ],
      [
        'unitLateFee',
        '2026-03-12',
        `Frais de retard — mars 2026 — ${unit.number}`,
        [
          { aid: unit.aid, amount: 2_500, check: null, accountName: `Unité ${unit.number}` },
          {
            aid: s.category('penaltiesAndFees').aid,
            amount: -2_500,
            check: null,
            accountName: 'Pénalités et frais',
          },
        ],
      ],
    ]);
    const logs = (await logsOf(h, s.b)).filter((l) => (l.event as string) === 'unitPenaltyAdded');
    expect(logs.map((l) => [l.metadata.kind, l.metadata.amount, l.metadata.unitUuid])).toEqual(
      expect.arrayContaining([
        ['unitLateFee', 2_500, unit.uuid],
        ['unitInterestFee', 200, unit.uuid],
      ]),
    );
    expect(logs).toHaveLength(2);
  });

  it('charges once per billing month: a second run, and the daily job, charge nothing more', async () => {
    const s = await withPenalties({ locale: 'en-CA' });
    const unit = await s.unit();
    await s.fee(unit.aid, '2026-03-01', 30_000);
    expect(await charge(s, '2026-03-20')).toBe(2);
    expect(await charge(s, '2026-03-21')).toBe(0);
    const jobRun = await runPenaltiesForAllBuildings(h.platform.db, mail(), '2026-03-25');
    expect(jobRun.charged).toBe(0);
    expect(await chargesOf(s)).toHaveLength(2);
    // April is a new billing month: its own late fee and interest, on the principal of both months.
    await s.fee(unit.aid, '2026-04-01', 30_000);
    expect(await charge(s, '2026-04-12')).toBe(2);
    const postings = await s.postings(unit.aid);
    expect(postings.filter((p) => p.kind === 'unitInterestFee').map((p) => p.amount)).toEqual([300, 600]);
    expect(postings.filter((p) => p.kind === 'unitLateFee').map((p) => p.description)).toEqual([
      `Late fee — March 2026 — ${unit.number}`,
      `Late fee — April 2026 — ${unit.number}`,
    ]);
  });

  it('the grace period: a payment on the cut-off day is on time, the day after is late', async () => {
    const s = await withPenalties();
    const onTime = await s.unit();
    const late = await s.unit();
    for (const u of [onTime, late]) await s.fee(u.aid, '2026-03-01', 30_000);
    await s.pay(onTime.aid, '2026-03-11', 30_000);
    await s.pay(late.aid, '2026-03-12', 30_000);
    expect(await charge(s, '2026-03-13')).toBe(2);
    expect((await chargesOf(s)).map((r) => r.aid)).toEqual([late.aid, late.aid]);
  });

  it('the grace period: nothing on the cut-off day itself, charged the day after', async () => {
    const s = await withPenalties();
    const unit = await s.unit();
    await s.fee(unit.aid, '2026-03-01', 30_000);
    expect(await charge(s, '2026-03-11')).toBe(0);
    expect(await charge(s, '2026-03-12')).toBe(2);
  });

  it('nothing when the month is paid in full by its cut-off', async () => {
    const s = await withPenalties();
    const unit = await s.unit();
    await s.fee(unit.aid, '2026-03-01', 30_000);
    await s.pay(unit.aid, '2026-03-02', 30_000);
    expect(await charge(s, '2026-04-30')).toBe(0);
  });

  it('nothing when what the unit owes is at or under the minimum, charged strictly above', async () => {
    const s = await withPenalties({ minimumUnitBalanceBeforeChargingPenalties: cents(30_000) });
    const unit = await s.unit();
    await s.fee(unit.aid, '2026-03-01', 30_000);
    expect(await charge(s, '2026-03-20')).toBe(0);
    await h.platform.db
      .update(building)
      .set({ minimumUnitBalanceBeforeChargingPenalties: cents(29_999) })
      .where(eq(building.id, s.b.id));
    expect(await charge(s, '2026-03-20')).toBe(2);
  });

  it('nothing without automatic penalties set up', async () => {
    const s = await penaltyBuilding(h);
    const unit = await s.unit();
    await s.fee(unit.aid, '2026-03-01', 30_000);
    expect(await charge(s, '2026-06-01')).toBe(0);
  });

  it('POST penalties/run queues the check as a job, which charges what is due today, once', async () => {
    const s = await withPenalties();
    const unit = await s.unit();
    await s.fee(unit.aid, '2026-01-01', 30_000);
    const res = await as(h, s.admin).post(`${s.base}/penalties/run`);
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json() as { jobId: number };
    // Queued, not run in the request.
    expect(await chargesOf(s)).toHaveLength(0);
    await h.platform.jobs.drain();
    const status = (await as(h, s.admin).get(`/api/buildings/${s.b.ref}/jobs/${jobId}`)).json();
    expect(status).toMatchObject({ status: 'done', result: { charged: 2 } });
    const again = (await as(h, s.admin).post(`${s.base}/penalties/run`)).json() as { jobId: number };
    await h.platform.jobs.drain();
    expect((await as(h, s.admin).get(`/api/buildings/${s.b.ref}/jobs/${again.jobId}`)).json()).toMatchObject({
      status: 'done',
      result: { charged: 0, amount: 0 },
    });
    const logs = (await logsOf(h, s.b)).filter((l) => (l.event as string) === 'unitPenaltyAdded');
    expect(logs.map((l) => l.source)).toEqual([
      expect.objectContaining({ kind: 'user', id: s.admin.id }),
      expect.objectContaining({ kind: 'user', id: s.admin.id }),
    ]);
  });

  it('the daily job runs once per building and day, as of its today, and queues nothing itself', async () => {
    const s = await withPenalties();
    const unit = await s.unit();
    await s.fee(unit.aid, '2026-01-01', 30_000);
    await schedulePenaltyJob(h.platform);
    await h.platform.jobs.drain();
    expect((await chargesOf(s)).map((r) => r.kind)).toEqual(['unitInterestFee', 'unitLateFee']);
    // A second start the same day queues nothing more.
    await schedulePenaltyJob(h.platform);
    await h.platform.jobs.drain();
    const today = await todayOf(h.platform.db, h.platform.clock, s.b.id);
    const jobs = await h.platform.db
      .select()
      .from(job)
      .where(and(eq(job.name, penaltyRunJob), eq(job.buildingId, s.b.id)));
    expect(jobs.map((j) => [j.status, j.singletonKey, j.result])).toEqual([
      ['done', `${penaltyRunJob}:${s.b.id}:${today}`, { charged: 2 }],
    ]);
  });
});

describe('penalty run in slices', () => {
  it('two runs at once, slice by slice, charge what one run charges, each charge once', async () => {
    const s = await withPenalties();
    const units = [await s.unit(), await s.unit(), await s.unit()];
    for (const u of units) {
      await s.fee(u.aid, '2026-03-01', 30_000);
      await s.fee(u.aid, '2026-04-01', 30_000);
    }
    await s.pay(units[0]?.aid ?? 0, '2026-03-05', 30_000);
    const progress: [number, number][] = [];
    const runs = await Promise.all([
      chargePenalties(h.platform.db, s.scope, '2026-04-20', system, {
        sliceSize: 1,
        onProgress: (done, total) => progress.push([done, total]),
      }),
      chargePenalties(h.platform.db, s.scope, '2026-04-20', system, { sliceSize: 1 }),
    ]);
    // March: units 2 and 3; April: all three; a late fee and interest each.
    expect(runs[0] + runs[1]).toBe(10);
    expect(progress[0]?.[0]).toBe(0);
    expect(progress.at(-1)).toEqual([runs[0], runs[0]]);
    const rows = await chargesOf(s);
    expect(rows).toHaveLength(10);
    // Interest on the principal of both months, as one run decides it: 3 on March's, 6 on April's.
    const interest = (aid: number) =>
      rows
        .filter((r) => r.aid === aid && r.kind === 'unitInterestFee')
        .map((r) => r.month)
        .sort();
    expect(interest(units[1]?.aid ?? 0)).toEqual(['2026-03-01', '2026-04-01']);
    const postings = await s.postings(units[1]?.aid ?? 0);
    expect(postings.filter((p) => p.kind === 'unitInterestFee').map((p) => p.amount)).toEqual([300, 600]);
    expect(await charge(s, '2026-04-20')).toBe(0);
  });
});
