import { useState, type FormEvent } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { cancelInvoiceSchema, type SupplierInvoiceView } from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { FormActions } from '../../../ui/form-actions';
import { issuesToErrors, serverErrors, type FormErrors } from '../../../ui/form-validation';
import { NotesField } from '../../../ui/notes-field';
import { prepareWith } from '../../../ui/prepare';
import { RecordFormModal } from '../../../ui/record-panel';
import { useCancelInvoice } from './invoices-api';

/** Cancels an invoice or credit note, with the reason kept on its transaction; its number is free again. */
export function CancelInvoiceDialog({
  invoice,
  opened,
  onClose,
}: {
  invoice: SupplierInvoiceView;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const cancel = useCancelInvoice(invoice.uuid);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const close = () => {
    setReason('');
    setErrors({});
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { input, issues } = prepareWith(cancelInvoiceSchema, { reason });
    setErrors(issuesToErrors(issues));
    if (!input) return;
    cancel.mutate(input.reason, {
      onSuccess: () => {
        notifySuccess(t('invoicePages.cancel.done', { number: invoice.number }));
        close();
      },
      onError: (error) => {
        setErrors(serverErrors(error));
        notifyError(error, t('invoicePages.cancel.failed'));
      },
    });
  };
  return (
    <RecordFormModal
      size="md"
      opened={opened}
      onClose={close}
      title={t(invoice.creditNote ? 'invoicePages.cancel.titleCreditNote' : 'invoicePages.cancel.title', {
        number: invoice.number,
      })}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('invoicePages.cancel.explain')}</Text>
          <NotesField
            label={t('invoicePages.cancel.reason')}
            required
            minRows={2}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setErrors({});
            }}
            error={errors.reason}
            data-autofocus
          />
          <FormActions errors={errors}>
            <Button variant="default" onClick={close} disabled={cancel.isPending}>
              {t('invoicePages.actions.back')}
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending}>
              {t('invoicePages.cancel.submit')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </RecordFormModal>
  );
}
