import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify';
import { serverErrors } from '../../../ui/form-validation';
import { useSaveBillingDays } from './recurring-api';
import type { Holder } from './recurring-values';

const dayOptions = Array.from({ length: 31 }, (_, i) => String(i + 1));

/**
 * A holder's list of billing days (SPEC 5: every day its bills use must be in it). Readers see
 * the days; writers change the list, refused while a bill still uses a day taken out.
 */
export function BillingDaysEditor({ holder, canWrite }: { holder: Holder; canWrite: boolean }) {
  const { t } = useTranslation();
  const save = useSaveBillingDays();
  const [editing, setEditing] = useState<string[] | null>(null);
  const [error, setError] = useState<ReactNode>(null);
  const label = t('invoicePages.recurring.billingDays');

  if (editing === null)
    return (
      <Group gap={6} wrap="wrap">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {holder.days.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('invoicePages.recurring.noDays')}
          </Text>
        ) : (
          holder.days.map((day) => (
            <Badge key={day} variant="outline" color="gray" size="md">
              {day}
            </Badge>
          ))
        )}
        {canWrite && (
          <Button
            size="compact-xs"
            variant="subtle"
            aria-label={t('invoicePages.recurring.editDaysOf', { holder: holder.name })}
            onClick={() => setEditing(holder.days.map(String))}
          >
            {t('invoicePages.recurring.editDays')}
          </Button>
        )}
      </Group>
    );

  const submit = () => {
    setError(null);
    save.mutate(
      { supplierUuid: holder.supplierUuid, days: editing.map(Number).sort((a, b) => a - b) },
      {
        onSuccess: () => {
          notifySuccess(t('invoicePages.recurring.daysSaved', { holder: holder.name }));
          setEditing(null);
        },
        onError: (failure) => {
          setError(Object.values(serverErrors(failure))[0] ?? null);
          notifyError(failure, t('invoicePages.recurring.daysFailed'), { withoutForm: true });
        },
      },
    );
  };

  return (
    <Stack gap={6}>
      <MultiSelect
        label={t('invoicePages.recurring.billingDaysOf', { holder: holder.name })}
        data={dayOptions}
        value={editing}
        onChange={(next) => {
          setEditing([...next].sort((a, b) => Number(a) - Number(b)));
          setError(null);
        }}
        searchable
        clearable
        hidePickedOptions
        error={error}
        disabled={save.isPending}
        comboboxProps={{ withinPortal: true }}
      />
      <Group gap="xs" justify="flex-end">
        <Button size="xs" variant="default" onClick={() => setEditing(null)} disabled={save.isPending}>
          {t('invoicePages.actions.cancel')}
        </Button>
        <Button size="xs" onClick={submit} loading={save.isPending}>
          {t('invoicePages.recurring.saveDays')}
        </Button>
      </Group>
    </Stack>
  );
}
