import { useMemo, useState } from 'react';
import { Button, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { returnCodes, type PadOrderView } from '@copro/domain';
import { notifyError, notifySuccess } from '../../app/notify';
import { useBuildingToday } from '../../app/shell/use-building-today';
import { FormActions } from '../../ui/form-actions';
import { issuesToErrors, serverErrors } from '../../ui/form-validation';
import { NotesField } from '../../ui/notes-field';
import { RecordFormModal } from '../../ui/record-panel';
import { useRecordForm } from '../../ui/use-record-form';
import { useLedgerFormat } from '../ledger';
import { useChangeStatus } from './otonom-api';
import { OrderStatusBadge, useReturnReason } from './status-badge';
import {
  needsReturnCode,
  prepareStatusChange,
  returnOptions,
  statusChangeStart,
  statusChoices,
  type StatusChangeValues,
} from './status-change-values';
import { useOrderTitle } from './order-title';

/**
 * "Change status": a status given by hand (a partner's answer read elsewhere, a return told by
 * phone). Only the statuses the lifecycle allows are offered; a return says why, and for a unit's
 * debit whether the fee is charged and the owners told.
 */
export function StatusDialog({ order, onClose }: { order: PadOrderView | null; onClose: () => void }) {
  const { t } = useTranslation();
  // While the dialog fades out (order gone), it keeps showing the order it was for.
  const [shown, setShown] = useState(order);
  if (order !== null && order !== shown) setShown(order);
  return (
    <RecordFormModal
      size="md"
      opened={order !== null}
      onClose={onClose}
      title={t('otonomPages.status.title', { reference: shown?.reference ?? '' })}
    >
      {shown && <StatusForm key={shown.uuid} order={shown} onClose={onClose} />}
    </RecordFormModal>
  );
}

function StatusForm({ order, onClose }: { order: PadOrderView; onClose: () => void }) {
  const { t } = useTranslation();
  const { money, day } = useLedgerFormat();
  const today = useBuildingToday();
  const title = useOrderTitle();
  const reason = useReturnReason();
  const start = useMemo(() => statusChangeStart(today), [today]);
  const validate = (values: StatusChangeValues) => issuesToErrors(prepareStatusChange(order, values).issues);
  const form = useRecordForm(start, { validate });
  const save = useChangeStatus();
  const pending = save.isPending;
  const choices = statusChoices(order);
  const to = form.values.status;
  const options = returnOptions(order, to);
  const returned = needsReturnCode(to);

  const submit = form.onSubmit((values) => {
    const { input } = prepareStatusChange(order, values);
    if (!input) return;
    save.mutate(
      { uuid: order.uuid, body: input },
      {
        onSuccess: (saved) => {
          notifySuccess(
            t('otonomPages.status.saved', {
              reference: saved.reference,
              status: t(`otonom.statuses.${saved.status}`),
            }),
          );
          onClose();
        },
        onError: (error) => {
          form.showErrors(serverErrors(error));
          notifyError(error, t('otonomPages.status.failed'));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {t('otonomPages.status.summary', {
            name: title(order),
            amount: money(order.amount),
            date: day(order.dueDate),
          })}
        </Text>
        <Group gap="xs">
          <Text size="sm">{t('otonomPages.status.current')}</Text>
          <OrderStatusBadge status={order.status} />
        </Group>
        {choices.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('otonomPages.status.final')}
          </Text>
        ) : (
          <>
            <Select
              label={t('otonomPages.status.next')}
              placeholder={t('otonomPages.status.choose')}
              required
              data={choices.map((status) => ({ value: status, label: t(`otonom.statuses.${status}`) }))}
              value={to || null}
              onChange={(value) => form.setValue('status', choices.find((status) => status === value) ?? '')}
              error={form.errors.status}
              disabled={pending}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-autofocus
            />
            {returned && (
              <Select
                label={t('otonomPages.status.returnCode')}
                placeholder={t('otonomPages.status.chooseReturnCode')}
                required
                searchable
                data={returnCodes.map((code) => ({ value: code, label: reason(code) }))}
                value={form.values.returnCode || null}
                onChange={(value) =>
                  form.setValue('returnCode', returnCodes.find((code) => code === value) ?? '')
                }
                error={form.errors.returnCode}
                disabled={pending}
                maxDropdownHeight={280}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            <TextInput
              type="date"
              label={t(returned ? 'otonomPages.status.returnDate' : 'otonomPages.status.date')}
              description={t('otonomPages.status.dateHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              disabled={pending}
              {...form.text('date')}
            />
            {options.fee && (
              <Checkbox
                label={t('otonomPages.status.chargeFee')}
                disabled={pending}
                {...form.checkbox('chargeFee')}
              />
            )}
            {options.email && (
              <Checkbox
                label={t('otonomPages.status.emailOwner')}
                disabled={pending}
                {...form.checkbox('emailOwner')}
              />
            )}
            <NotesField
              label={t('otonomPages.status.note')}
              minRows={2}
              disabled={pending}
              {...form.text('note')}
            />
          </>
        )}
        <FormActions errors={form.errors}>
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('otonomPages.actions.back')}
          </Button>
          {choices.length > 0 && (
            <Button type="submit" color={returned ? 'red' : undefined} loading={pending}>
              {t('otonomPages.status.submit')}
            </Button>
          )}
        </FormActions>
      </Stack>
    </form>
  );
}
