import { useMemo, useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconFilePlus, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BudgetView } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { ApplySection } from './apply-section';
import { newDraft, shownBudget, startingContent } from './budget-choice';
import { BudgetForm } from './budget-form';
import { BudgetStatusCard } from './budget-status-card';
import { BudgetSummary } from './budget-summary';
import { BudgetToolbar } from './budget-toolbar';
import type { BudgetLookups } from './use-budget-lookups';

/**
 * One budget of the year at a time: the draft is edited by finance writers (while the year is
 * open), every other budget is read. A year holds one draft at most, so a new one is offered only
 * when there is none.
 */
export function BudgetWorkspace({ budgets, lookups }: { budgets: BudgetView[]; lookups: BudgetLookups }) {
  const { t } = useTranslation();
  const { can, readOnly } = useBuildingShell();
  const [picked, setPicked] = useState<string | null>(null);
  const canEdit = can('finance.write') && !readOnly && lookups.categories !== null;
  const creating = canEdit && picked === newDraft;
  const shown = creating ? null : shownBudget(budgets, picked);
  const hasDraft = budgets.some((budget) => budget.status === 'draft');
  const start = useMemo(() => startingContent(budgets), [budgets]);
  const startDraft = canEdit && !hasDraft && !creating ? () => setPicked(newDraft) : undefined;

  return (
    <Stack gap="md">
      <BudgetToolbar
        budgets={budgets}
        value={creating ? newDraft : (shown?.uuid ?? null)}
        onPick={setPicked}
        // With no budget at all, the way to start one is offered where that is said.
        onNewDraft={budgets.length > 0 ? startDraft : undefined}
      />
      {creating && lookups.categories ? (
        <BudgetForm
          budget={null}
          start={start}
          categories={lookups.categories}
          lookups={lookups}
          onSaved={(saved) => setPicked(saved.uuid)}
          onCancel={() => setPicked(null)}
        />
      ) : shown ? (
        <>
          <BudgetStatusCard budget={shown} />
          {shown.status === 'draft' && canEdit && lookups.categories ? (
            <BudgetForm
              key={shown.uuid}
              budget={shown}
              start={shown}
              categories={lookups.categories}
              lookups={lookups}
            />
          ) : (
            <>
              <BudgetSummary budget={shown} lookups={lookups} />
              {shown.status === 'draft' && can('finance.read') && (
                <ApplySection budget={shown} unsaved={false} />
              )}
            </>
          )}
        </>
      ) : (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t(can('finance.read') ? 'budget.noBudget' : 'budget.noAppliedBudget')}</Text>
            {startDraft && (
              <Button leftSection={<IconFilePlus size={18} aria-hidden />} onClick={startDraft}>
                {t('budget.newDraft')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
