import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { cents, hasKey } from '@copro/domain';
import { feeBilling, fiscalYear, job, outbox, penaltyCharge } from '../db/schema/index';
import { monthlyFeesJob, scheduleMonthlyBilling } from '../modules/receivables';
import { applyBudget, saveBudget } from '../modules/receivables';
import { arrearsJob, penaltyCheckJob, penaltyRunJob, schedulePenaltyJob } from '../modules/receivables';
import { penaltyBuilding, withPenalties } from '../modules/receivables/penalties/test-setup';
import { as, createHarness, createUser, grantBuildingRole, type Harness } from '../test/harness';
import { logsOf } from '../test/registry-fixtures';
import { enqueueForEveryBuilding } from './building-jobs';
import { FixedClock, todayOf } from './clock';
import { JobQueue } from './jobs';

const clock = new FixedClock('2026-03-15T12:00:00Z');
let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, clock);
});
afterAll(async () => h.close());

const backend = { kind: 'system', id: 'backend' } as const;
type Building = { b: { id: string } };

/** A penalties building with one unit and a budget applied from January 1st: $100 a month. */
async function billedBuilding(settings: Parameters<typeof penaltyBuilding>[1] = {}) {
  const s = await penaltyBuilding(h, settings);
  const unit = await s.unit();
  await h.platform.db.transaction(async (tx) => {
    const saved = await saveBudget(
      tx,
      s.scope,
      backend,
      {
        contributions: [
          {
            name: 'Condo fees',
            amount: cents(120_000),
            category: s.category('condoFees').uuid,
            appliesTo: 'all:units',
          },
        ],
        budgetedAmounts: {},
        budgetedComments: {},
      },
      null,
    );
    await applyBudget(tx, s.scope, backend, saved.uuid, '2026-01-01');
  });
  return { ...s, unit };
}

/** A building with a $25 late fee and 12 % interest, 10 grace days, and one unit billed in January. */
async function lateBuilding(settings: Parameters<typeof penaltyBuilding>[1] = {}) {
  const s = await withPenalties(h, settings);
  const unit = await s.unit();
  await s.fee(unit.aid, '2026-01-01', 30_000);
  return { ...s, unit };
}

const feeMonths = async (s: Building): Promise<string[]> =>
  (
    await h.platform.db
      .select({ month: feeBilling.month })
      .from(feeBilling)
      .where(eq(feeBilling.buildingId, s.b.id))
      .orderBy(asc(feeBilling.month))
  ).map((r) => r.month);

const chargesOf = async (s: Building): Promise<string[]> =>
  (
    await h.platform.db
      .select({ kind: penaltyCharge.kind, month: penaltyCharge.month })
      .from(penaltyCharge)
      .where(eq(penaltyCharge.buildingId, s.b.id))
      .orderBy(asc(penaltyCharge.kind))
  ).map((r) => `${r.kind} ${r.month}`);

const jobsOf = (name: string, s: Building) =>
  h.platform.db
    .select()
    .from(job)
    .where(and(eq(job.name, name), eq(job.buildingId, s.b.id)))
    .orderBy(asc(job.id));

const mailsTo = (emails: string[]) => h.platform.db.select().from(outbox).where(inArray(outbox.to, emails));

/**
 * Makes every insert into `table` for the building fail, as a building whose data the run trips on
 * would: a trigger, so the code under test runs unchanged.
 */
async function breakBuilding(table: 'fee_billings' | 'penalty_charges', buildingId: string): Promise<void> {
  const fn = `fail_${table}_${buildingId.replace(/-/g, '').slice(0, 12)}`;
  await h.platform.db.execute(
    sql.raw(`create function ${fn}() returns trigger language plpgsql as $$
      begin
        if new.building_id = '${buildingId}' then raise exception 'broken building ${buildingId}'; end if;
        return new;
      end $$`),
  );
  await h.platform.db.execute(
    sql.raw(`create trigger ${fn} before insert on ${table} for each row execute function ${fn}()`),
  );
}

/** Runs the queue until every retry is spent, each retry made due at once instead of after its backoff. */
async function drainWithRetries(): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await h.platform.jobs.drain();
    await h.platform.db.execute(sql`update jobs set run_at = now() where status = 'queued'`);
  }
}

describe('daily jobs: each building on its own', () => {
  it('billing: a building that fails is retried, then its admins are alerted, and the others are billed', async () => {
    clock.set('2026-03-15T12:00:00Z');
    // The broken building first: a loop over every building met it before the other one.
    const broken = await billedBuilding({ locale: 'fr-CA' });
    const fine = await billedBuilding();
    await breakBuilding('fee_billings', broken.b.id);

    await scheduleMonthlyBilling(h.platform);
    await drainWithRetries();

    expect(await feeMonths(fine)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect((await jobsOf(monthlyFeesJob, fine)).map((j) => [j.status, j.result])).toEqual([
      ['done', { billed: 3 }],
    ]);
    expect(await feeMonths(broken)).toEqual([]);
    const [failed, ...more] = await jobsOf(monthlyFeesJob, broken);
    expect(more).toEqual([]);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 5,
      lastError: expect.stringContaining(`broken building ${broken.b.id}`),
      singletonKey: `${monthlyFeesJob}:${broken.b.id}:2026-03-15`,
    });

    // The admin (no language of their own) reads it in the building's French, once: on the last attempt.
    const mails = await mailsTo([broken.admin.email]);
    expect(mails.map((m) => m.subject)).toEqual([
      `Building ${broken.b.ref} : échec de la tâche automatique « facturation des contributions mensuelles »`,
    ]);
    expect(mails[0]?.text).toContain('15 mars 2026');
    expect(mails[0]?.text).toContain('5 tentatives');
    expect(mails[0]?.text).toContain(`http://localhost:3000/building/${broken.b.ref}`);
    expect(await mailsTo([fine.admin.email])).toEqual([]);
    const logged = (await logsOf(h, broken.b)).filter((l) => l.metadata.reason === 'jobFailed');
    expect(logged.map((l) => [l.event, l.metadata.job, l.metadata.asOf, l.metadata.emails])).toEqual([
      ['peopleNotified', monthlyFeesJob, '2026-03-15', [broken.admin.email]],
    ]);
  });

  it('penalties: a building that fails is retried and alerted, the others are charged, and its arrears still run', async () => {
    clock.set('2026-03-15T12:00:00Z');
    const broken = await lateBuilding();
    const fine = await lateBuilding();
    const englishAdmin = await createUser(h, 'admin-en', { locale: 'en-CA' });
    await grantBuildingRole(h, broken.b, englishAdmin, 'admin');
    await breakBuilding('penalty_charges', broken.b.id);

    await schedulePenaltyJob(h.platform);
    await drainWithRetries();

    expect(await chargesOf(fine)).toEqual(['unitInterestFee 2026-01-01', 'unitLateFee 2026-01-01']);
    expect((await jobsOf(penaltyRunJob, fine)).map((j) => [j.status, j.result])).toEqual([
      ['done', { charged: 2 }],
    ]);
    expect(await chargesOf(broken)).toEqual([]);
    expect((await jobsOf(penaltyRunJob, broken)).map((j) => [j.status, j.attempts])).toEqual([['failed', 5]]);
    // The arrears are a job of their own: the failed charges do not hold them back.
    expect((await jobsOf(arrearsJob, broken)).map((j) => j.status)).toEqual(['done']);
    const [mail] = await mailsTo([englishAdmin.email]);
    expect(mail?.subject).toBe(`Building ${broken.b.ref}: the automatic late fee and interest check failed`);
    expect(mail?.text).toContain('as of March 15, 2026, failed after 5 attempts');
  });

  it('the schedule queues each building’s run once a day, however often it fires and however many instances', async () => {
    clock.set('2026-03-15T12:00:00Z');
    const s = await billedBuilding();
    const schedule = vi.spyOn(h.platform.jobs, 'schedule');
    // Two instances start: each schedules the daily run and catches up on today's.
    await scheduleMonthlyBilling(h.platform);
    await scheduleMonthlyBilling(h.platform);
    expect(schedule.mock.calls.map(([pattern, label]) => [pattern, label])).toEqual([
      ['0 6 * * *', monthlyFeesJob],
      ['0 6 * * *', monthlyFeesJob],
    ]);
    const fires = schedule.mock.calls.map(([, , fire]) => fire);
    schedule.mockRestore();
    for (const fire of [...fires, ...fires]) await fire();
    const keys = async () => (await jobsOf(monthlyFeesJob, s)).map((j) => j.singletonKey);
    expect(await keys()).toEqual([`${monthlyFeesJob}:${s.b.id}:2026-03-15`]);

    await h.platform.jobs.drain();
    // The run queues no next run of its own: the schedule does.
    expect((await jobsOf(monthlyFeesJob, s)).map((j) => j.status)).toEqual(['done']);
    clock.set('2026-03-16T06:00:00Z');
    for (const fire of fires) await fire();
    expect(await keys()).toEqual([
      `${monthlyFeesJob}:${s.b.id}:2026-03-15`,
      `${monthlyFeesJob}:${s.b.id}:2026-03-16`,
    ]);
  });

  it('today is the building’s date: at 03:30 UTC on March 1st, still February 28th in Montreal', async () => {
    clock.set('2026-03-01T03:30:00Z');
    const montreal = await billedBuilding({ timeZone: 'America/Montreal' });
    const utc = await billedBuilding({ timeZone: 'UTC' });
    expect(await todayOf(h.platform.db, h.platform.clock, montreal.b.id)).toBe('2026-02-28');
    expect(await todayOf(h.platform.db, h.platform.clock, utc.b.id)).toBe('2026-03-01');

    await enqueueForEveryBuilding(h.platform, monthlyFeesJob);
    await h.platform.jobs.drain();
    expect(await feeMonths(montreal)).toEqual(['2026-01-01', '2026-02-01']);
    expect(await feeMonths(utc)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect((await jobsOf(monthlyFeesJob, montreal)).map((j) => j.payload)).toEqual([
      { buildingId: montreal.b.id, asOf: '2026-02-28' },
    ]);

    // The routes and the reports read the same today.
    const preview = await as(h, montreal.admin).get(`${montreal.base}/penalties/run/preview`);
    expect(preview.json()).toMatchObject({ asOf: '2026-02-28' });
    const report = await as(h, montreal.admin).get(`${montreal.base}/reports/roster?format=csv`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.headers['content-disposition']).toContain('2026-02-28.csv');
    expect((await as(h, utc.admin).get(`${utc.base}/penalties/run/preview`)).json()).toMatchObject({
      asOf: '2026-03-01',
    });
  });
});

describe('failure alerts', () => {
  it('name every job they may be about in English and in French', () => {
    for (const name of [monthlyFeesJob, penaltyRunJob, arrearsJob, penaltyCheckJob]) {
      expect([hasKey('en', `jobs.names.${name}`), hasKey('fr', `jobs.names.${name}`)], name).toEqual([
        true,
        true,
      ]);
    }
  });
});

describe('run the check now: preview, job and status', () => {
  it('previews what the check charges, runs it as a job, and reports its progress and result', async () => {
    clock.set('2026-03-15T12:00:00Z');
    const s = await lateBuilding();
    const preview = await as(h, s.admin).get(`${s.base}/penalties/run/preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    const planned = preview.json() as {
      asOf: string;
      charges: { unitUuid: string; unitNumber: string; kind: string; month: string; amount: number }[];
      total: number;
    };
    expect(planned.asOf).toBe('2026-03-15');
    expect(
      planned.charges
        .map((c) => [c.unitUuid, c.unitNumber, c.kind, c.month, c.amount])
        .sort((a, b) => String(a[2]).localeCompare(String(b[2]))),
    ).toEqual([
      [s.unit.uuid, s.unit.number, 'unitInterestFee', '2026-01-01', 300],
      [s.unit.uuid, s.unit.number, 'unitLateFee', '2026-01-01', 2_500],
    ]);
    expect(planned.total).toBe(2_800);
    // A preview charges nothing.
    expect(await chargesOf(s)).toEqual([]);

    const run = await as(h, s.admin).post(`${s.base}/penalties/run`);
    expect(run.statusCode, run.body).toBe(202);
    const { jobId } = run.json() as { jobId: number };
    const statusUrl = `/api/buildings/${s.b.ref}/jobs/${jobId}`;
    expect((await as(h, s.admin).get(statusUrl)).json()).toEqual({
      id: jobId,
      name: penaltyCheckJob,
      status: 'queued',
      progress: null,
      result: null,
      error: null,
    });

    await h.platform.jobs.drain();
    expect((await as(h, s.admin).get(statusUrl)).json()).toEqual({
      id: jobId,
      name: penaltyCheckJob,
      status: 'done',
      progress: { done: 2, total: 2 },
      result: { asOf: '2026-03-15', charged: 2, amount: 2_800 },
      error: null,
    });
    expect(await chargesOf(s)).toEqual(['unitInterestFee 2026-01-01', 'unitLateFee 2026-01-01']);
    expect((await as(h, s.admin).get(`${s.base}/penalties/run/preview`)).json()).toEqual({
      asOf: '2026-03-15',
      charges: [],
      total: 0,
    });
  });

  it('answers a job only in its own building, and a failed check with its error code', async () => {
    clock.set('2026-03-15T12:00:00Z');
    const s = await lateBuilding();
    const other = await lateBuilding();
    // An admin of both buildings still cannot read one's job through the other.
    await grantBuildingRole(h, other.b, s.admin, 'admin');
    const { jobId } = (await as(h, s.admin).post(`${s.base}/penalties/run`)).json() as { jobId: number };
    expect((await as(h, s.admin).get(`/api/buildings/${other.b.ref}/jobs/${jobId}`)).statusCode).toBe(404);
    expect((await as(h, other.admin).get(`/api/buildings/${s.b.ref}/jobs/${jobId}`)).statusCode).toBe(404);
    expect((await as(h, s.admin).get(`/api/buildings/${s.b.ref}/jobs/999999999`)).statusCode).toBe(404);
    // A job of no building (a mail) is nobody's to read.
    const mailJob = await h.platform.jobs.enqueue(h.platform.db, 'test.no-building', {});
    expect((await as(h, s.admin).get(`/api/buildings/${s.b.ref}/jobs/${mailJob}`)).statusCode).toBe(404);

    // Archived before the job ran: it fails, once, and says why.
    await h.platform.db
      .update(fiscalYear)
      .set({ archived: true })
      .where(and(eq(fiscalYear.buildingId, s.b.id), eq(fiscalYear.startDate, '2026-01-01')));
    await h.platform.jobs.drain();
    expect((await as(h, s.admin).get(`/api/buildings/${s.b.ref}/jobs/${jobId}`)).json()).toMatchObject({
      status: 'failed',
      result: null,
      error: 'archivedFiscalYear',
    });
    expect(await chargesOf(s)).toEqual([]);
    // And a check on an archived year is refused at once.
    expect((await as(h, s.admin).post(`${s.base}/penalties/run`)).statusCode).toBe(409);
  });

  it('keeps a running job’s progress on its row, and its result when done', async () => {
    const name = `test.progress.${Math.random().toString(36).slice(2, 10)}`;
    const queue = new JobQueue(h.platform.db, 50);
    let release: () => void = () => {};
    const halfway = new Promise<void>((resolve) => {
      queue.register(name, async (_payload, context) => {
        context.progress(1, 3);
        context.progress(2, 3);
        resolve();
        await new Promise<void>((done) => (release = done));
        context.progress(3, 3);
        return { charged: 3 };
      });
    });
    const id = await queue.enqueue(h.platform.db, name, {}, { buildingId: (await lateBuilding()).b.id });
    const draining = queue.drain();
    await halfway;
    const row = async () =>
      (
        await h.platform.db
          .select()
          .from(job)
          .where(eq(job.id, id ?? 0))
      )[0];
    // The writes do not hold the job back; they land soon after.
    await vi.waitFor(async () => expect(await row()).toMatchObject({ progressDone: 2, progressTotal: 3 }));
    expect((await row())?.status).toBe('running');
    release();
    await draining;
    expect(await row()).toMatchObject({
      status: 'done',
      progressDone: 3,
      progressTotal: 3,
      result: { charged: 3 },
    });
  });
});
