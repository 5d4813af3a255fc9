import { Button, Grid, Group, NativeSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useTranslation } from 'react-i18next';
import { limits, type BankView, type UnitView } from '@copro/domain';
import { issuesToErrors, serverErrors } from '../../../ui/form-validation';
import { RecordFormModal } from '../../../ui/record-panel';
import { useRecordForm } from '../../../ui/use-record-form';
import { MoneyInput } from '../../../ui/money-input';
import { usePaymentWrite } from './payments-api';
import { prepareReturnedCheck, type ReturnedCheckValues } from './returned-values';
import { UnitSelect } from './unit-select';

const validate = (values: ReturnedCheckValues) => issuesToErrors(prepareReturnedCheck(values).issues);

/**
 * DOMAIN 4 returned check (NSF): the unit owes the amount again and the bank gives it back;
 * optionally the building's check-reversal fee is charged and the owners are told by email.
 */
export function ReturnedCheckDialog({
  start,
  banks,
  units,
  onClose,
}: {
  /** The check's values; the dialog is closed when null. */
  start: ReturnedCheckValues | null;
  banks: readonly BankView[];
  units: readonly UnitView[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <RecordFormModal opened={start !== null} onClose={onClose} title={t('payments.returned.title')}>
      {start && <ReturnedCheckForm start={start} banks={banks} units={units} onClose={onClose} />}
    </RecordFormModal>
  );
}

function ReturnedCheckForm({
  start,
  banks,
  units,
  onClose,
}: {
  start: ReturnedCheckValues;
  banks: readonly BankView[];
  units: readonly UnitView[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useRecordForm(start, { validate });
  const save = usePaymentWrite('returnedCheck');
  const pending = save.isPending;

  const submit = form.onSubmit((values) => {
    const { input } = prepareReturnedCheck(values);
    if (!input) return;
    save.mutate(
      { body: input },
      {
        onSuccess: (answer) => {
          notifySuccess(
            t(answer.fee ? 'payments.returned.savedWithFee' : 'payments.returned.saved', {
              number: input.checkNumber,
            }),
          );
          onClose();
        },
        onError: (error) => {
          form.showErrors(serverErrors(error));
          notifyError(error, t('payments.returned.saveFailed'));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('payments.returned.intro')}
        </Text>
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label={t('payments.fields.bank')}
              required
              disabled={pending}
              data={banks.map((bank) => ({ value: bank.uuid, label: bank.name }))}
              {...form.text('bankUuid')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <UnitSelect
              units={units}
              value={form.values.unitUuid}
              onChange={(uuid) => form.setValue('unitUuid', uuid)}
              error={form.errors.unitUuid}
              disabled={pending}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label={t('payments.fields.checkNumber')}
              required
              maxLength={limits.shortName}
              disabled={pending}
              {...form.text('checkNumber')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <MoneyInput label={t('payments.fields.amount')} disabled={pending} {...form.text('amount')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              type="date"
              label={t('payments.returned.date')}
              required
              disabled={pending}
              {...form.text('date')}
            />
          </Grid.Col>
        </Grid>
        <Switch
          label={t('payments.returned.chargeFee')}
          description={t('payments.returned.chargeFeeHint')}
          disabled={pending}
          {...form.checkbox('chargeFee')}
        />
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
            {t('payments.returned.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
