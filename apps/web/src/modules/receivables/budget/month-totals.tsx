import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fiscalMonths } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useBudgetFormat } from './use-budget-format';

/** What the fees bill in total on each 1st of the fiscal year. */
export function MonthTotals({ months }: { months: readonly number[] }) {
  const { t } = useTranslation();
  const { fiscalYear } = useBuildingShell();
  const format = useBudgetFormat();
  const firsts = fiscalMonths(fiscalYear.startDate);
  return (
    <div>
      <Text size="sm" fw={600} mb={6}>
        {t('budget.preview.byMonth')}
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing={6} verticalSpacing={6}>
        {firsts.map((first, index) => (
          <Paper key={first} withBorder radius="sm" px="xs" py={4}>
            <Text size="xs" c="dimmed">
              {format.month(first)}
            </Text>
            <Text size="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {format.money(months[index] ?? 0)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </div>
  );
}
