import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NewFiscalYearForm } from './new-fiscal-year-form';
import type { FiscalYearCreation } from './use-fiscal-year-creation';

/**
 * The page's creation dialog. It cannot be closed while the year is being created, and it stays
 * open on a failure, with the reason, so the user can try again (SPEC 4).
 */
export function NewFiscalYearDialog({
  opened,
  onClose,
  creation,
}: {
  opened: boolean;
  onClose: () => void;
  creation: FiscalYearCreation;
}) {
  const { t } = useTranslation();
  const closable = !creation.ownRequest;
  return (
    <Modal
      opened={opened || creation.ownRequest}
      onClose={closable ? onClose : () => undefined}
      withCloseButton={closable}
      closeOnEscape={closable}
      closeOnClickOutside={closable}
      centered
      size="lg"
      title={t('fiscalYears.newYear.title')}
    >
      <NewFiscalYearForm creation={creation} onCancel={onClose} />
    </Modal>
  );
}
