import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMembershipEvents } from '../../../app/live-events';
import { useMemberships } from '../../../app/memberships';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { BillingAccountList } from './billing-account-list';
import { BuildingList } from './building-list';
import { GroupList } from './group-list';

/** The user's buildings, building groups and billing accounts. */
export function DashboardPage() {
  const { t } = useTranslation();
  const memberships = useMemberships();
  // The stream covers the buildings listed when it opened: a new or lost building reopens it.
  useMembershipEvents(memberships.data?.buildings.map((b) => b.ref).join(','));
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
