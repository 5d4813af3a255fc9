import { Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useTranslation } from 'react-i18next';
import { issuesToErrors, serverErrors } from '../../../ui/form-validation';
import { RecordFormModal } from '../../../ui/record-panel';
import { useRecordForm } from '../../../ui/use-record-form';
import { MoneyInput } from '../../../ui/money-input';
import { usePaymentWrite } from './payments-api';
import { prepareReturnedPayment, type ReturnedPaymentValues } from './returned-values';

const validate = (values: ReturnedPaymentValues) => issuesToErrors(prepareReturnedPayment(values).issues);

/**
 * DOMAIN 4: a wire transfer that came back: the unit owes it again, the bank gives it back
 * (`unitElectronicDepositReversal`, no fee); the owners may be told by email.
 */
export function ReturnedPaymentDialog({
  start,
  description,
  onClose,
}: {
  start: ReturnedPaymentValues | null;
  /** The transfer, as the dialog names it. */
  description: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <RecordFormModal opened={start !== null} onClose={onClose} title={t('payments.returnedPayment.title')}>
      {start && <ReturnedPaymentForm start={start} description={description} onClose={onClose} />}
    </RecordFormModal>
  );
}

function ReturnedPaymentForm({
  start,
  description,
  onClose,
}: {
  start: ReturnedPaymentValues;
  description: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useRecordForm(start, { validate });
  const save = usePaymentWrite('returnedPayment');
  const pending = save.isPending;
  const submit = form.onSubmit((values) => {
    const { input } = prepareReturnedPayment(values);
    if (!input) return;
    save.mutate(
      { body: input },
      {
        onSuccess: () => {
          notifySuccess(t('payments.returnedPayment.saved'));
          onClose();
        },
        onError: (error) => {
          form.showErrors(serverErrors(error));
          notifyError(error, t('payments.returnedPayment.saveFailed'));
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{description}</Text>
        <Text size="sm" c="dimmed">
          {t('payments.returnedPayment.intro')}
        </Text>
        <Group grow align="flex-start" wrap="wrap">
          <MoneyInput label={t('payments.fields.amount')} disabled={pending} {...form.text('amount')} />
          <TextInput
            type="date"
            label={t('payments.returnedPayment.date')}
            required
            disabled={pending}
            {...form.text('date')}
          />
        </Group>
        {(form.errors.bankUuid ?? form.errors.unitUuid ?? form.errors.transactionUuid) && (
          <Text size="sm" c="red" role="alert">
            {form.errors.bankUuid ?? form.errors.unitUuid ?? form.errors.transactionUuid}
          </Text>
        )}
        <Switch
          label={t('payments.returned.emailOwner')}
          disabled={pending}
          {...form.checkbox('emailOwner')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('payments.actions.cancel')}
          </Button>
          <Button type="submit" color="red" loading={pending}>
            {t('payments.returnedPayment.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
