import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../app/notify';
import { Button, Grid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { limits, type CheckView, type UnitView } from '@copro/domain';
import { issuesToErrors, serverErrors } from '../../../ui/form-validation';
import { useRecordForm } from '../../../ui/use-record-form';
import { prepareCheck, type CheckValues } from './check-values';
import { MoneyInput } from '../../../ui/money-input';
import { NotesField } from '../../../ui/notes-field';
import { FormActions } from '../../../ui/form-actions';
import { usePaymentWrite } from './payments-api';
import { UnitSelect } from './unit-select';

// The hint goes under the box, so the boxes of a row line up.
const hintBelow: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

const validate = (values: CheckValues) => issuesToErrors(prepareCheck(values).issues);

/**
 * DOMAIN 4: a check recorded on arrival (unit, number, amount, the date written on it, notes), or
 * a recorded one corrected before its deposit. Nothing is posted until the deposit.
 */
export function CheckForm({
  units,
  start,
  editing,
  onSaved,
  onCancel,
}: {
  units: readonly UnitView[];
  start: CheckValues;
  /** The check being corrected; a new one when absent. */
  editing?: CheckView;
  onSaved?: (check: CheckView) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  // After a save the form starts again from this: the next check often comes from the same pile.
  const [blank, setBlank] = useState(start);
  const form = useRecordForm(blank, { validate });
  const create = usePaymentWrite('check');
  const edit = usePaymentWrite('editCheck');
  const pending = create.isPending || edit.isPending;

  const submit = form.onSubmit((values) => {
    const { input } = prepareCheck(values);
    if (!input) return;
    const handlers = {
      onSuccess: (saved: CheckView) => {
        notifySuccess(
          t(editing ? 'payments.checks.edited' : 'payments.checks.saved', {
            number: saved.number,
            unit: saved.unitNumber,
          }),
        );
        const next = { ...start, date: values.date };
        setBlank(next);
        form.settle(next);
        onSaved?.(saved);
      },
      onError: (error: unknown) => {
        form.showErrors(serverErrors(error));
        notifyError(error, t(editing ? 'payments.checks.editFailed' : 'payments.checks.saveFailed'));
      },
    };
    if (editing) edit.mutate({ uuid: editing.uuid, body: input }, handlers);
    else create.mutate({ body: input }, handlers);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <UnitSelect
              units={units}
              value={form.values.unitUuid}
              onChange={(uuid) => form.setValue('unitUuid', uuid)}
              error={form.errors.unitUuid}
              disabled={pending}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('payments.fields.checkNumber')}
              required
              maxLength={limits.shortName}
              autoComplete="off"
              disabled={pending}
              {...form.text('number')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <MoneyInput label={t('payments.fields.amount')} disabled={pending} {...form.text('amount')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              type="date"
              label={t('payments.fields.checkDate')}
              description={t('payments.fields.checkDateHint')}
              inputWrapperOrder={hintBelow}
              required
              disabled={pending}
              {...form.text('date')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <NotesField
              label={t('payments.fields.notes')}
              minRows={1}
              maxRows={4}
              disabled={pending}
              {...form.text('notes')}
            />
          </Grid.Col>
        </Grid>
        <FormActions errors={form.errors}>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={pending}>
              {t('payments.actions.cancel')}
            </Button>
          )}
          <Button type="submit" loading={pending}>
            {t(editing ? 'payments.checks.saveEdit' : 'payments.checks.submit')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
