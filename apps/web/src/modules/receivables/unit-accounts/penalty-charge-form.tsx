import { useMemo } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageOf, limits } from '@copro/domain';
import { notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { formatMoney } from '../../../ui/format';
import { issuesToErrors } from '../../../ui/form-validation';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { useRecordForm } from '../../../ui/use-record-form';
import { defaultEntryDate } from '../../../ui/entry-date';
import { useBuildingToday } from '../../../app/shell/use-building-today';
import { DayInput, FormButtons, RefusalAlert, useRefusal } from './form-parts';
import { MoneyInput } from '../../../ui/money-input';
import {
  newPenaltyChargeValues,
  penaltyOptions,
  preparePenaltyCharge,
  withPenalty,
  type PenaltyChargeValues,
} from './penalty-charge-values';
import { usePenalties } from '../penalties/penalties-api';
import { useUnitWrite } from './unit-accounts-api';

const fields = ['penaltyUuid', 'date', 'amount', 'description'];

/** DOMAIN 5: one of the building's standard fees or penalties, charged by hand; its amount may be changed. */
export function PenaltyChargeForm({ unitUuid, onDone }: { unitUuid: string; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { building, fiscalYear } = useBuildingShell();
  const penalties = usePenalties(true);
  const options = useMemo(
    () => penaltyOptions(penalties.data ?? [], (kind) => t(`unitActions.penalty.kinds.${kind}`)),
    [penalties.data, t],
  );
  const today = useBuildingToday();
  const start = useMemo(
    () => newPenaltyChargeValues(defaultEntryDate(today, fiscalYear)),
    [today, fiscalYear],
  );
  const form = useRecordForm<PenaltyChargeValues>(start, {
    validate: (values) => issuesToErrors(preparePenaltyCharge(unitUuid, values).issues),
  });
  const write = useUnitWrite();
  const refusal = useRefusal(fields, t('unitActions.failed'));

  if (!penalties.data)
    return penalties.error ? (
      <QueryError error={penalties.error} onRetry={() => void penalties.refetch()} />
    ) : (
      <PageLoader />
    );
  if (options.length === 0)
    return (
      <Stack gap="md">
        <Alert color="yellow" variant="light">
          {t('unitActions.penalty.none')}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('unitActions.close')}
          </Button>
        </Group>
      </Stack>
    );

  const submit = form.onSubmit((ready) => {
    const { input } = preparePenaltyCharge(unitUuid, ready);
    if (!input) return;
    refusal.clear();
    write.mutate(
      { kind: 'penalty', body: input },
      {
        onSuccess: () => {
          notifySuccess(
            t('unitActions.penalty.saved', {
              amount: formatMoney(input.amount, building.currency, language),
            }),
          );
          onDone();
        },
        onError: (error) => form.showErrors(refusal.onError(error)),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label={t('unitActions.penalty.which')}
          placeholder={t('unitActions.penalty.pick')}
          required
          data={options.map(({ value, label }) => ({ value, label }))}
          value={form.values.penaltyUuid || null}
          onChange={(value) => {
            const next = withPenalty(
              form.values,
              options.find((option) => option.value === value)?.penalty,
              language,
            );
            form.setValue('penaltyUuid', next.penaltyUuid);
            form.setValue('amount', next.amount);
          }}
          error={form.errors.penaltyUuid}
          data-autofocus
        />
        <SimpleGrid type="container" cols={{ base: 1, '480px': 2 }} spacing="sm" verticalSpacing="sm">
          <DayInput label={t('unitActions.date')} {...form.text('date')} />
          <MoneyInput
            label={t('unitActions.amount')}
            description={t('unitActions.penalty.amountHint')}
            {...form.text('amount')}
          />
        </SimpleGrid>
        <TextInput
          label={t('unitActions.description')}
          description={t('unitActions.penalty.descriptionHint')}
          maxLength={limits.displayName}
          {...form.text('description')}
        />
        <RefusalAlert issues={refusal.general} />
        <FormButtons
          submitLabel={t('unitActions.penalty.submit')}
          pending={write.isPending}
          onCancel={onDone}
          errors={form.errors}
        />
      </Stack>
    </form>
  );
}
