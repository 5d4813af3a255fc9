import type { ReactNode } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReceivablesSummary } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { DashboardCard } from '../../../ui/dashboard-card';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { AnchorLink } from '../../../ui/router-link';
import { useReceivablesSummary } from './penalties-api';
import { firstUnitsInArrears } from './receivables-summary';
import { useLedgerFormat } from '../../ledger';

/** Units a card names before "and N more". */
const unitsShown = 5;

const amount = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The cards share one request (see `useReceivablesSummary`). They are for those who read the
 * finances; for anyone else they take no room at all.
 */
function SummaryCard({
  title,
  aside,
  children,
}: {
  title: string;
  aside?: (summary: ReceivablesSummary) => ReactNode;
  children: (summary: ReceivablesSummary) => ReactNode;
}) {
  const { can } = useBuildingShell();
  const allowed = can('finance.read');
  const summary = useReceivablesSummary(allowed);
  if (!allowed) return null;
  return (
    <DashboardCard title={title} aside={summary.data && aside?.(summary.data)}>
      {summary.isPending ? (
        <PageLoader />
      ) : summary.isError ? (
        <QueryError error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        children(summary.data)
      )}
    </DashboardCard>
  );
}

/** What the units owe in all, and how many are in arrears. */
export function ReceivablesCard() {
  const { t } = useTranslation();
  const format = useLedgerFormat();
  return (
    <SummaryCard title={t('receivablesCards.total.title')}>
      {(summary) => (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {t('receivablesCards.total.label')}
          </Text>
          <Text size="xl" fw={700} style={amount}>
            {format.money(summary.totalReceivables)}
          </Text>
          <Text size="sm" c={summary.unitsInArrears.length > 0 ? 'red' : 'dimmed'}>
            {t('receivablesCards.total.inArrears', {
              count: summary.unitsInArrears.length,
              months: summary.arrearsThresholdMonths,
            })}
          </Text>
        </Stack>
      )}
    </SummaryCard>
  );
}

/** The units flagged for their arrears (the summary names only those), each opening its transactions. */
export function ArrearsCard() {
  const { t } = useTranslation();
  const { href } = useBuildingShell();
  const format = useLedgerFormat();
  return (
    <SummaryCard
      title={t('receivablesCards.arrears.title')}
      aside={(summary) => (
        <Badge color={summary.unitsInArrears.length > 0 ? 'red' : 'green'} variant="light">
          {summary.unitsInArrears.length}
        </Badge>
      )}
    >
      {(summary) => {
        const { shown, more } = firstUnitsInArrears(summary, unitsShown);
        if (shown.length === 0)
          return (
            <Text size="sm" c="dimmed">
              {t('receivablesCards.arrears.none', { months: summary.arrearsThresholdMonths })}
            </Text>
          );
        return (
          <Stack gap={6}>
            {shown.map((unit) => (
              <Group key={unit.uuid} justify="space-between" gap="xs" wrap="nowrap">
                <AnchorLink to={href(`units/transactions/${unit.uuid}`)} size="sm" fw={600}>
                  {unit.number}
                </AnchorLink>
                <Group gap={8} wrap="nowrap">
                  <Text size="xs" c={unit.months > summary.arrearsThresholdMonths ? 'red' : 'dimmed'}>
                    {t('arrearsPage.months', { count: unit.months })}
                  </Text>
                  <Text size="sm" style={amount}>
                    {format.money(unit.balance)}
                  </Text>
                </Group>
              </Group>
            ))}
            {more > 0 && (
              <Text size="xs" c="dimmed">
                {t('receivablesCards.arrears.more', { count: more })}
              </Text>
            )}
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                {t('receivablesCards.arrears.flaggedHint', { months: summary.arrearsThresholdMonths })}
              </Text>
              <AnchorLink to={href('units/penalties')} size="sm">
                {t('receivablesCards.arrears.seeAll')}
              </AnchorLink>
            </Group>
          </Stack>
        );
      }}
    </SummaryCard>
  );
}

/** Checks recorded and not yet in a deposit (payments/checks). */
export function ChecksAwaitingDepositCard() {
  const { t } = useTranslation();
  const { href } = useBuildingShell();
  const format = useLedgerFormat();
  return (
    <SummaryCard title={t('receivablesCards.checks.title')}>
      {({ checksAwaitingDeposit: checks }) => (
        <Stack gap={4}>
          {checks.count === 0 ? (
            <Text size="sm" c="dimmed">
              {t('receivablesCards.checks.none')}
            </Text>
          ) : (
            <Group justify="space-between" gap="xs" align="baseline">
              <Text size="sm">{t('receivablesCards.checks.count', { count: checks.count })}</Text>
              <Text size="xl" fw={700} style={amount}>
                {format.money(checks.total)}
              </Text>
            </Group>
          )}
          <AnchorLink to={href('payments/checks')} size="sm">
            {t('receivablesCards.checks.open')}
          </AnchorLink>
        </Stack>
      )}
    </SummaryCard>
  );
}
