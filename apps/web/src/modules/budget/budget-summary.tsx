import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../ui/form-section';
import { budgetTotals } from './budget-totals';
import { BudgetTotalsCard } from './budget-totals-card';
import type { BudgetView } from './budget-types';
import { ContributionsTable } from './contributions-table';
import { ExpensesTable } from './expenses-table';
import type { BudgetLookups } from './use-budget-lookups';

/**
 * A budget read, not edited: the applied or a past one, a draft for those who cannot write, and
 * the applied one for owners. Without the chart of accounts (owners) the expenses are summed only.
 */
export function BudgetSummary({ budget, lookups }: { budget: BudgetView; lookups: BudgetLookups }) {
  const { t } = useTranslation();
  const totals = budgetTotals(budget, lookups.categories?.contingency);
  return (
    <Stack gap="md">
      <FormSection title={t('budget.contributions.title')}>
        <ContributionsTable contributions={budget.contributions} lookups={lookups} />
      </FormSection>
      {lookups.categories && (
        <FormSection title={t('budget.expenses.title')}>
          <ExpensesTable budget={budget} categories={lookups.categories} />
        </FormSection>
      )}
      <BudgetTotalsCard totals={totals} />
    </Stack>
  );
}
