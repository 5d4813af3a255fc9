import { useMemo } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Radio,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { billbackRules, languageOf, limits, type SupplierInvoiceView, type UnitView } from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { amountStyle } from '../../../ui/amount-style';
import { FormActions } from '../../../ui/form-actions';
import { issuesToErrors, serverErrors } from '../../../ui/form-validation';
import { formatPercentage } from '../../../ui/format';
import { MoneyInput } from '../../../ui/money-input';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { RecordFormModal } from '../../../ui/record-panel';
import { Translated } from '../../../ui/translated';
import { useRecordForm } from '../../../ui/use-record-form';
import { compareNumbers } from '../../../ui/compare';
import { useLedgerFormat } from '../../ledger';
import { useRecords } from '../../registry';
import {
  billbackPreview,
  chosenUnits,
  newBillbackValues,
  prepareBillback,
  unbilledRest,
  type BillbackValues,
} from './billback-values';
import { useAddBillback } from './invoices-api';

/** "Bill back to units": part of an invoice charged to units, by vote share, equally or by amounts. */
export function BillbackDialog({
  invoice,
  date,
  opened,
  onClose,
}: {
  invoice: SupplierInvoiceView;
  /** The day a new entry is dated. */
  date: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const units = useRecords('units');
  const active = useMemo(
    () =>
      (units.data ?? []).filter((unit) => !unit.archived).sort((a, b) => compareNumbers(a.number, b.number)),
    [units.data],
  );
  return (
    <RecordFormModal
      opened={opened}
      onClose={onClose}
      title={t('invoicePages.billback.title', { number: invoice.number })}
    >
      {units.error && !units.data ? (
        <QueryError error={units.error} onRetry={() => void units.refetch()} />
      ) : !units.data ? (
        <PageLoader />
      ) : (
        <BillbackForm invoice={invoice} units={active} date={date} onDone={onClose} />
      )}
    </RecordFormModal>
  );
}

function BillbackForm({
  invoice,
  units,
  date,
  onDone,
}: {
  invoice: SupplierInvoiceView;
  units: UnitView[];
  date: string;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { money } = useLedgerFormat();
  const rest = unbilledRest(invoice);
  const start = useMemo(
    () => newBillbackValues(invoice, units, date, language),
    [invoice, units, date, language],
  );
  const form = useRecordForm<BillbackValues>(start, {
    validate: (values) => issuesToErrors(prepareBillback(values, units, rest, language).issues),
  });
  const save = useAddBillback(invoice.uuid);
  const values = form.values;
  const chosen = chosenUnits(units, values);
  const chosenIndex = new Map(chosen.map((unit, i) => [unit.uuid, i]));
  const preview = billbackPreview(values, units);
  const byAmounts = values.rule === 'amounts';

  const submit = form.onSubmit((ready) => {
    const { input } = prepareBillback(ready, units, rest, language);
    if (!input) return;
    save.mutate(input, {
      onSuccess: (answer) => {
        notifySuccess(
          t('invoicePages.billback.saved', {
            number: invoice.number,
            count: answer.billbacks.filter((b) => !b.cancelled).length,
          }),
        );
        onDone();
      },
      onError: (error) => {
        form.showErrors(serverErrors(error));
        notifyError(error, t('invoicePages.billback.saveFailed'));
      },
    });
  });

  const toggle = (uuid: string, on: boolean) =>
    form.setValue(
      'unitUuids',
      on ? [...values.unitUuids, uuid] : values.unitUuids.filter((other) => other !== uuid),
    );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <MoneyInput
            label={t('invoicePages.billback.amount')}
            description={t('invoicePages.billback.rest', { amount: money(rest) })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            disabled={save.isPending}
            {...form.text('amount')}
          />
          <TextInput
            type="date"
            label={t('invoicePages.billback.date')}
            required
            disabled={save.isPending}
            {...form.text('date')}
          />
        </SimpleGrid>
        <Radio.Group
          label={t('invoicePages.billback.rule')}
          value={values.rule}
          onChange={(rule) => form.setValue('rule', rule)}
          error={form.errors.rule}
        >
          <Group gap="md" mt={6}>
            {billbackRules.map((rule) => (
              <Radio
                key={rule}
                value={rule}
                label={t(`invoicePages.billback.rules.${rule}`)}
                disabled={save.isPending}
              />
            ))}
          </Group>
        </Radio.Group>
        <TextInput
          label={t('invoicePages.billback.description')}
          description={t('invoicePages.billback.descriptionHint')}
          maxLength={limits.displayName}
          disabled={save.isPending}
          {...form.text('description')}
        />

        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={500}>
              {t('invoicePages.billback.units', { count: chosen.length, total: units.length })}
            </Text>
            <Group gap={4}>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() =>
                  form.setValue(
                    'unitUuids',
                    units.map((unit) => unit.uuid),
                  )
                }
              >
                {t('invoicePages.billback.all')}
              </Button>
              <Button size="compact-xs" variant="subtle" onClick={() => form.setValue('unitUuids', [])}>
                {t('invoicePages.billback.none')}
              </Button>
            </Group>
          </Group>
          <ScrollArea.Autosize mah="40dvh" type="auto" offsetScrollbars>
            <Stack gap={0} role="group" aria-label={t('invoicePages.billback.unitsLabel')}>
              {units.map((unit) => {
                const index = chosenIndex.get(unit.uuid);
                const part = preview.ok ? preview.parts.get(unit.uuid) : undefined;
                const title = t('units.unitTitle', { number: unit.number });
                return (
                  <Group
                    key={unit.uuid}
                    justify="space-between"
                    gap="xs"
                    wrap="nowrap"
                    py={6}
                    style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                  >
                    <Checkbox
                      label={
                        <span>
                          {title}{' '}
                          <Text span size="xs" c="dimmed">
                            {formatPercentage(unit.voteShare, language, 4)}
                          </Text>
                        </span>
                      }
                      checked={index !== undefined}
                      onChange={(event) => toggle(unit.uuid, event.currentTarget.checked)}
                      disabled={save.isPending}
                    />
                    {byAmounts && index !== undefined ? (
                      <Box style={{ flex: '0 1 9rem', minWidth: 0 }}>
                        <MoneyInput
                          aria-label={t('invoicePages.billback.unitAmount', { unit: title })}
                          size="xs"
                          rightSection={null}
                          disabled={save.isPending}
                          value={values.amounts[unit.uuid] ?? ''}
                          onChange={(event) => {
                            form.setValue(`amounts.${unit.uuid}`, event.currentTarget.value);
                            // The box's error is named by its place among the chosen units, not by its path.
                            form.setErrors(({ [`units.${index}.amount`]: _cleared, ...rest }) => rest);
                          }}
                          error={form.errors[`units.${index}.amount`]}
                        />
                      </Box>
                    ) : (
                      <Text size="sm" style={amountStyle} c={part === undefined ? 'dimmed' : undefined}>
                        {part === undefined ? '—' : money(part)}
                      </Text>
                    )}
                  </Group>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
          {form.firstErrorAt('units') && !byAmounts && (
            <Text size="xs" c="red" role="alert">
              {form.firstErrorAt('units')}
            </Text>
          )}
          {form.errors.units && byAmounts && (
            <Text size="xs" c="red" role="alert">
              {form.errors.units}
            </Text>
          )}
        </Stack>
        {preview.ok ? (
          <Text size="sm" ta="right" aria-live="polite">
            {t('invoicePages.billback.previewTotal', { count: chosen.length, total: money(preview.total) })}
          </Text>
        ) : (
          preview.issues.length > 0 && (
            <Alert color="yellow" variant="light" p="xs">
              <Text size="sm">
                <Translated k={preview.issues[0]?.key ?? ''} params={preview.issues[0]?.params} />
              </Text>
            </Alert>
          )
        )}
        <FormActions errors={form.errors}>
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('invoicePages.actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('invoicePages.billback.submit')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
