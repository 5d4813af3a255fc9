import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BudgetView } from '@copro/domain';
import { FormSection } from '../../../ui/form-section';
import { budgetCategories } from './budget-categories';
import { budgetTotals } from './budget-totals';
import { BudgetTotalsCard } from './budget-totals-card';
import { ContributionsTable } from './contributions-table';
import { ExpensesTable } from './expenses-table';
import type { BudgetLookups } from './use-budget-lookups';

/**
 * A budget read, not edited: the applied or a past one, a draft for those who cannot write, and
 * the applied one for owners, with the categories the budget itself names.
 */
export function BudgetSummary({ budget, lookups }: { budget: BudgetView; lookups: BudgetLookups }) {
  const { t } = useTranslation();
  // Owners cannot read the chart of accounts: the budget brings the categories it names.
  const categories = lookups.categories ?? (budget.categories ? budgetCategories(budget.categories) : null);
  const shown = { ...lookups, categories };
  const totals = budgetTotals(budget, categories?.contingency);
  return (
    <Stack gap="md">
      <FormSection title={t('budget.contributions.title')}>
        <ContributionsTable contributions={budget.contributions} lookups={shown} />
      </FormSection>
      {categories && (
        <FormSection title={t('budget.expenses.title')}>
          <ExpensesTable budget={budget} categories={categories} />
        </FormSection>
      )}
      <BudgetTotalsCard totals={totals} />
    </Stack>
  );
}
