import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMemberships } from '../../app/memberships';
import { Page } from '../../ui/page';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { BillingAccountList } from './billing-account-list';
import { BuildingList } from './building-list';
import { GroupList } from './group-list';

/** The user's buildings, building groups and billing accounts. */
export function DashboardPage() {
  const { t } = useTranslation();
  const memberships = useMemberships();
  return (
    <Page title={t('dashboard.title')}>
      {memberships.isPending ? (
        <PageLoader />
      ) : memberships.isError ? (
        <QueryError error={memberships.error} onRetry={() => void memberships.refetch()} />
      ) : (
        <Stack gap="xl">
          <BuildingList buildings={memberships.data.buildings} />
          {memberships.data.groups.length > 0 && <GroupList groups={memberships.data.groups} />}
          {memberships.data.billingAccounts.length > 0 && (
            <BillingAccountList accounts={memberships.data.billingAccounts} />
          )}
        </Stack>
      )}
    </Page>
  );
}
