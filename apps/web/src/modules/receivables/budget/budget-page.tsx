import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../../../app/shell/building-context';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { useBudgets } from './budget-api';
import { BudgetWorkspace } from './budget-workspace';
import { useBudgetLookups } from './use-budget-lookups';

/** categories/budget (SPEC 2): the year's budgets, once they and the registry they name are loaded. */
export function BudgetPage() {
  const { t } = useTranslation();
  const { can } = useBuildingShell();
  const budgets = useBudgets();
  const { lookups, pending, error, retry } = useBudgetLookups();
  const failed = budgets.error ?? error;
  return (
    <Page title={t('budget.title')}>
      <Text c="dimmed" maw={720} mt={-8}>
        {can('finance.read') ? t('budget.intro') : t('budget.introOwner')}
      </Text>
      {failed ? (
        <QueryError
          error={failed}
          onRetry={() => {
            if (budgets.error) void budgets.refetch();
            retry();
          }}
        />
      ) : budgets.data && !pending ? (
        <BudgetWorkspace budgets={budgets.data} lookups={lookups} />
      ) : (
        <PageLoader />
      )}
    </Page>
  );
}
