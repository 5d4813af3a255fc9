import { useMemo } from 'react';
import { Button, Checkbox, Group, NativeSelect, Radio, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { csvDateFormats, type CsvMapping, type StatementImport } from '@copro/domain';
import { notifyError } from '../../app/notify';
import { FormActions } from '../../ui/form-actions';
import { issuesToErrors, serverErrors } from '../../ui/form-validation';
import { ScrollTable } from '../../ui/scroll-table';
import { useRecordForm } from '../../ui/use-record-form';
import {
  amountModes,
  columnCount,
  columnOptions,
  mappingValuesOf,
  prepareMapping,
  type MappingValues,
} from './mapping-values';

/**
 * A bank's CSV read for the first time: its first rows, and which column holds what, as the
 * server guessed it. Saved, the mapping reads this file and is remembered for the bank's next ones.
 */
export function MappingForm({
  statementImport,
  needsMapping,
  pending,
  onSubmit,
}: {
  statementImport: StatementImport;
  needsMapping: NonNullable<StatementImport['needsMapping']>;
  pending: boolean;
  onSubmit: (body: CsvMapping, onError: (error: unknown) => void) => void;
}) {
  const { t } = useTranslation();
  const start = useMemo(
    () => mappingValuesOf(needsMapping.suggested ?? statementImport.mapping),
    [needsMapping.suggested, statementImport.mapping],
  );
  const form = useRecordForm<MappingValues>(start, {
    validate: (values) => issuesToErrors(prepareMapping(values).issues),
  });
  const { rows } = needsMapping;
  const columns = columnOptions(rows, (number) => t('reconciliationPages.mapping.column', { number }));
  const none = { value: '', label: t('reconciliationPages.mapping.none') };
  const select = (role: keyof MappingValues, optional = false) => (
    <NativeSelect
      label={t(`reconciliationPages.mapping.roles.${role}`)}
      data={
        optional
          ? [none, ...columns]
          : [{ ...none, label: t('reconciliationPages.mapping.choose') }, ...columns]
      }
      disabled={pending}
      {...form.text(role)}
    />
  );
  const submit = form.onSubmit((values) => {
    const { input } = prepareMapping(values);
    if (!input) return;
    onSubmit(input, (error) => {
      form.showErrors(serverErrors(error));
      notifyError(error, t('reconciliationPages.mapping.failed'));
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('reconciliationPages.mapping.intro')}</Text>
        <SampleRows rows={rows} hasHeader={form.values.hasHeader} />
        <Group gap="md" wrap="wrap">
          <Checkbox
            label={t('reconciliationPages.mapping.hasHeader')}
            disabled={pending}
            {...form.checkbox('hasHeader')}
          />
          <Checkbox
            label={t('reconciliationPages.mapping.decimalComma')}
            disabled={pending}
            {...form.checkbox('decimalComma')}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {select('date')}
          <NativeSelect
            label={t('reconciliationPages.mapping.roles.dateFormat')}
            data={csvDateFormats.map((format) => ({ value: format, label: format }))}
            disabled={pending}
            {...form.text('dateFormat')}
          />
          {select('description')}
          {select('checkNumber', true)}
        </SimpleGrid>
        <Radio.Group
          label={t('reconciliationPages.mapping.amountMode')}
          value={form.values.amountMode}
          onChange={(mode) => form.setValue('amountMode', amountModes.find((m) => m === mode) ?? 'signed')}
        >
          <Group gap="md" mt={6} wrap="wrap">
            {amountModes.map((mode) => (
              <Radio
                key={mode}
                value={mode}
                label={t(`reconciliationPages.mapping.modes.${mode}`)}
                disabled={pending}
              />
            ))}
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {form.values.amountMode === 'signed' ? (
            select('amount')
          ) : (
            <>
              {select('debit')}
              {select('credit')}
            </>
          )}
        </SimpleGrid>
        <FormActions errors={form.errors}>
          <Button type="submit" loading={pending}>
            {t('reconciliationPages.mapping.save')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}

/** The file's first rows as they are, the header row (when there is one) in bold. */
function SampleRows({ rows, hasHeader }: { rows: readonly (readonly string[])[]; hasHeader: boolean }) {
  const { t } = useTranslation();
  const count = columnCount(rows);
  const indexes = Array.from({ length: count }, (_, i) => i);
  return (
    <ScrollTable minWidth={Math.max(count * 120, 320)}>
      <Table
        withTableBorder
        withColumnBorders
        fz="xs"
        verticalSpacing={4}
        aria-label={t('reconciliationPages.mapping.sample')}
      >
        <Table.Thead>
          <Table.Tr>
            {indexes.map((i) => (
              <Table.Th key={i}>{t('reconciliationPages.mapping.column', { number: i + 1 })}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, r) => (
            // The sample rows never move: their place is their key.
            <Table.Tr key={r} fw={hasHeader && r === 0 ? 700 : undefined}>
              {indexes.map((i) => (
                <Table.Td key={i} style={{ overflowWrap: 'anywhere' }}>
                  {row[i] ?? ''}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
