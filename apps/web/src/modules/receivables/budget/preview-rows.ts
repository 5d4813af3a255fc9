import { compareNumbers } from '../../../ui/compare';
import { searchable } from '../../../ui/format';
import type { BudgetPreview, Contribution, MemberKind } from '@copro/domain';

/** A contribution's part for one member: the year, and what most months bill. */
export interface PreviewPart {
  annual: number;
  monthly: number;
}

export interface PreviewRow {
  uuid: string;
  kind: MemberKind;
  number: string;
  /** The unit a parking's or locker's fee goes to. */
  billedTo: string | null;
  annual: number;
  monthly: number;
  /** One per contribution of the budget, by its index; null where the member does not pay it. */
  parts: (PreviewPart | null)[];
}

/**
 * What most months bill: the months of a part differ by a cent at most (the odd cents are spread
 * so the year adds up), and an exceptional contribution bills nothing after its end date, so the
 * most frequent amount other than zero is the one to show; on a tie, the larger.
 */
export function usualMonthly(months: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const cents of months) if (cents !== 0) counts.set(cents, (counts.get(cents) ?? 0) + 1);
  let usual = 0;
  let best = 0;
  for (const [cents, count] of counts) {
    if (count > best || (count === best && cents > usual)) {
      usual = cents;
      best = count;
    }
  }
  return usual;
}

const kindOrder: Record<MemberKind, number> = { units: 0, parkings: 1, lockers: 2 };

/** The preview's members as table rows: units, then parkings, then lockers, each by number. */
export function previewRows(preview: BudgetPreview, contributionCount: number): PreviewRow[] {
  return preview.members
    .map((member) => {
      const parts: (PreviewPart | null)[] = Array.from({ length: contributionCount }, () => null);
      for (const part of member.contributions)
        if (part.index < contributionCount)
          parts[part.index] = { annual: part.annual, monthly: usualMonthly(part.monthly) };
      return {
        uuid: member.uuid,
        kind: member.kind,
        number: member.number,
        billedTo: member.kind === 'units' ? null : (member.billedTo?.unitNumber ?? null),
        annual: member.annual,
        monthly: usualMonthly(member.monthly),
        parts,
      };
    })
    .sort((a, b) => kindOrder[a.kind] - kindOrder[b.kind] || compareNumbers(a.number, b.number));
}

/** The rows whose number, or the number of the unit they are billed to, holds what was typed. */
export function matchingRows(rows: readonly PreviewRow[], query: string): readonly PreviewRow[] {
  const needle = searchable(query.trim());
  if (needle === '') return rows;
  return rows.filter(
    (row) => searchable(row.number).includes(needle) || searchable(row.billedTo ?? '').includes(needle),
  );
}

export interface ContributionCheck {
  index: number;
  name: string;
  /** The contribution's annual amount, as the budget says it. */
  amount: number;
  billed: number;
  covered: boolean;
}

/**
 * Checks the preview against the budget itself, to the cent: each contribution is billed in full
 * to its members, and the members' years add up to the budget's total.
 */
export function coverageOf(
  preview: BudgetPreview,
  contributions: readonly Contribution[],
): { checks: ContributionCheck[]; total: number; billed: number; covered: boolean } {
  const checks = contributions.map((contribution, index) => {
    const billed = preview.totals.contributions.find((total) => total.index === index)?.billed ?? 0;
    return {
      index,
      name: contribution.name,
      amount: contribution.amount,
      billed,
      covered: billed === contribution.amount,
    };
  });
  const total = contributions.reduce((sum, contribution) => sum + contribution.amount, 0);
  const billed = preview.members.reduce((sum, member) => sum + member.annual, 0);
  return { checks, total, billed, covered: checks.every((check) => check.covered) && billed === total };
}

/** One page of a long list (left-out members, corrections), pages counted from 1. */
export function pageOf<T>(items: readonly T[], page: number, size: number): { items: T[]; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { items: items.slice((current - 1) * size, current * size), pages };
}
