import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../ui/form-section';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { DepositForm } from './deposit-form';
import { DepositsList } from './deposits-list';
import { useChecks } from './payments-api';
import { useCanWritePayments, usePaymentLookups, type PaymentLookups } from './use-payment-lookups';

/** The new deposit, once the checks waiting for one are known. */
function NewDeposit({ lookups }: { lookups: PaymentLookups }) {
  const checks = useChecks();
  if (checks.error && !checks.data)
    return <QueryError error={checks.error} onRetry={() => void checks.refetch()} />;
  if (!checks.data) return <PageLoader />;
  return <DepositForm lookups={lookups} checks={checks.data} />;
}

/** payments/deposits: a deposit built from recorded checks, new checks and cash; the year's deposits. */
export function DepositsPage() {
  const { t } = useTranslation();
  const canWrite = useCanWritePayments();
  const lookups = usePaymentLookups();
  return (
    <Page title={t('payments.deposits.title')}>
      <Text c="dimmed" maw={720} mt={-8}>
        {t('payments.deposits.intro')}
      </Text>
      {lookups.error ? (
        <QueryError error={lookups.error} onRetry={lookups.retry} />
      ) : lookups.loading ? (
        <PageLoader />
      ) : (
        <>
          {canWrite && <NewDeposit lookups={lookups} />}
          <FormSection title={t('payments.deposits.listTitle')}>
            <DepositsList lookups={lookups} canWrite={canWrite} />
          </FormSection>
        </>
      )}
    </Page>
  );
}
