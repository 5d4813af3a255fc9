import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BudgetStatus, BudgetView } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { UnapplyButton } from './unapply-button';
import { useBudgetFormat } from './use-budget-format';

const colors: Record<BudgetStatus, string> = { draft: 'blue', applied: 'green', unapplied: 'gray' };

/** Where the budget stands (DOMAIN 3: a draft bills nothing, an applied one is frozen), and the way back from applied. */
export function BudgetStatusCard({ budget }: { budget: BudgetView }) {
  const { t } = useTranslation();
  const { can, readOnly } = useBuildingShell();
  const format = useBudgetFormat();
  const who = budget.appliedBy?.name ?? budget.appliedBy?.email;
  const lines: string[] = [];
  if (budget.status === 'draft') {
    lines.push(
      t('budget.status.draftText'),
      t('budget.status.savedAt', { date: format.moment(budget.updatedAt) }),
    );
  } else {
    if (budget.applicationDate)
      lines.push(t('budget.status.appliedFrom', { date: format.day(budget.applicationDate) }));
    if (budget.appliedAt)
      lines.push(
        who
          ? t('budget.status.appliedBy', { who, date: format.moment(budget.appliedAt) })
          : t('budget.status.appliedOn', { date: format.moment(budget.appliedAt) }),
      );
    // How to change an applied budget is said to those who can.
    if (budget.status === 'unapplied') lines.push(t('budget.status.unappliedText'));
    else if (can('finance.write') && !readOnly) lines.push(t('budget.status.frozen'));
  }
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 320px' }}>
          <Group gap="xs">
            <Badge color={colors[budget.status]} variant="light">
              {t(`budget.status.${budget.status}`)}
            </Badge>
          </Group>
          {lines.map((line) => (
            <Text key={line} size="sm" c="dimmed">
              {line}
            </Text>
          ))}
        </Stack>
        {budget.status === 'applied' && can('finance.write') && !readOnly && (
          <UnapplyButton budget={budget} />
        )}
      </Group>
    </Paper>
  );
}
