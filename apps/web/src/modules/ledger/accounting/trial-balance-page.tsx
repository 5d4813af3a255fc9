import { useState } from 'react';
import { Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { ReportCard } from '../../reports';
import { useTrialBalance } from './accounting-api';
import { JournalDownload } from './journal-download';
import {
  totalsOf,
  trialBalanceOrders,
  trialBalanceSections,
  type TrialBalanceOrder,
} from './trial-balance-rows';
import { TrialBalanceTable } from './trial-balance-table';

const isOrder = (value: string): value is TrialBalanceOrder =>
  (trialBalanceOrders as readonly string[]).includes(value);

/**
 * categories/reports: DOMAIN 10's trial balance of the year, its journal for outside tools, and the
 * budget report (DOMAIN 3).
 */
export function TrialBalancePage() {
  const { t } = useTranslation();
  const trialBalance = useTrialBalance();
  const [order, setOrder] = useState<TrialBalanceOrder>('type');
  const lines = trialBalance.data ?? [];
  const sections = trialBalanceSections(lines, order);

  return (
    <Page title={t('accounting.trialBalance.title')}>
      <Text c="dimmed" maw={720} mt={-8}>
        {t('accounting.trialBalance.intro')}
      </Text>
      <JournalDownload />
      {trialBalance.error ? (
        <QueryError error={trialBalance.error} onRetry={() => void trialBalance.refetch()} />
      ) : !trialBalance.data ? (
        <PageLoader />
      ) : sections.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text size="sm" c="dimmed" ta="center">
            {t('accounting.trialBalance.empty')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm">
          <SegmentedControl
            aria-label={t('accounting.trialBalance.orderLabel')}
            data={trialBalanceOrders.map((value) => ({
              value,
              label: t(`accounting.trialBalance.orders.${value}`),
            }))}
            value={order}
            onChange={(value) => isOrder(value) && setOrder(value)}
            style={{ alignSelf: 'flex-start' }}
          />
          <Paper withBorder radius="md">
            <TrialBalanceTable sections={sections} totals={totalsOf(lines)} />
          </Paper>
        </Stack>
      )}
      <ReportCard report="budget" />
    </Page>
  );
}
