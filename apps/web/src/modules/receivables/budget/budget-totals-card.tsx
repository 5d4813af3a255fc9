import { Alert, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { contingencyMinimum } from '@copro/domain';
import type { BudgetTotals } from './budget-totals';
import { useBudgetFormat } from './use-budget-format';

function Total({ label, cents, color }: { label: string; cents: number; color?: string | undefined }) {
  const format = useBudgetFormat();
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fw={700} fz="lg" c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {format.money(cents)}
      </Text>
    </div>
  );
}

/**
 * Both sides of the budget and what is left between them, and the contingency-fund share with
 * DOMAIN 3's warning under 5 %: a warning only, the budget can still be saved and applied.
 */
export function BudgetTotalsCard({ totals, editing = false }: { totals: BudgetTotals; editing?: boolean }) {
  const { t } = useTranslation();
  const format = useBudgetFormat();
  const { contingency } = totals;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('budget.totals.title')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Total label={t('budget.totals.contributions')} cents={totals.contributions} />
          <Total label={t('budget.totals.expenses')} cents={totals.expenses} />
          <Total
            label={t(totals.balance < 0 ? 'budget.totals.deficit' : 'budget.totals.surplus')}
            cents={Math.abs(totals.balance)}
            color={totals.balance < 0 ? 'red' : totals.balance > 0 ? 'green' : undefined}
          />
        </SimpleGrid>
        {contingency &&
          totals.contributions > 0 &&
          (contingency.underMinimum ? (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={t('budget.totals.contingencyLowTitle')}
              role="status"
            >
              {t('budget.totals.contingencyUnder', {
                share: format.percent(contingency.share),
                minimum: format.percent(contingencyMinimum),
                amount: format.money(contingency.amount),
              })}
              {editing && ` ${t('budget.totals.notBlocking')}`}
            </Alert>
          ) : (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <Text span c="green" lh={0} mt={1}>
                <IconCircleCheck size={18} aria-hidden />
              </Text>
              <Text size="sm">
                {t('budget.totals.contingencyEnough', {
                  share: format.percent(contingency.share),
                  minimum: format.percent(contingencyMinimum),
                  amount: format.money(contingency.amount),
                })}
              </Text>
            </Group>
          ))}
      </Stack>
    </Paper>
  );
}
