import { useState } from 'react';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileTypePdf, IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { BankView, ReconciliationPeriod } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { amountStyle } from '../../ui/amount-style';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { EmptyPanel } from '../../ui/record-panel';
import { AnchorLink } from '../../ui/router-link';
import { ScrollTable } from '../../ui/scroll-table';
import { useLedgerFormat } from '../ledger';
import { PeriodStatusBadge } from './period-badges';
import { differenceColor } from './period-figures';
import { NewPeriodDialog } from './period-form';
import { useBankReconciliation } from './reconciliation-api';
import { useReconciliationHref } from './reconciliation-href';

/** A bank's periods, latest first, and a new one for finance writers. */
export function PeriodsView({ bank }: { bank: BankView }) {
  const { t } = useTranslation();
  const { can } = useBuildingShell();
  const navigate = useNavigate();
  const hrefOf = useReconciliationHref();
  const reconciliation = useBankReconciliation(bank.uuid);
  const [creating, setCreating] = useState(false);
  const canWrite = can('finance.write');

  if (reconciliation.error && !reconciliation.data)
    return <QueryError error={reconciliation.error} onRetry={() => void reconciliation.refetch()} />;
  if (!reconciliation.data) return <PageLoader />;
  const { periods, next } = reconciliation.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {t('reconciliationPages.periods.title', { bank: bank.name })}
        </Title>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('reconciliationPages.period.new')}
          </Button>
        )}
      </Group>
      {periods.length === 0 ? (
        <EmptyPanel>{t('reconciliationPages.periods.empty')}</EmptyPanel>
      ) : (
        <PeriodTable bankUuid={bank.uuid} periods={periods} />
      )}
      {canWrite && (
        <NewPeriodDialog
          bankUuid={bank.uuid}
          next={next}
          opened={creating}
          onClose={() => setCreating(false)}
          onCreated={(period) => {
            setCreating(false);
            void navigate({ href: hrefOf(bank.uuid, period.uuid) });
          }}
        />
      )}
    </Stack>
  );
}

function PeriodTable({ bankUuid, periods }: { bankUuid: string; periods: readonly ReconciliationPeriod[] }) {
  const { t } = useTranslation();
  const { money, day } = useLedgerFormat();
  const hrefOf = useReconciliationHref();
  const amount = (value: number | null) => (value === null ? '—' : money(value));
  return (
    <Paper withBorder radius="md">
      <ScrollTable minWidth={760}>
        <Table
          verticalSpacing={8}
          fz="sm"
          highlightOnHover
          aria-label={t('reconciliationPages.periods.label')}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reconciliationPages.periods.period')}</Table.Th>
              <Table.Th ta="right">{t('reconciliationPages.figures.starting')}</Table.Th>
              <Table.Th ta="right">{t('reconciliationPages.figures.closing')}</Table.Th>
              <Table.Th ta="right">{t('reconciliationPages.figures.difference')}</Table.Th>
              <Table.Th>{t('reconciliationPages.periods.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {periods.map((period) => (
              <Table.Tr key={period.uuid}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <AnchorLink to={hrefOf(bankUuid, period.uuid)} fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {t('reconciliationPages.periods.range', {
                        start: day(period.periodStart),
                        end: day(period.periodEnd),
                      })}
                    </AnchorLink>
                    {period.statement && (
                      <IconFileTypePdf
                        size={16}
                        aria-label={t('reconciliationPages.statement.attached')}
                        style={{ flexShrink: 0 }}
                      />
                    )}
                  </Group>
                </Table.Td>
                <Table.Td ta="right" style={amountStyle}>
                  {money(period.startingBalance)}
                </Table.Td>
                <Table.Td ta="right" style={amountStyle}>
                  {amount(period.closingBalance)}
                </Table.Td>
                <Table.Td ta="right" style={amountStyle}>
                  <Text span size="sm" fw={600} c={differenceColor(period.difference)}>
                    {amount(period.difference)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <PeriodStatusBadge period={period} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Paper>
  );
}
