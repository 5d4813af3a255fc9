import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '../../../app/i18n';
import { notifyError, notifySuccess } from '../../../app/notify';

/** Asks before a penalty goes; the notice says how it went. */
export function confirmDelete({
  title,
  text,
  confirm,
  done,
  failed,
  remove,
}: {
  title: string;
  text: string;
  confirm: string;
  done: string;
  failed: string;
  remove: (callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}): void {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{text}</Text>,
    labels: { confirm, cancel: i18n.t('penaltiesPage.cancel') },
    confirmProps: { color: 'red' },
    onConfirm: () =>
      remove({ onSuccess: () => notifySuccess(done), onError: (error) => notifyError(error, failed) }),
  });
}
