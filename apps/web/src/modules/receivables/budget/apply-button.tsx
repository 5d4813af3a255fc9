import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BudgetPreviewView, BudgetView } from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useApplyBudget } from './budget-api';
import { useBudgetFormat } from './use-budget-format';

/**
 * Applies the draft from the date previewed, after a confirmation that says what follows: the
 * budget is frozen, fees are billed on each 1st, and the corrections of a past date are billed.
 */
export function ApplyButton({
  budget,
  applicationDate,
  corrections,
}: {
  budget: BudgetView;
  /** Null until the preview for the date chosen is on screen. */
  applicationDate: string | null;
  corrections: BudgetPreviewView['corrections'];
}) {
  const { t } = useTranslation();
  const format = useBudgetFormat();
  const apply = useApplyBudget();
  const confirm = (date: string) => {
    const correctionsTotal = corrections.reduce((sum, correction) => sum + correction.amount, 0);
    modals.openConfirmModal({
      title: t('budget.apply.title', { date: format.day(date) }),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('budget.apply.frozen')}</Text>
          <Text size="sm">{t('budget.apply.billing', { date: format.day(date) })}</Text>
          {corrections.length > 0 && (
            <Text size="sm" fw={500}>
              {t('budget.apply.corrections', {
                count: corrections.length,
                amount: format.money(correctionsTotal),
              })}
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: t('budget.apply.confirm'), cancel: t('budget.cancel') },
      onConfirm: () =>
        apply.mutate(
          { uuid: budget.uuid, applicationDate: date },
          {
            onSuccess: () => notifySuccess(t('budget.apply.done', { date: format.day(date) })),
            onError: (error) => notifyError(error, t('budget.apply.failed')),
          },
        ),
    });
  };
  return (
    <Group justify="flex-end" gap="sm" wrap="wrap">
      {applicationDate === null && (
        <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }} ta="right">
          {t('budget.apply.previewFirst')}
        </Text>
      )}
      <Button
        leftSection={<IconCircleCheck size={18} aria-hidden />}
        disabled={applicationDate === null}
        loading={apply.isPending}
        onClick={() => applicationDate && confirm(applicationDate)}
        // The date makes the label long in French: on a phone it wraps rather than being cut.
        h="auto"
        mih={36}
        py={6}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
      >
        {applicationDate
          ? t('budget.apply.button', { date: format.day(applicationDate) })
          : t('budget.apply.buttonPlain')}
      </Button>
    </Group>
  );
}
