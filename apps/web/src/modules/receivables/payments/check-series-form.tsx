import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../app/notify';
import { Button, Grid, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkPeriods, languageOf, maxChecksInSeries, type UnitView } from '@copro/domain';
import { issuesToErrors, serverErrors, type FormErrors } from '../../../ui/form-validation';
import { useRecordForm } from '../../../ui/use-record-form';
import { amountStyle } from '../../../ui/amount-style';
import { useLedgerFormat } from '../../ledger';
import { MoneyInput } from '../../../ui/money-input';
import { NotesField } from '../../../ui/notes-field';
import { usePaymentWrite } from './payments-api';
import {
  newSeriesValues,
  prepareSeriesSave,
  previewSeries,
  seriesTotal,
  type SeriesRow,
  type SeriesValues,
} from './series-values';
import { UnitSelect } from './unit-select';

/** The errors about the previewed checks go under them; the others under the series' fields. */
function splitErrors(errors: FormErrors): { rows: FormErrors; fields: FormErrors } {
  const rows: FormErrors = {};
  const fields: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path.startsWith('checks')) rows[path] = message;
    else fields[path] = message;
  }
  return { rows, fields };
}

/**
 * DOMAIN 4 post-dated checks: the series is described (first number, how many, every 1 to 4
 * months, first date, amount), previewed one check a row, each row corrected if need be, then
 * saved together.
 */
export function CheckSeriesForm({ units, today }: { units: readonly UnitView[]; today: string }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { money } = useLedgerFormat();
  const [blank, setBlank] = useState(() => newSeriesValues(today));
  const form = useRecordForm<SeriesValues>(blank);
  // The form follows what it starts from while untouched: the preview is that starting point.
  const [previewRows, setPreviewRows] = useState<{ checks: SeriesRow[] }>({ checks: [] });
  const preview = useRecordForm(previewRows);
  const [previewed, setPreviewed] = useState(false);
  const save = usePaymentWrite('series');
  const pending = save.isPending;
  const rows = preview.values.checks;

  const discardPreview = () => {
    const none = { checks: [] };
    setPreviewRows(none);
    preview.settle(none);
    setPreviewed(false);
  };

  const showPreview = form.onSubmit((values) => {
    const { input, issues } = previewSeries(values, language);
    form.showErrors(issuesToErrors(issues));
    if (!input) return;
    const next = { checks: input };
    setPreviewRows(next);
    preview.settle(next);
    setPreviewed(true);
  });

  const submitSeries = preview.onSubmit(({ checks }) => {
    const { input, issues } = prepareSeriesSave(form.values.unitUuid, checks, form.values.notes);
    const found = splitErrors(issuesToErrors(issues));
    form.showErrors(found.fields);
    preview.showErrors(found.rows);
    if (!input) return;
    save.mutate(
      { body: input },
      {
        onSuccess: (saved) => {
          notifySuccess(t('payments.series.saved', { count: saved.length }));
          const next = {
            ...newSeriesValues(today),
            periodMonths: form.values.periodMonths,
            count: form.values.count,
          };
          setBlank(next);
          form.settle(next);
          discardPreview();
        },
        onError: (error) => {
          const found = splitErrors(serverErrors(error));
          form.showErrors(found.fields);
          preview.showErrors(found.rows);
          notifyError(error, t('payments.series.saveFailed'));
        },
      },
    );
  });

  return (
    <Stack gap="md">
      <form onSubmit={showPreview} noValidate>
        <Stack gap="sm">
          <Grid gutter="sm">
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <UnitSelect
                units={units}
                value={form.values.unitUuid}
                onChange={(uuid) => form.setValue('unitUuid', uuid)}
                error={form.errors.unitUuid}
                disabled={pending}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <TextInput
                label={t('payments.series.firstNumber')}
                required
                inputMode="numeric"
                autoComplete="off"
                maxLength={20}
                disabled={pending}
                {...form.text('firstNumber')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 2 }}>
              <TextInput
                label={t('payments.series.count')}
                required
                type="number"
                min={2}
                max={maxChecksInSeries}
                disabled={pending}
                {...form.text('count')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 2 }}>
              <NativeSelect
                label={t('payments.series.period')}
                required
                disabled={pending}
                data={checkPeriods.map((months) => ({
                  value: String(months),
                  label: t('payments.series.everyMonths', { count: months }),
                }))}
                {...form.text('periodMonths')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <TextInput
                type="date"
                label={t('payments.series.firstDate')}
                required
                disabled={pending}
                {...form.text('firstDate')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <MoneyInput label={t('payments.series.amount')} disabled={pending} {...form.text('amount')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <NotesField
                label={t('payments.fields.notes')}
                minRows={1}
                maxRows={3}
                disabled={pending}
                {...form.text('notes')}
              />
            </Grid.Col>
          </Grid>
          <Group justify="flex-end">
            <Button type="submit" variant={previewed ? 'default' : 'filled'} disabled={pending}>
              {t(previewed ? 'payments.series.previewAgain' : 'payments.series.preview')}
            </Button>
          </Group>
        </Stack>
      </form>
      {previewed && rows.length > 0 && (
        <form onSubmit={submitSeries} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('payments.series.previewHint')}
            </Text>
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing={4} aria-label={t('payments.series.previewTable')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>#</Table.Th>
                    <Table.Th>{t('payments.fields.checkNumber')}</Table.Th>
                    <Table.Th>{t('payments.fields.checkDate')}</Table.Th>
                    <Table.Th ta="right">{t('payments.fields.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((_, i) => (
                    <Table.Tr key={i}>
                      <Table.Td c="dimmed">{i + 1}</Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t('payments.series.rowNumber', { row: i + 1 })}
                          size="xs"
                          autoComplete="off"
                          disabled={pending}
                          {...preview.text(`checks.${i}.number`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          type="date"
                          aria-label={t('payments.series.rowDate', { row: i + 1 })}
                          size="xs"
                          disabled={pending}
                          {...preview.text(`checks.${i}.date`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <MoneyInput
                          aria-label={t('payments.series.rowAmount', { row: i + 1 })}
                          disabled={pending}
                          {...preview.text(`checks.${i}.amount`)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th colSpan={3}>{t('payments.series.total', { count: rows.length })}</Table.Th>
                    <Table.Td ta="right" fw={600} style={amountStyle}>
                      {money(seriesTotal(rows))}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
            {preview.errors.checks && (
              <Text size="sm" c="red">
                {preview.errors.checks}
              </Text>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" disabled={pending} onClick={discardPreview}>
                {t('payments.series.discard')}
              </Button>
              <Button type="submit" loading={pending}>
                {t('payments.series.submit', { count: rows.length })}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
