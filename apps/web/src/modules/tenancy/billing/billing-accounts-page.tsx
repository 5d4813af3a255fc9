import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMemberships } from '../../../app/memberships';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { BillingAccountCard } from './billing-account-card';

export function BillingAccountsPage() {
  const { t } = useTranslation();
  const memberships = useMemberships();
  return (
    <Page title={t('billing.title')}>
      {memberships.isPending ? (
        <PageLoader />
      ) : memberships.isError ? (
        <QueryError error={memberships.error} onRetry={() => void memberships.refetch()} />
      ) : memberships.data.billingAccounts.length === 0 ? (
        <Text c="dimmed">{t('billing.none')}</Text>
      ) : (
        <Stack gap="xs" maw={640}>
          {memberships.data.billingAccounts.map((account) => (
            <BillingAccountCard key={account.id} account={account} />
          ))}
        </Stack>
      )}
    </Page>
  );
}
