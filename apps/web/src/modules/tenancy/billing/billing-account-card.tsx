import { Paper } from '@mantine/core';
import type { Memberships } from '@copro/domain';
import { AnchorLink } from '../../../ui/router-link';

/** A billing account as a card linking to its page (dashboard and billing-account list). */
export function BillingAccountCard({ account }: { account: Memberships['billingAccounts'][number] }) {
  return (
    <Paper withBorder radius="md" p="md">
      <AnchorLink to="/billing-accounts/$billingAccountId" params={{ billingAccountId: account.id }} fw={600}>
        {account.name}
      </AnchorLink>
    </Paper>
  );
}
