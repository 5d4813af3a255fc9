import { cents, type Cents } from '../money';
import type { MemberPreview } from '../schemas/budget';
import { addDays } from '../time';
import { firstBilledMonth, fiscalMonths } from './budget';

/**
 * DOMAIN 3: what the billing run of a fiscal year bills on `today`, given the year's applied
 * budgets and what is already billed (the `fee_billings` rows). The run posts exactly this.
 *
 * The budget of a month M: among the applied budgets whose first billed month (the first 1st on
 * or after the application date) is on or before M, the one applied last.
 *
 * Fees: for each 1st M of the year, up to `today` and the year's end, that has a budget, each
 * member of that budget whose monthly amount for M is not zero and that no budget has billed for M
 * yet is billed one `unitMonthlyFee` dated M, its parts by the contributions' categories.
 *
 * Corrections (retroactive application): for each applied budget L, in the order they were
 * applied, its correction day is the first 1st on or after the day after it was applied; when that
 * day is on or before `today` and the year's end, then for each month M from L's first billed month
 * up to (not including) the correction day whose budget is L, each member that another budget E
 * billed for M gets the difference L's parts − E's parts of M. One `budgetCorrection` per member,
 * dated on the correction day, sums them and names the months it covers, unless L already
 * corrected that member on that day. A fee decided by this run counts as billed by its budget.
 *
 * A bill's parts that come to zero are dropped; a bill with no part left is not billed (it stays
 * due, and is decided again, as nothing, by the next run).
 */

/** An applied budget as billing reads it. */
export interface BillingBudget {
  uuid: string;
  /** When it was applied (ISO timestamp). */
  appliedAt: string;
  applicationDate: string | null;
  /** Each contribution's receiving category (category uuid), by the contribution's index. */
  categories: readonly string[];
  /** Its members' fees (the budget's preview). */
  members: readonly MemberPreview[];
}

/** A fee or correction already billed: a `fee_billings` row. */
export interface FeeBilled {
  kind: BillKind;
  budget: string;
  member: string;
  /** The 1st it is recorded under. */
  month: string;
}

export type BillKind = 'unitMonthlyFee' | 'budgetCorrection';

export interface MonthlyBillsInput {
  /** The fiscal year's first and last days. */
  yearStart: string;
  yearEnd: string;
  today: string;
  /** The year's applied budgets, in the order they were applied. */
  budgets: readonly BillingBudget[];
  billed: readonly FeeBilled[];
}

/** One fee or correction to post and record. */
export interface BillDue {
  kind: BillKind;
  budget: string;
  member: Pick<MemberPreview, 'kind' | 'uuid' | 'number' | 'billedTo'>;
  /** The 1st it is dated and recorded under. */
  month: string;
  /** The months it bills, as YYYY-MM: a fee its own, a correction those it corrects. */
  months: string[];
  /** What each category receives (never zero); the member's unit is debited their sum. */
  parts: { category: string; amount: Cents }[];
}

/** The budget that bills `month`: the latest applied of those that had started by then. */
export function budgetOfMonth<B extends Pick<BillingBudget, 'applicationDate' | 'appliedAt'>>(
  budgets: readonly B[],
  month: string,
): B | undefined {
  let found: B | undefined;
  for (const b of budgets) {
    if (!b.applicationDate || firstBilledMonth(b.applicationDate) > month) continue;
    if (!found || b.appliedAt > found.appliedAt) found = b;
  }
  return found;
}

/** The 1st a budget's retroactive corrections are billed on: the first one after the day it was applied. */
export const correctionDay = (appliedAt: string): string =>
  firstBilledMonth(addDays(appliedAt.slice(0, 10), 1));

/** A member's part of a month, by receiving category. */
function partsOf(b: BillingBudget, member: MemberPreview | undefined, index: number): Map<string, number> {
  const parts = new Map<string, number>();
  for (const part of member?.contributions ?? []) {
    const category = b.categories[part.index] ?? '';
    parts.set(category, (parts.get(category) ?? 0) + (part.monthly[index] ?? 0));
  }
  return parts;
}

const nonZero = (parts: Map<string, number>): BillDue['parts'] =>
  [...parts.entries()]
    .filter(([, amount]) => amount !== 0)
    .map(([category, amount]) => ({
      category,
      amount: cents(amount),
    }));

const memberOf = (m: MemberPreview): BillDue['member'] => ({
  kind: m.kind,
  uuid: m.uuid,
  number: m.number,
  billedTo: m.billedTo,
});

/** A member's correction as it adds up, month by month. */
interface Correction {
  member: MemberPreview;
  parts: Map<string, number>;
  months: string[];
}

/** Every fee and correction due (the rules are in this file's header), fees first, in month order. */
export function monthlyBillsDue(input: MonthlyBillsInput): BillDue[] {
  const { budgets, today, yearEnd } = input;
  const months = fiscalMonths(input.yearStart);
  const billedBy = new Map<string, string>();
  const corrected = new Set<string>();
  for (const row of input.billed) {
    if (row.kind === 'unitMonthlyFee') billedBy.set(`${row.member}:${row.month}`, row.budget);
    else corrected.add(`${row.budget}:${row.member}:${row.month}`);
  }
  const membersOf = new Map(budgets.map((b) => [b.uuid, new Map(b.members.map((m) => [m.uuid, m]))]));
  const due: BillDue[] = [];

  for (const [index, month] of months.entries()) {
    if (month > today || month > yearEnd) break;
    const effective = budgetOfMonth(budgets, month);
    if (!effective) continue;
    for (const member of effective.members) {
      const key = `${member.uuid}:${month}`;
      if (billedBy.has(key) || (member.monthly[index] ?? 0) === 0) continue;
      billedBy.set(key, effective.uuid);
      const parts = nonZero(partsOf(effective, member, index));
      if (parts.length === 0) continue;
      due.push({
        kind: 'unitMonthlyFee',
        budget: effective.uuid,
        member: memberOf(member),
        month,
        months: [month.slice(0, 7)],
        parts,
      });
    }
  }

  for (const later of budgets) {
    const on = correctionDay(later.appliedAt);
    if (on > today || on > yearEnd || !later.applicationDate) continue;
    const from = firstBilledMonth(later.applicationDate);
    const laterMembers = membersOf.get(later.uuid) ?? new Map<string, MemberPreview>();
    const corrections = new Map<string, Correction>();
    for (const [index, month] of months.entries()) {
      if (month < from || month >= on || budgetOfMonth(budgets, month)?.uuid !== later.uuid) continue;
      for (const earlier of budgets) {
        if (earlier.uuid === later.uuid) continue;
        const earlierMembers = membersOf.get(earlier.uuid) ?? new Map<string, MemberPreview>();
        const both = new Map([...earlierMembers, ...laterMembers]);
        for (const member of both.values()) {
          if (billedBy.get(`${member.uuid}:${month}`) !== earlier.uuid) continue;
          if (corrected.has(`${later.uuid}:${member.uuid}:${on}`)) continue;
          const now = partsOf(later, laterMembers.get(member.uuid), index);
          const before = partsOf(earlier, earlierMembers.get(member.uuid), index);
          const entry: Correction = corrections.get(member.uuid) ?? { member, parts: new Map(), months: [] };
          for (const category of new Set([...now.keys(), ...before.keys()])) {
            entry.parts.set(
              category,
              (entry.parts.get(category) ?? 0) + (now.get(category) ?? 0) - (before.get(category) ?? 0),
            );
          }
          if (!entry.months.includes(month.slice(0, 7))) entry.months.push(month.slice(0, 7));
          corrections.set(member.uuid, entry);
        }
      }
    }
    for (const { member, parts, months: covered } of corrections.values()) {
      const nonZeroParts = nonZero(parts);
      if (nonZeroParts.length === 0) continue;
      due.push({
        kind: 'budgetCorrection',
        budget: later.uuid,
        member: memberOf(member),
        month: on,
        months: covered,
        parts: nonZeroParts,
      });
    }
  }
  return due;
}
