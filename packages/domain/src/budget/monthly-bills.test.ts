import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cents } from '../money';
import type { MemberPreview } from '../schemas/budget';
import { addDays } from '../time';
import { fiscalMonths } from './budget';
import {
  budgetOfMonth,
  correctionDay,
  monthlyBillsDue,
  type BillDue,
  type BillingBudget,
  type FeeBilled,
} from './monthly-bills';

const yearStart = '2026-01-01';
const yearEnd = '2026-12-31';
const months = fiscalMonths(yearStart);
const memberUuids = ['m1', 'm2', 'm3', 'm4'];
const categories = ['condo', 'fund', 'parking'];

const monthlyArb = fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 12, maxLength: 12 });

/** A member's fees: one to three contributions (by index), each 12 monthly amounts. */
const memberArb = (uuid: string): fc.Arbitrary<MemberPreview> =>
  fc.array(monthlyArb, { minLength: 1, maxLength: 3 }).map((parts) => {
    const monthly = months.map((_, m) => cents(parts.reduce((sum, p) => sum + (p[m] ?? 0), 0)));
    return {
      kind: 'units',
      uuid,
      number: uuid,
      billedTo: { unitUuid: uuid, unitNumber: uuid },
      annual: cents(monthly.reduce((a, b) => a + b, 0)),
      monthly,
      contributions: parts.map((p, index) => ({
        index,
        annual: cents(p.reduce((a, b) => a + b, 0)),
        monthly: p.map(cents),
      })),
    };
  });

/** A budget applied at noon on `appliedOn`, from `applicationDate`, billing some of the members. */
const budgetArb = (uuid: string) =>
  fc.record({
    uuid: fc.constant(uuid),
    appliedOn: fc.integer({ min: 0, max: 330 }).map((d) => addDays(yearStart, d)),
    applicationDate: fc.integer({ min: 0, max: 330 }).map((d) => addDays(yearStart, d)),
    categories: fc.shuffledSubarray(categories, { minLength: 3, maxLength: 3 }),
    members: fc
      .subarray(memberUuids, { minLength: 1 })
      .chain((uuids) => fc.tuple(...uuids.map((u) => memberArb(u)))),
  });

type Story = { uuid: string; appliedOn: string; applicationDate: string } & Omit<
  BillingBudget,
  'appliedAt' | 'applicationDate'
>;

const applied = (stories: readonly Story[], before: string): BillingBudget[] =>
  stories
    .filter((s) => s.appliedOn < before)
    .map((s) => ({ ...s, appliedAt: `${s.appliedOn}T12:00:00.000Z` }))
    .sort((a, b) => (a.appliedAt < b.appliedAt ? -1 : 1));

const asBilled = (bills: readonly BillDue[]): FeeBilled[] =>
  bills.map((b) => ({ kind: b.kind, budget: b.budget, member: b.member.uuid, month: b.month }));

/** Runs billing on each of `days` (at 06:00, before any budget applied that day), recording what it bills. */
function runDaily(stories: readonly Story[], days: readonly string[]): BillDue[] {
  const bills: BillDue[] = [];
  for (const today of days) {
    bills.push(
      ...monthlyBillsDue({
        yearStart,
        yearEnd,
        today,
        budgets: applied(stories, today),
        billed: asBilled(bills),
      }),
    );
  }
  return bills;
}

const daysArb = fc
  .uniqueArray(fc.integer({ min: 0, max: 364 }), { maxLength: 20 })
  .map((ds) => [...ds, 364].sort((a, b) => a - b).map((d) => addDays(yearStart, d)));

const total = (bill: BillDue) => bill.parts.reduce((sum, p) => sum + p.amount, 0);

describe('monthly bills', () => {
  it('bills nothing more when run again, whatever was billed before', () => {
    fc.assert(
      fc.property(fc.tuple(budgetArb('a'), budgetArb('b'), budgetArb('c')), daysArb, (stories, days) => {
        const bills = runDaily(stories, days);
        for (const today of days) {
          const again = monthlyBillsDue({
            yearStart,
            yearEnd,
            today,
            budgets: applied(stories, today),
            billed: asBilled(bills),
          });
          expect(again.filter((b) => b.month <= today)).toEqual([]);
        }
      }),
    );
  });

  it('bills each member a month at most once, on its 1st, never after today or the year, never zero', () => {
    fc.assert(
      fc.property(fc.tuple(budgetArb('a'), budgetArb('b'), budgetArb('c')), daysArb, (stories, days) => {
        const bills = runDaily(stories, days);
        const fees = bills.filter((b) => b.kind === 'unitMonthlyFee');
        const keys = fees.map((b) => `${b.member.uuid}:${b.month}`);
        expect(new Set(keys).size).toBe(keys.length);
        const corrections = bills.map((b) => `${b.kind}:${b.budget}:${b.member.uuid}:${b.month}`);
        expect(new Set(corrections).size).toBe(corrections.length);
        for (const bill of bills) {
          expect(months).toContain(bill.month);
          expect(bill.month <= yearEnd).toBe(true);
          expect(bill.parts.every((p) => p.amount !== 0)).toBe(true);
        }
      }),
    );
  });

  it("bills a fee as its month's budget's amount for the member, by category", () => {
    fc.assert(
      fc.property(fc.tuple(budgetArb('a'), budgetArb('b')), (stories) => {
        const budgets = applied(stories, yearEnd);
        const bills = monthlyBillsDue({ yearStart, yearEnd, today: yearEnd, budgets, billed: [] });
        for (const bill of bills.filter((b) => b.kind === 'unitMonthlyFee')) {
          const b = budgetOfMonth(budgets, bill.month);
          const member = b?.members.find((m) => m.uuid === bill.member.uuid);
          expect(b?.uuid).toBe(bill.budget);
          expect(total(bill)).toBe(member?.monthly[months.indexOf(bill.month)]);
        }
        // Billed once the year is over, every month is its last budget's: nothing to correct.
        expect(bills.filter((b) => b.kind === 'budgetCorrection')).toEqual([]);
      }),
    );
  });

  it('a retroactive budget: fees and corrections add up, by member and category, to what it bills', () => {
    fc.assert(
      fc.property(budgetArb('first'), budgetArb('later'), daysArb, (first, later, days) => {
        // The first budget is applied before the year; the later one at any day of it.
        const stories = [{ ...first, appliedOn: '2025-12-15', applicationDate: yearStart }, later];
        const bills = runDaily(stories, days);
        const budgets = applied(stories, '2027-01-01');
        const billed = new Map<string, number>();
        for (const bill of bills) {
          for (const p of bill.parts) {
            const key = `${bill.member.uuid}:${p.category}`;
            billed.set(key, (billed.get(key) ?? 0) + p.amount);
          }
        }
        // What each member owes: every month billed, at the amount of the budget that bills it now.
        const owed = new Map<string, number>();
        const feeMonths = new Set(
          bills.filter((b) => b.kind === 'unitMonthlyFee').map((b) => `${b.member.uuid}:${b.month}`),
        );
        for (const [index, month] of months.entries()) {
          const b = budgetOfMonth(budgets, month);
          for (const member of b?.members ?? []) {
            if (!feeMonths.has(`${member.uuid}:${month}`)) continue;
            for (const part of member.contributions) {
              const key = `${member.uuid}:${b?.categories[part.index]}`;
              owed.set(key, (owed.get(key) ?? 0) + (part.monthly[index] ?? 0));
            }
          }
        }
        // A member the later budget dropped owes nothing for the months it covers.
        for (const [key, amount] of owed) expect(billed.get(key) ?? 0, key).toBe(amount);
        for (const [key, amount] of billed) expect(owed.get(key) ?? 0, key).toBe(amount);
      }),
    );
  });

  it('corrects on the first 1st after the day a budget was applied, naming the months', () => {
    const member = (uuid: string, amount: number): MemberPreview => ({
      kind: 'units',
      uuid,
      number: uuid,
      billedTo: { unitUuid: uuid, unitNumber: uuid },
      annual: cents(amount * 12),
      monthly: months.map(() => cents(amount)),
      contributions: [{ index: 0, annual: cents(amount * 12), monthly: months.map(() => cents(amount)) }],
    });
    const first: BillingBudget = {
      uuid: 'first',
      appliedAt: '2026-01-01T12:00:00.000Z',
      applicationDate: yearStart,
      categories: ['condo'],
      members: [member('101', 1_000)],
    };
    const raised: BillingBudget = {
      uuid: 'raised',
      appliedAt: '2026-03-20T12:00:00.000Z',
      applicationDate: '2026-02-01',
      categories: ['condo'],
      members: [member('101', 1_500)],
    };
    expect(correctionDay(raised.appliedAt)).toBe('2026-04-01');
    expect(correctionDay('2026-03-31T23:00:00.000Z')).toBe('2026-04-01');
    expect(correctionDay('2026-04-01T00:30:00.000Z')).toBe('2026-05-01');
    const before = monthlyBillsDue({ yearStart, yearEnd, today: '2026-03-15', budgets: [first], billed: [] });
    expect(before.map((b) => [b.kind, b.month, total(b)])).toEqual([
      ['unitMonthlyFee', '2026-01-01', 1_000],
      ['unitMonthlyFee', '2026-02-01', 1_000],
      ['unitMonthlyFee', '2026-03-01', 1_000],
    ]);
    const after = monthlyBillsDue({
      yearStart,
      yearEnd,
      today: '2026-04-01',
      budgets: [first, raised],
      billed: asBilled(before),
    });
    expect(after.map((b) => [b.kind, b.budget, b.month, b.months, total(b)])).toEqual([
      ['unitMonthlyFee', 'raised', '2026-04-01', ['2026-04'], 1_500],
      ['budgetCorrection', 'raised', '2026-04-01', ['2026-02', '2026-03'], 1_000],
    ]);
  });
});
