import { BarChart } from '@mantine/charts';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Text as SvgText } from 'recharts';
import { languageOf } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { chartMoney, type StatementChart } from './chart-data';

/**
 * A statement's chart, in a chunk of its own (with the charting library): only the statements
 * that draw one load it. The figures themselves are in the table below it.
 */
export function StatementChartView({ chart }: { chart: StatementChart }) {
  const { t, i18n } = useTranslation();
  const { building } = useBuildingShell();
  const money = chartMoney(building.currency, languageOf(i18n.language));
  const series =
    chart.kind === 'revenueVsExpenses'
      ? [
          { name: 'revenues', label: t('statementsPage.charts.revenues'), color: 'teal.6' },
          { name: 'expenses', label: t('statementsPage.charts.expenses'), color: 'red.5' },
        ]
      : [
          { name: 'balance', label: t('statementsPage.charts.balance'), color: 'blue.6' },
          { name: 'bankHoldings', label: t('statementsPage.charts.bankHoldings'), color: 'gray.5' },
        ];
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t(`statementsPage.charts.${chart.kind}`)}
      </Title>
      <BarChart
        h={260}
        data={chart.data}
        dataKey="label"
        series={series}
        valueFormatter={money}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        gridAxis="y"
        yAxisProps={{ width: 72 }}
        // Three funds with long names: each name wraps under its bars rather than two being dropped.
        xAxisProps={
          chart.kind === 'fundBalances' ? { interval: 0, height: 56, tick: WrappedTick } : undefined
        }
      />
    </Stack>
  );
}

/** What the chart gives a tick of its category axis. */
interface TickProps {
  x: number;
  y: number;
  /** The axis's width, shared by its ticks. */
  width: number;
  visibleTicksCount: number;
  payload: { value: string };
}

/** A category's name, wrapped to the width of its place on the axis. */
function WrappedTick({ x, y, width, visibleTicksCount, payload }: TickProps) {
  return (
    <SvgText
      x={x}
      y={y + 10}
      width={Math.max(width / Math.max(visibleTicksCount, 1) - 8, 40)}
      textAnchor="middle"
      verticalAnchor="start"
      fontSize={12}
      fill="currentColor"
    >
      {payload.value}
    </SvgText>
  );
}
