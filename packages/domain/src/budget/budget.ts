import { z } from 'zod';
import { addCents, sumCents, zeroCents } from '../money';
import { isoDateSchema, limits, nameSchema, nonNegativeCentsSchema } from '../schemas/common';
import type { BudgetPreview, MemberPreview } from '../schemas/budget';
import { recordUuidSchema } from '../schemas/registry';
import { contributionSchedule } from './allocation';

/** DOMAIN 3: what a contribution applies to. */
export const appliesToPattern =
  /^(?:all:(?:units|parkings|lockers)|units:[^\s]{1,10}|(?:parkings|lockers):[0-9a-f-]{36})$/;

export const contributionSchema = z.object({
  name: nameSchema,
  /** Annual amount, in cents. */
  amount: nonNegativeCentsSchema,
  /** The revenue category that receives it. */
  category: recordUuidSchema,
  appliesTo: z.string().regex(appliesToPattern, { message: 'validation.invalidIdentifier' }),
  endDate: isoDateSchema.optional(),
});
export type Contribution = z.infer<typeof contributionSchema>;

export const budgetInputSchema = z.object({
  contributions: z.array(contributionSchema).max(50),
  budgetedAmounts: z.record(recordUuidSchema, nonNegativeCentsSchema),
  budgetedComments: z.record(recordUuidSchema, z.string().max(limits.notes)),
});
export type BudgetInput = z.infer<typeof budgetInputSchema>;

export const applyBudgetSchema = z.object({ applicationDate: isoDateSchema });

export const memberKinds = ['units', 'parkings', 'lockers'] as const;
export type MemberKind = (typeof memberKinds)[number];

export interface BudgetMember {
  kind: MemberKind;
  uuid: string;
  number: string;
  voteShare: number;
  noMonthlyFees: boolean;
  /** The unit whose account a fee is billed to: the unit itself, or the unit a parking or locker belongs to. */
  billedTo: { unitUuid: string; unitNumber: string } | null;
}

/** The members a contribution targets, before those left out. */
export function targetedMembers(appliesTo: string, members: readonly BudgetMember[]): BudgetMember[] {
  const [scope = '', value = ''] = appliesTo.split(':');
  if (scope === 'all') return members.filter((m) => m.kind === value);
  if (scope === 'units') return members.filter((m) => m.kind === 'units' && m.number === value);
  return members.filter((m) => m.kind === scope && m.uuid === value);
}

/**
 * The months of a fiscal year by their 1st (DOMAIN 3: fees are billed on the 1st), from its start
 * month: 12 of them.
 */
export function fiscalMonths(yearStart: string): string[] {
  const [y = 0, m = 1] = yearStart.split('-').map(Number);
  return Array.from({ length: 12 }, (_, i) => {
    const month = m - 1 + i;
    const year = y + Math.floor(month / 12);
    return `${year}-${String((month % 12) + 1).padStart(2, '0')}-01`;
  });
}

/** How many 1sts of the year bill a contribution: 12, or those up to an exceptional one's end date. */
export const billableMonths = (yearStart: string, endDate?: string): number =>
  endDate ? Math.max(1, fiscalMonths(yearStart).filter((month) => month <= endDate).length) : 12;

/** The first 1st on or after a date: a budget applied mid-month bills from the next month. */
export function firstBilledMonth(applicationDate: string): string {
  if (applicationDate.endsWith('-01')) return applicationDate;
  const [y = 0, m = 1] = applicationDate.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/**
 * Every member's part of every contribution, month by month (DOMAIN 3): shares by vote share among
 * the targeted members that pay fees and can be billed; a contribution with an end date bills
 * nothing in the months after it. Members with no monthly fees, and parkings or lockers that
 * belong to no unit, are left out so the others cover the whole amount.
 */
export function budgetPreview(
  contributions: readonly Contribution[],
  members: readonly BudgetMember[],
  yearStart: string,
): BudgetPreview {
  const months = fiscalMonths(yearStart);
  const rows = new Map<string, MemberPreview>();
  const leftOut = new Map<string, BudgetPreview['leftOut'][number]>();
  const totals: BudgetPreview['totals'] = {
    annual: zeroCents,
    contributions: [],
    months: months.map(() => zeroCents),
  };
  contributions.forEach((contribution, index) => {
    const targeted = targetedMembers(contribution.appliesTo, members);
    const paying = targeted.filter((m) => {
      const reason = m.noMonthlyFees ? 'noMonthlyFees' : m.billedTo ? null : 'noUnit';
      if (reason) leftOut.set(m.uuid, { kind: m.kind, uuid: m.uuid, number: m.number, reason });
      return reason === null && m.voteShare > 0;
    });
    if (paying.length === 0) {
      totals.contributions.push({ index, annual: contribution.amount, billed: zeroCents });
      return;
    }
    // An exceptional contribution is collected over the months up to its end date.
    const billable = billableMonths(yearStart, contribution.endDate);
    const schedule = contributionSchedule(
      contribution.amount,
      paying.map((m) => m.voteShare),
      billable,
    );
    let billed = zeroCents;
    paying.forEach((member, i) => {
      const monthly = months.map((_, m) => schedule[i]?.[m] ?? zeroCents);
      const annual = sumCents(monthly);
      billed = addCents(billed, annual);
      const row = rows.get(member.uuid) ?? {
        kind: member.kind,
        uuid: member.uuid,
        number: member.number,
        billedTo: member.billedTo,
        annual: zeroCents,
        monthly: months.map(() => zeroCents),
        contributions: [],
      };
      row.annual = addCents(row.annual, annual);
      row.monthly = row.monthly.map((value, m) => addCents(value, monthly[m] ?? zeroCents));
      row.contributions.push({ index, annual, monthly });
      rows.set(member.uuid, row);
      monthly.forEach((amount, m) => (totals.months[m] = addCents(totals.months[m] ?? zeroCents, amount)));
    });
    totals.annual = addCents(totals.annual, billed);
    totals.contributions.push({ index, annual: contribution.amount, billed });
  });
  return { members: [...rows.values()], leftOut: [...leftOut.values()], totals };
}

/** DOMAIN 3: a warning when the contingency fund gets less than 5 % of the contributions. */
export const contingencyMinimum = 0.05;
export function contingencyShare(
  contributions: readonly Contribution[],
  contingencyCategory: string | undefined,
): number {
  const total = contributions.reduce((s, c) => s + c.amount, 0);
  if (total === 0) return 0;
  return (
    contributions.filter((c) => c.category === contingencyCategory).reduce((s, c) => s + c.amount, 0) / total
  );
}
