import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../../../app/shell/building-context';
import { DetailGrid, RecordPanel } from '../../../ui/record-panel';
import { AnchorLink } from '../../../ui/router-link';
import { CancelTransactionButton } from './cancel-transaction-button';
import { StatusBadge } from './status-badge';
import { TransactionComments } from './transaction-comments';
import { TransactionLinesTable } from './transaction-lines-table';
import type { TransactionView } from '@copro/domain';
import { useLedgerFormat } from './use-ledger-format';

/**
 * A transaction's own page (SPEC 2 transaction link): what it is, its lines and taxes, its
 * cancellation, its comments; finance writers may comment on it and cancel it, except in an
 * archived year.
 */
export function TransactionDetail({
  transaction,
  seenFrom,
}: {
  transaction: TransactionView;
  /** The record of the page's type the transaction has a line on, to go back to its account. */
  seenFrom: { name: string; href: string } | undefined;
}) {
  const { t } = useTranslation();
  const { can, readOnly } = useBuildingShell();
  const { day, instant, money, source } = useLedgerFormat();
  const canWrite = can('finance.write') && !readOnly;
  const { cancelled } = transaction;

  return (
    <Stack gap="md">
      {seenFrom && (
        <AnchorLink to={seenFrom.href} size="sm">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            {t('transactions.view.back', { account: seenFrom.name })}
          </Group>
        </AnchorLink>
      )}
      <RecordPanel
        title={transaction.description}
        badges={<StatusBadge status={transaction.status} />}
        actions={
          canWrite &&
          transaction.status !== 'cancelled' && <CancelTransactionButton transaction={transaction} />
        }
      >
        {cancelled && (
          <Alert color="red" variant="light" title={t('transactions.view.cancelledTitle')}>
            <Stack gap={4}>
              <Text size="sm">
                {t('transactions.view.cancelledBy', {
                  date: instant(cancelled.date),
                  who: source(cancelled.by),
                })}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {t('transactions.view.reason', { reason: cancelled.reason })}
              </Text>
            </Stack>
          </Alert>
        )}
        <DetailGrid
          rows={[
            { label: t('transactions.columns.date'), value: day(transaction.date) },
            { label: t('transactions.columns.kind'), value: t(`transactions.kinds.${transaction.kind}`) },
            { label: t('transactions.view.status'), value: t(`transactions.statuses.${transaction.status}`) },
            {
              label: t('transactions.view.paymentMethod'),
              value: transaction.paymentMethod && t(`admin.paymentMethods.${transaction.paymentMethod}`),
            },
            { label: t('transactions.view.check'), value: transaction.check },
            { label: t('transactions.view.deposit'), value: transaction.deposit },
            { label: t('transactions.view.createdBy'), value: source(transaction.createdBy) },
            { label: t('transactions.view.createdAt'), value: instant(transaction.createdAt) },
            {
              label: t('transactions.view.imported'),
              value: transaction.imported && t('transactions.view.yes'),
            },
          ]}
        />
        <TransactionLinesTable lines={transaction.subtransactions} />
        {transaction.taxes.length > 0 && (
          <Stack gap={4}>
            <Title order={3} size="h5">
              {t('transactions.view.taxes')}
            </Title>
            {transaction.taxes.map((tax) => (
              <Group key={tax.code} justify="space-between" maw={360}>
                <Text size="sm">{t(`admin.taxCodes.${tax.code}`)}</Text>
                <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {money(tax.amount)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </RecordPanel>
      <TransactionComments transaction={transaction} canWrite={canWrite} />
    </Stack>
  );
}
