import type { ReactNode } from 'react';
import { Alert, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../../../app/shell/building-context';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { useLedgerAccounts } from './accounting-api';
import type { LedgerAccount } from './ledger-accounts';

/**
 * A page that records entries: its form once the ledger accounts are loaded. An archived year
 * takes no entry (SPEC 4), so the form is not offered there at all.
 */
export function EntryPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: (accounts: LedgerAccount[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const { readOnly } = useBuildingShell();
  const accounts = useLedgerAccounts();
  return (
    <Page title={title}>
      <Text c="dimmed" maw={720} mt={-8}>
        {intro}
      </Text>
      {readOnly ? (
        <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />}>
          {t('accounting.yearClosed')}
        </Alert>
      ) : accounts.data ? (
        children(accounts.data)
      ) : accounts.error ? (
        <QueryError error={accounts.error} onRetry={() => void accounts.refetch()} />
      ) : (
        <PageLoader />
      )}
    </Page>
  );
}
