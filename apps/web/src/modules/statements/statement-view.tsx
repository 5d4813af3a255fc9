import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf, type FinancialStatement, type StatementJson } from '@copro/domain';
import { lazyPage } from '../../app/chunk-reload';
import { formatDate } from '../../ui/format';
import { ReportTablePreview } from '../reports';
import { statementChart } from './chart-data';

/** The charting library is large: it comes with the first statement that draws a chart. */
const StatementChartView = lazyPage(() => import('./statement-chart').then((m) => m.StatementChartView));

/** Tables drawn on the page: a general ledger of every account is one table per account. */
const shownTables = 20;

/**
 * A statement as the server settled it: the period it covers, what the reader must not miss
 * (warnings, a notice), its chart, and each of its tables with the total rows in bold.
 */
export function StatementView({ statement, data }: { statement: FinancialStatement; data: StatementJson }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const chart = statementChart(statement, data.charts);
  const all = [data, ...(data.sections ?? [])].filter((table) => table.columns.length > 0);
  const tables = all.slice(0, shownTables);
  return (
    <Stack gap="md">
      <Text size="sm" fw={600}>
        {statement === 'balance-sheet'
          ? t('statementsPage.shownAt', { date: formatDate(data.to, language) })
          : t('statementsPage.shownPeriod', {
              from: formatDate(data.from, language),
              to: formatDate(data.to, language),
            })}
      </Text>
      {data.warnings.map((warning) => (
        <Alert
          key={warning}
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
        >
          {warning}
        </Alert>
      ))}
      {data.notice && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {data.notice}
        </Alert>
      )}
      {chart && (
        <Suspense
          fallback={
            <Center mih={260}>
              <Loader size="sm" aria-label={t('common.loading')} />
            </Center>
          }
        >
          <StatementChartView chart={chart} />
        </Suspense>
      )}
      {tables.length === 0 ? (
        <Text size="sm">{data.emptyText}</Text>
      ) : (
        tables.map((table, i) =>
          table.heading ? (
            // Tables have no identity of their own and never move: their place is their key.
            <Stack key={i} gap={4}>
              <Title order={3} size="h5">
                {table.heading}
              </Title>
              <ReportTablePreview table={table} caption={table.heading} emptyText={data.emptyText} full />
            </Stack>
          ) : (
            <ReportTablePreview key={i} table={table} caption={data.title} emptyText={data.emptyText} full />
          ),
        )
      )}
      {all.length > tables.length && (
        <Text size="xs" c="dimmed">
          {t('statementsPage.tablesLimited', { shown: tables.length, total: all.length })}
        </Text>
      )}
    </Stack>
  );
}
