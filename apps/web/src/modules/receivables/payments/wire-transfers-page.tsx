import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { useCanWritePayments, usePaymentLookups } from './use-payment-lookups';
import { WireTransferForm } from './wire-transfer-form';
import { WireTransfersHistory } from './wire-transfers-list';

/** payments/wire-transfers: transfers received from units, their history and returns. */
export function WireTransfersPage() {
  const { t } = useTranslation();
  const canWrite = useCanWritePayments();
  const lookups = usePaymentLookups();
  return (
    <Page title={t('payments.wireTransfers.title')}>
      <Text c="dimmed" maw={720} mt={-8}>
        {t('payments.wireTransfers.intro')}
      </Text>
      {lookups.error ? (
        <QueryError error={lookups.error} onRetry={lookups.retry} />
      ) : lookups.loading ? (
        <PageLoader />
      ) : (
        <>
          {canWrite && <WireTransferForm lookups={lookups} />}
          <WireTransfersHistory lookups={lookups} canWrite={canWrite} />
        </>
      )}
    </Page>
  );
}
