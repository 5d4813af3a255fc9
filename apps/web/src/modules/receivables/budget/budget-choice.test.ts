import { describe, expect, it } from 'vitest';
import { cents, type BudgetStatus, type BudgetView } from '@copro/domain';
import { orderedBudgets, shownBudget, startingContent } from './budget-choice';

const budget = (uuid: string, status: BudgetStatus, updatedAt: string): BudgetView => ({
  uuid,
  fiscalYear: '2026-01-01',
  status,
  applicationDate: status === 'draft' ? null : '2026-01-01',
  contributions: [{ name: uuid, amount: cents(100), category: 'fees', appliesTo: 'all:units' }],
  budgetedAmounts: { insurance: cents(50) },
  budgetedComments: {},
  appliedAt: null,
  appliedBy: null,
  createdAt: updatedAt,
  updatedAt,
});

const oldUnapplied = budget('old', 'unapplied', '2026-01-05T10:00:00Z');
const newUnapplied = budget('newer', 'unapplied', '2026-02-05T10:00:00Z');
const applied = budget('applied', 'applied', '2026-01-10T10:00:00Z');
const draft = budget('draft', 'draft', '2026-01-01T10:00:00Z');

describe('orderedBudgets', () => {
  it('lists the draft, the applied one, then the others latest first', () => {
    expect(orderedBudgets([oldUnapplied, applied, newUnapplied, draft]).map((b) => b.uuid)).toEqual([
      'draft',
      'applied',
      'newer',
      'old',
    ]);
  });
});

describe('shownBudget', () => {
  it('shows the budget picked while it is there, else the first of the list', () => {
    expect(shownBudget([applied, draft], 'applied')?.uuid).toBe('applied');
    expect(shownBudget([applied, draft], 'gone')?.uuid).toBe('draft');
    expect(shownBudget([oldUnapplied, applied], null)?.uuid).toBe('applied');
    expect(shownBudget([], null)).toBeNull();
  });
});

describe('startingContent', () => {
  it('copies the budget in force, else the latest, and only its content', () => {
    expect(startingContent([draft, applied])?.contributions[0]?.name).toBe('applied');
    expect(startingContent([oldUnapplied, newUnapplied])).toEqual({
      contributions: newUnapplied.contributions,
      budgetedAmounts: { insurance: 50 },
      budgetedComments: {},
    });
    expect(startingContent([])).toBeNull();
  });
});
