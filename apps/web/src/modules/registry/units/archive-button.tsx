import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArchive, IconArchiveOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useRecordWrite } from '../registry-api';

/**
 * Archive or bring back a unit, parking or locker, after a confirmation. `area` names the i18n
 * section ('units', 'parkings', 'lockers') whose archive texts are used.
 */
export function ArchiveButton({
  area,
  record,
  disabled,
}: {
  area: 'units' | 'parkings' | 'lockers';
  record: { uuid: string; number: string; archived: boolean };
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const write = useRecordWrite(area);
  const archiving = !record.archived;
  const params = { number: record.number };

  const confirm = () =>
    modals.openConfirmModal({
      title: t(archiving ? `${area}.archive.title` : `${area}.unarchive.title`, params),
      children: (
        <Text size="sm">{t(archiving ? `${area}.archive.text` : `${area}.unarchive.text`, params)}</Text>
      ),
      labels: {
        confirm: t(archiving ? 'units.actions.archive' : 'units.actions.unarchive'),
        cancel: t('units.actions.cancel'),
      },
      confirmProps: archiving ? { color: 'red' } : {},
      onConfirm: () =>
        write.mutate(
          { kind: 'archive', uuid: record.uuid, archived: archiving },
          {
            onSuccess: () =>
              notifySuccess(t(archiving ? `${area}.archive.done` : `${area}.unarchive.done`, params)),
            onError: (error) =>
              notifyError(
                error,
                t(archiving ? 'units.actions.archiveFailed' : 'units.actions.unarchiveFailed'),
                { withoutForm: true },
              ),
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
      loading={write.isPending}
      disabled={disabled}
      onClick={confirm}
    >
      {t(archiving ? 'units.actions.archive' : 'units.actions.unarchive')}
    </Button>
  );
}
