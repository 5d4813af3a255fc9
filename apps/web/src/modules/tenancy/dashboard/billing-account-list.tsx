import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Memberships } from '@copro/domain';
import { BillingAccountCard } from '../billing/billing-account-card';
import { DashboardSection } from './dashboard-section';

export function BillingAccountList({ accounts }: { accounts: Memberships['billingAccounts'] }) {
  const { t } = useTranslation();
  return (
    <DashboardSection title={t('dashboard.billingAccounts')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {accounts.map((account) => (
          <BillingAccountCard key={account.id} account={account} />
        ))}
      </SimpleGrid>
    </DashboardSection>
  );
}
