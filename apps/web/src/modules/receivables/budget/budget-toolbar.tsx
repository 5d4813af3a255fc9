import { Button, Group, Select } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BudgetView } from '@copro/domain';
import { newDraft, orderedBudgets } from './budget-choice';
import { useBudgetFormat } from './use-budget-format';

/** Which of the year's budgets is shown (when there is a choice), and the way to start a new draft. */
export function BudgetToolbar({
  budgets,
  value,
  onPick,
  onNewDraft,
}: {
  budgets: BudgetView[];
  value: string | null;
  onPick: (uuid: string) => void;
  /** Absent when no draft can be started (one exists, or the user cannot write). */
  onNewDraft: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const format = useBudgetFormat();
  const labelOf = (budget: BudgetView): string => {
    if (budget.status === 'draft') return t('budget.choice.draft', { date: format.moment(budget.updatedAt) });
    if (budget.applicationDate === null)
      return t('budget.choice.unappliedSaved', { date: format.moment(budget.updatedAt) });
    return t(`budget.choice.${budget.status}`, { date: format.day(budget.applicationDate) });
  };
  const options = [
    ...(value === newDraft ? [{ value: newDraft, label: t('budget.choice.new') }] : []),
    ...orderedBudgets(budgets).map((budget) => ({ value: budget.uuid, label: labelOf(budget) })),
  ];
  if (options.length < 2 && !onNewDraft) return null;
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      {options.length > 1 ? (
        <Select
          label={t('budget.choice.label')}
          data={options}
          value={value}
          onChange={(next) => next && onPick(next)}
          allowDeselect={false}
          w={{ base: '100%', xs: 360 }}
        />
      ) : (
        <span />
      )}
      {onNewDraft && (
        <Button variant="light" leftSection={<IconFilePlus size={18} aria-hidden />} onClick={onNewDraft}>
          {t('budget.newDraft')}
        </Button>
      )}
    </Group>
  );
}
