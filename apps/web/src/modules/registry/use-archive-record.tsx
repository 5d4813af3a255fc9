import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../app/notify';
import { useRecordWrite, useStoreRecord, type RecordNamespace } from './registry-api';

/** Archive or bring back a record, after a confirmation; the server's refusal is shown as it says it. */
export function useArchiveRecord(ns: RecordNamespace) {
  const { t } = useTranslation();
  const write = useRecordWrite(ns);
  const store = useStoreRecord(ns);
  const { mutate } = write;
  const ask = (record: { uuid: string; archived: boolean }, name: string) => {
    const archive = !record.archived;
    modals.openConfirmModal({
      title: t(archive ? `${ns}.archiveTitle` : `${ns}.unarchiveTitle`, { name }),
      children: <Text size="sm">{t(archive ? `${ns}.archiveBody` : `${ns}.unarchiveBody`)}</Text>,
      labels: { confirm: t(archive ? `${ns}.archive` : `${ns}.unarchive`), cancel: t(`${ns}.cancel`) },
      confirmProps: archive ? { color: 'red' } : {},
      onConfirm: () =>
        mutate(
          { kind: 'archive', uuid: record.uuid, archived: archive },
          {
            onSuccess: (saved) => {
              store(saved);
              notifySuccess(t(archive ? `${ns}.archived` : `${ns}.unarchived`, { name }));
            },
            onError: (error) =>
              notifyError(error, t(archive ? `${ns}.archiveFailed` : `${ns}.unarchiveFailed`)),
          },
        ),
    });
  };
  return { ask, pending: write.isPending };
}
