import { Button, Text } from '@mantine/core';
import { notifyError, notifySuccess } from '../../../app/notify';
import { modals } from '@mantine/modals';
import { IconArchive, IconArchiveOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FiscalYearInfo } from '@copro/domain';
import { fiscalYearName } from '../../../app/shell/fiscal-years';
import { useArchiveYear } from './fiscal-years-api';

/** Archive a past year (read-only everywhere) or reopen it, after a confirmation. */
export function ArchiveYearButton({ year, disabled }: { year: FiscalYearInfo; disabled: boolean }) {
  const { t } = useTranslation();
  const archive = useArchiveYear();
  const archiving = !year.archived;
  const action = archiving ? 'archive' : 'reopen';
  const params = { year: fiscalYearName(year) };

  const confirm = () =>
    modals.openConfirmModal({
      title: t(`fiscalYears.${action}.title`, params),
      children: <Text size="sm">{t(`fiscalYears.${action}.text`, params)}</Text>,
      labels: { confirm: t(`fiscalYears.${action}.button`), cancel: t('fiscalYears.cancel') },
      confirmProps: archiving ? { color: 'red' } : {},
      onConfirm: () =>
        archive.mutate(
          { startDate: year.startDate, archived: archiving },
          {
            onSuccess: () => notifySuccess(t(`fiscalYears.${action}.done`, params)),
            onError: (error) => notifyError(error, t(`fiscalYears.${action}.failed`), { withoutForm: true }),
          },
        ),
    });

  return (
    <Button
      size="xs"
      variant="default"
      leftSection={
        archiving ? <IconArchive size={14} aria-hidden /> : <IconArchiveOff size={14} aria-hidden />
      }
      loading={archive.isPending}
      disabled={disabled}
      onClick={confirm}
    >
      {t(`fiscalYears.${action}.button`)}
    </Button>
  );
}
