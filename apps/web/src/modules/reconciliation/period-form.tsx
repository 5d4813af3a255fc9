import { useState } from 'react';
import { Button, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageOf, type BankReconciliation, type ReconciliationPeriod } from '@copro/domain';
import { notifyError, notifySuccess } from '../../app/notify';
import { FormActions } from '../../ui/form-actions';
import { issuesToErrors, serverErrors } from '../../ui/form-validation';
import { MoneyInput } from '../../ui/money-input';
import { RecordFormModal } from '../../ui/record-panel';
import { useRecordForm, type RecordForm } from '../../ui/use-record-form';
import {
  editPeriodValues,
  newPeriodValues,
  prepareNewPeriod,
  preparePeriodEdit,
  type PeriodValues,
} from './period-values';
import { useCreatePeriod, useEditPeriod } from './reconciliation-api';

/**
 * The dates and balances of a period: the start is typed for a bank's first new period only, the
 * starting balance for its first period only; later ones start where the previous one ended.
 */
function PeriodFields({
  form,
  startEditable,
  startingEditable,
  pending,
}: {
  form: RecordForm<PeriodValues>;
  startEditable: boolean;
  startingEditable: boolean;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          type="date"
          label={t('reconciliationPages.period.start')}
          readOnly={!startEditable}
          variant={startEditable ? 'default' : 'filled'}
          disabled={pending}
          required={startEditable}
          {...form.text('periodStart')}
        />
        <TextInput
          type="date"
          label={t('reconciliationPages.period.end')}
          required
          disabled={pending}
          {...form.text('periodEnd')}
        />
        <MoneyInput
          label={t('reconciliationPages.figures.starting')}
          readOnly={!startingEditable}
          variant={startingEditable ? 'default' : 'filled'}
          required={startingEditable}
          disabled={pending}
          {...form.text('startingBalance')}
        />
        <MoneyInput
          label={t('reconciliationPages.figures.closing')}
          required={false}
          disabled={pending}
          {...form.text('closingBalance')}
        />
      </SimpleGrid>
      {/* Said once under the boxes, so that the boxes of a row stay level. */}
      <List size="xs" c="dimmed" spacing={2}>
        {!startEditable && <List.Item>{t('reconciliationPages.period.startFixed')}</List.Item>}
        {!startingEditable && <List.Item>{t('reconciliationPages.period.startingFixed')}</List.Item>}
        <List.Item>{t('reconciliationPages.period.endHint')}</List.Item>
        <List.Item>{t('reconciliationPages.period.closingHint')}</List.Item>
      </List>
    </Stack>
  );
}

/** "New period": the server's proposal, its end date and the statement's closing balance to type. */
export function NewPeriodDialog({
  bankUuid,
  next,
  opened,
  onClose,
  onCreated,
}: {
  bankUuid: string;
  next: BankReconciliation['next'];
  opened: boolean;
  onClose: () => void;
  onCreated: (period: ReconciliationPeriod) => void;
}) {
  const { t } = useTranslation();
  return (
    <RecordFormModal opened={opened} onClose={onClose} title={t('reconciliationPages.period.new')} size="md">
      {opened && <NewPeriodForm bankUuid={bankUuid} next={next} onClose={onClose} onCreated={onCreated} />}
    </RecordFormModal>
  );
}

function NewPeriodForm({
  bankUuid,
  next,
  onClose,
  onCreated,
}: {
  bankUuid: string;
  next: BankReconciliation['next'];
  onClose: () => void;
  onCreated: (period: ReconciliationPeriod) => void;
}) {
  const { t, i18n } = useTranslation();
  // Taken once: a live refresh of the proposal must not reset what is being typed.
  const [start] = useState(() => newPeriodValues(next, languageOf(i18n.language)));
  const form = useRecordForm(start, {
    validate: (values) => issuesToErrors(prepareNewPeriod(values, next.startEditable).issues),
  });
  const create = useCreatePeriod(bankUuid);
  const submit = form.onSubmit((values) => {
    const { input } = prepareNewPeriod(values, next.startEditable);
    if (!input) return;
    create.mutate(input, {
      onSuccess: (period) => {
        notifySuccess(t('reconciliationPages.period.created'));
        onCreated(period);
      },
      onError: (error) => {
        form.showErrors(serverErrors(error));
        notifyError(error, t('reconciliationPages.period.createFailed'));
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {next.startEditable && (
          <Text size="sm" c="dimmed">
            {t('reconciliationPages.period.firstHint')}
          </Text>
        )}
        <PeriodFields
          form={form}
          startEditable={next.startEditable}
          startingEditable={next.startEditable}
          pending={create.isPending}
        />
        <FormActions errors={form.errors}>
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            {t('reconciliationPages.actions.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('reconciliationPages.period.create')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}

/** An open period's end date and balances (its start is fixed; a first period's starting balance is not). */
export function EditPeriodDialog({
  bankUuid,
  period,
  first,
  opened,
  onClose,
}: {
  bankUuid: string;
  period: ReconciliationPeriod;
  first: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <RecordFormModal opened={opened} onClose={onClose} title={t('reconciliationPages.period.edit')} size="md">
      {opened && <EditPeriodForm bankUuid={bankUuid} period={period} first={first} onClose={onClose} />}
    </RecordFormModal>
  );
}

function EditPeriodForm({
  bankUuid,
  period,
  first,
  onClose,
}: {
  bankUuid: string;
  period: ReconciliationPeriod;
  first: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [start] = useState(() => editPeriodValues(period, languageOf(i18n.language)));
  const form = useRecordForm(start, {
    validate: (values) => issuesToErrors(preparePeriodEdit(values, first).issues),
  });
  const edit = useEditPeriod(bankUuid, period.uuid);
  const submit = form.onSubmit((values) => {
    const { input } = preparePeriodEdit(values, first);
    if (!input) return;
    edit.mutate(input, {
      onSuccess: () => {
        notifySuccess(t('reconciliationPages.period.saved'));
        onClose();
      },
      onError: (error) => {
        form.showErrors(serverErrors(error));
        notifyError(error, t('reconciliationPages.period.saveFailed'));
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PeriodFields form={form} startEditable={false} startingEditable={first} pending={edit.isPending} />
        <FormActions errors={form.errors}>
          <Button variant="default" onClick={onClose} disabled={edit.isPending}>
            {t('reconciliationPages.actions.cancel')}
          </Button>
          <Button type="submit" loading={edit.isPending} disabled={form.pristine}>
            {t('reconciliationPages.actions.save')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
