import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { feeBilling, outbox, penaltyCharge } from '../../db/schema/index';
import { FixedClock } from '../../platform/clock';
import { createHarness, type Harness } from '../../test/harness';
import { applyBudget, saveBudget } from '../receivables';
import { withPenalties } from '../receivables/penalties/test-setup';
import { JobRunError, runJobAsOf, type JobRunContext } from './run-as-of';
import { cents } from '@copro/domain';

let h: Harness;
let ctx: JobRunContext;
beforeAll(async () => {
  h = await createHarness({}, new FixedClock('2026-04-20T12:00:00Z'));
  ctx = {
    db: h.platform.db,
    mail: { mailer: h.platform.mailer, publicUrl: 'https://copro.test' },
    clock: h.platform.clock,
  };
});
afterAll(async () => h.close());

const backend = { kind: 'system', id: 'backend' } as const;

/** A building with a $25 late fee and 12 % interest (10 grace days), one owned unit and $100 a month from January. */
async function building(ownerEmail: string) {
  const s = await withPenalties(h);
  const unit = await s.unit([{ emails: [ownerEmail] }]);
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

const feeMonths = async (buildingId: string) =>
  (
    await h.platform.db
      .select({ month: feeBilling.month })
      .from(feeBilling)
      .where(eq(feeBilling.buildingId, buildingId))
      .orderBy(asc(feeBilling.month))
  ).map((r) => r.month);

const chargesOf = (buildingId: string) =>
  h.platform.db
    .select()
    .from(penaltyCharge)
    .where(eq(penaltyCharge.buildingId, buildingId))
    .orderBy(asc(penaltyCharge.month), asc(penaltyCharge.kind));

describe('npm run job: one building as of a date', () => {
  it('bills, then charges late fees, then reminds, as of the date given, once, and for that building only', async () => {
    const ownerEmail = `owner-${randomUUID().slice(0, 8)}@example.test`;
    const s = await building(ownerEmail);
    const other = await building(`other-${randomUUID().slice(0, 8)}@example.test`);

    // Each 1st, as the daily runs of those days would have.
    for (const day of ['2026-01-01', '2026-02-01', '2026-03-01']) {
      expect(await runJobAsOf(ctx, 'bill-monthly-fees', s.b.ref, day)).toEqual({ billed: 1 });
      expect((await feeMonths(s.b.id)).at(-1)).toBe(day);
    }
    expect(await feeMonths(s.b.id)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(await feeMonths(other.b.id)).toEqual([]);
    expect(await runJobAsOf(ctx, 'bill-monthly-fees', s.b.ref, '2026-03-01')).toEqual({ billed: 0 });

    // March 15th: the cut-offs of January, February and March (the 11th) have passed.
    const { charged } = await runJobAsOf(ctx, 'charge-penalties', s.b.ref, '2026-03-15');
    const charges = await chargesOf(s.b.id);
    expect(charges).toHaveLength(charged ?? -1);
    expect(charges.filter((c) => c.kind === 'unitLateFee').map((c) => c.month)).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
    expect(charges.some((c) => c.kind === 'unitInterestFee')).toBe(true);
    const postings = await s.postings(s.unit.aid);
    expect(
      postings
        .filter((p) => p.kind === 'unitLateFee' || p.kind === 'unitInterestFee')
        .every((p) => p.date <= '2026-03-15'),
    ).toBe(true);
    expect(await chargesOf(other.b.id)).toEqual([]);
    expect(await runJobAsOf(ctx, 'charge-penalties', s.b.ref, '2026-03-15')).toEqual({ charged: 0 });

    // The first run of April reminds the owner, once.
    const done = await runJobAsOf(ctx, 'arrears-alerts', s.b.ref, '2026-04-01');
    expect(done.reminders).toBe(1);
    expect((await h.platform.db.select().from(outbox).where(eq(outbox.to, ownerEmail))).length).toBe(1);
    expect((await runJobAsOf(ctx, 'arrears-alerts', s.b.ref, '2026-04-01')).reminders).toBe(0);
  });

  it('refuses a date after the building’s today, a date that is none, and a building that does not exist', async () => {
    const s = await building(`owner-${randomUUID().slice(0, 8)}@example.test`);
    await expect(runJobAsOf(ctx, 'bill-monthly-fees', s.b.ref, '2026-04-21')).rejects.toThrow(
      new JobRunError("2026-04-21 is after the building's today (2026-04-20)"),
    );
    await expect(runJobAsOf(ctx, 'bill-monthly-fees', s.b.ref, '2026-4-1')).rejects.toBeInstanceOf(
      JobRunError,
    );
    await expect(runJobAsOf(ctx, 'charge-penalties', 'no-such-building', '2026-04-01')).rejects.toThrow(
      new JobRunError('No building "no-such-building"'),
    );
    expect(await feeMonths(s.b.id)).toEqual([]);
  });
});
