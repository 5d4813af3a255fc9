import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BudgetView } from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useUnapplyBudget } from './budget-api';

/**
 * DOMAIN 3: unapplying cancels every fee and correction the budget billed and brings the previous
 * budget back for the months to come, so it is confirmed first and said plainly.
 */
export function UnapplyButton({ budget }: { budget: BudgetView }) {
  const { t } = useTranslation();
  const unapply = useUnapplyBudget();
  const confirm = () =>
    modals.openConfirmModal({
      title: t('budget.unapply.title'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('budget.unapply.cancels')}</Text>
          <Text size="sm">{t('budget.unapply.previous')}</Text>
          <Text size="sm" c="dimmed">
            {t('budget.unapply.logged')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('budget.unapply.confirm'), cancel: t('budget.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        unapply.mutate(budget.uuid, {
          onSuccess: () => notifySuccess(t('budget.unapply.done')),
          onError: (error) => notifyError(error, t('budget.unapply.failed')),
        }),
    });
  return (
    <Button
      variant="default"
      color="red"
      leftSection={<IconArrowBackUp size={18} aria-hidden />}
      loading={unapply.isPending}
      onClick={confirm}
    >
      {t('budget.unapply.button')}
    </Button>
  );
}
