import { Paper, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Memberships } from '../../app/memberships';
import { AnchorLink } from '../../ui/router-link';
import { DashboardSection } from './dashboard-section';

export function BillingAccountList({ accounts }: { accounts: Memberships['billingAccounts'] }) {
  const { t } = useTranslation();
  return (
    <DashboardSection title={t('dashboard.billingAccounts')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {accounts.map((account) => (
          <Paper key={account.id} withBorder radius="md" p="md">
            <AnchorLink
              to="/billing-accounts/$billingAccountId"
              params={{ billingAccountId: account.id }}
              fw={600}
            >
              {account.name}
            </AnchorLink>
          </Paper>
        ))}
      </SimpleGrid>
    </DashboardSection>
  );
}
