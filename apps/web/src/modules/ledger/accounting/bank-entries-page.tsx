import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { useRecords } from '../../registry';
import { BankEntryForm } from './bank-entry-form';
import { EntryPage } from './entry-page';
import type { LedgerAccount } from './ledger-accounts';

/** The form once the banks and the standard categories it presets from are loaded. */
function BankEntryLoader({ accounts }: { accounts: LedgerAccount[] }) {
  const { t } = useTranslation();
  const banks = useRecords('banks');
  const categories = useRecords('categories');
  const failed = banks.error ?? categories.error;
  if (failed)
    return (
      <QueryError
        error={failed}
        onRetry={() => {
          void banks.refetch();
          void categories.refetch();
        }}
      />
    );
  if (!banks.data || !categories.data) return <PageLoader />;
  const inUse = banks.data.filter((bank) => !bank.archived);
  if (inUse.length === 0)
    return (
      <Alert color="gray" variant="light">
        {t('accounting.bankEntries.noBank')}
      </Alert>
    );
  return <BankEntryForm accounts={accounts} banks={inUse} categories={categories.data} />;
}

/** banks/entries: what a bank statement shows that no other feature records. */
export function BankEntriesPage() {
  const { t } = useTranslation();
  return (
    <EntryPage title={t('accounting.bankEntries.title')} intro={t('accounting.bankEntries.intro')}>
      {(accounts) => <BankEntryLoader accounts={accounts} />}
    </EntryPage>
  );
}
