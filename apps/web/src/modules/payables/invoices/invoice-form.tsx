import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Checkbox,
  Divider,
  Grid,
  Group,
  Menu,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconCalculator, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageOf, limits, type SupplierInvoiceView } from '@copro/domain';
import { ApiError } from '../../../app/api';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { amountStyle } from '../../../ui/amount-style';
import { FormActions } from '../../../ui/form-actions';
import { issuesToErrors, serverErrors, type FormErrors } from '../../../ui/form-validation';
import { MoneyInput } from '../../../ui/money-input';
import { NotesField } from '../../../ui/notes-field';
import { Translated } from '../../../ui/translated';
import { useRecordForm } from '../../../ui/use-record-form';
import { useLedgerFormat } from '../../ledger';
import { AttachmentsField } from './attachments-field';
import { ConfidenceHint } from './invoice-badges';
import {
  addedTax,
  computedTaxes,
  freeTaxCodes,
  recomputedTaxes,
  type InvoiceTaxValues,
} from './invoice-taxes';
import {
  blankLine,
  invoiceTotals,
  prepareInvoice,
  subtotalOf,
  withoutBlankLines,
  withSupplier,
  type InvoiceLineValues,
  type InvoiceValues,
} from './invoice-values';
import { useCreateInvoice } from './invoices-api';
import { fieldsToCheck, shownConfidence, type PrefilledInvoice } from './prefill-values';
import type { InvoiceLookups } from './use-invoice-lookups';

const validate = (values: InvoiceValues) => issuesToErrors(prepareInvoice(values).issues);

/** The server's refusal on the fields: its issues, and a number already used by this supplier. */
function refusalErrors(error: unknown): FormErrors {
  const errors = serverErrors(error);
  if (error instanceof ApiError && error.code === 'invoiceNumberTaken' && !errors.number)
    errors.number = <Translated k={error.messageKey} />;
  return errors;
}

/**
 * A supplier invoice or credit note (DOMAIN 7): supplier, number, dates, lines by expense
 * category, taxes preset from the building's active taxes and computed on the subtotal until
 * typed, notes and up to 5 PDFs. Filled from a PDF, each field read shows how sure the reading
 * is, and the user says they checked the uncertain ones before saving.
 */
export function InvoiceForm({
  start,
  prefilled,
  lookups,
  onSaved,
  onCancel,
}: {
  start: InvoiceValues;
  /** What was read from a PDF, when the form comes from one. */
  prefilled?: PrefilledInvoice | undefined;
  lookups: InvoiceLookups;
  onSaved: (invoice: SupplierInvoiceView) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { building } = useBuildingShell();
  const { money } = useLedgerFormat();
  const form = useRecordForm(start, { validate, prepare: withoutBlankLines });
  const create = useCreateInvoice();
  const [checked, setChecked] = useState(false);
  const [checkError, setCheckError] = useState(false);
  const values = form.values;
  const pending = create.isPending;
  const marks = prefilled?.marks ?? {};
  const confidenceAt = (path: string) =>
    prefilled ? shownConfidence(marks, prefilled.values, values, path) : null;
  // Under a field read from the PDF, how sure the reading is; nothing under the others.
  const hintAt = (path: string) => {
    const confidence = confidenceAt(path);
    return confidence ? <ConfidenceHint confidence={confidence} /> : undefined;
  };
  const toCheck = prefilled ? fieldsToCheck(marks, prefilled.values, values) : [];
  const totals = invoiceTotals(values);

  const setLines = (lines: InvoiceLineValues[], changedPath: string, changed: unknown) => {
    form.setValue(changedPath, changed);
    const taxes = computedTaxes(values.taxes, subtotalOf(lines), building.taxes, language);
    if (taxes !== values.taxes) form.setValue('taxes', taxes);
  };
  const setLine = (index: number, key: keyof InvoiceLineValues, next: string) =>
    setLines(
      values.lines.map((line, i) => (i === index ? { ...line, [key]: next } : line)),
      `lines.${index}.${key}`,
      next,
    );
  const removeLine = (index: number) => {
    const lines = values.lines.filter((_, i) => i !== index);
    setLines(lines, 'lines', lines);
  };
  const setTax = (index: number, next: InvoiceTaxValues) => form.setValue(`taxes.${index}`, next);
  const freeCodes = freeTaxCodes(values.taxes, building.taxes);

  const submit = form.onSubmit((ready) => {
    if (toCheck.length > 0 && !checked) {
      setCheckError(true);
      return;
    }
    const { input } = prepareInvoice(ready);
    if (!input) return;
    create.mutate(input, {
      onSuccess: (saved) => {
        notifySuccess(
          t(saved.creditNote ? 'invoicePages.form.savedCreditNote' : 'invoicePages.form.saved', {
            number: saved.number,
            supplier: saved.supplierName,
          }),
        );
        onSaved(saved);
      },
      onError: (error) => {
        form.showErrors(refusalErrors(error));
        notifyError(error, t('invoicePages.form.saveFailed'));
      },
    });
  });

  const categoryData = lookups.expenseCategories
    .filter(
      (category) => !category.archived || values.lines.some((line) => line.categoryUuid === category.uuid),
    )
    .map((category) => ({ value: category.uuid, label: category.name }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Switch
          label={t('invoicePages.form.creditNote')}
          description={t('invoicePages.form.creditNoteHint')}
          disabled={pending}
          {...form.checkbox('creditNote')}
        />
        <Select
          label={t('invoicePages.fields.supplier')}
          placeholder={t('invoicePages.form.chooseSupplier')}
          required
          searchable
          nothingFoundMessage={t('invoicePages.form.noSupplier')}
          data={lookups.activeSuppliers.map((supplier) => ({ value: supplier.uuid, label: supplier.name }))}
          value={values.supplierUuid || null}
          onChange={(uuid) => {
            const next = withSupplier(
              values,
              lookups.suppliers.find((supplier) => supplier.uuid === uuid),
            );
            form.setValue('supplierUuid', next.supplierUuid);
            if (next.lines !== values.lines) form.setValue('lines', next.lines);
          }}
          error={form.errors.supplierUuid}
          description={hintAt('supplierUuid')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          disabled={pending}
          comboboxProps={{ withinPortal: true }}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label={t(
              values.creditNote ? 'invoicePages.fields.creditNoteNumber' : 'invoicePages.fields.number',
            )}
            required
            maxLength={100}
            autoComplete="off"
            disabled={pending}
            description={hintAt('number')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.text('number')}
          />
          <TextInput
            type="date"
            label={t('invoicePages.fields.date')}
            required
            disabled={pending}
            description={hintAt('date')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.text('date')}
          />
          <TextInput
            type="date"
            label={t('invoicePages.fields.dueDate')}
            disabled={pending}
            {...form.text('dueDate')}
          />
        </SimpleGrid>

        <Divider label={t('invoicePages.form.lines')} labelPosition="left" />
        <Stack gap="sm">
          {values.lines.map((line, index) => (
            <Grid key={index} gutter="xs" align="flex-start">
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Select
                  label={t('invoicePages.fields.category')}
                  placeholder={t('invoicePages.form.chooseCategory')}
                  required
                  searchable
                  nothingFoundMessage={t('invoicePages.form.noCategory')}
                  data={categoryData}
                  value={line.categoryUuid || null}
                  onChange={(uuid) => setLine(index, 'categoryUuid', uuid ?? '')}
                  error={form.errors[`lines.${index}.categoryUuid`]}
                  disabled={pending}
                  comboboxProps={{ withinPortal: true }}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput
                  label={t('invoicePages.fields.description')}
                  maxLength={limits.displayName}
                  autoComplete="off"
                  disabled={pending}
                  value={line.description}
                  onChange={(event) => setLine(index, 'description', event.currentTarget.value)}
                  error={form.errors[`lines.${index}.description`]}
                />
              </Grid.Col>
              <Grid.Col
                span={{ base: values.lines.length > 1 ? 10 : 12, sm: values.lines.length > 1 ? 3 : 4 }}
              >
                <MoneyInput
                  label={t('invoicePages.fields.amountBeforeTaxes')}
                  disabled={pending}
                  value={line.amount}
                  onChange={(event) => setLine(index, 'amount', event.currentTarget.value)}
                  error={form.errors[`lines.${index}.amount`]}
                  description={hintAt(`lines.${index}.amount`)}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                />
              </Grid.Col>
              {values.lines.length > 1 && (
                <Grid.Col span={{ base: 2, sm: 1 }} style={{ display: 'flex', justifyContent: 'center' }}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    mt={26}
                    aria-label={t('invoicePages.form.removeLine', { line: index + 1 })}
                    disabled={pending}
                    onClick={() => removeLine(index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Grid.Col>
              )}
            </Grid>
          ))}
          <Box>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={pending || values.lines.length >= 50}
              onClick={() =>
                form.setValue('lines', [...values.lines, blankLine(values.lines.at(-1)?.categoryUuid ?? '')])
              }
            >
              {t('invoicePages.form.addLine')}
            </Button>
          </Box>
        </Stack>

        <Divider label={t('invoicePages.form.taxes')} labelPosition="left" />
        <Stack gap="xs">
          {values.taxes.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('invoicePages.form.noTaxes')}
            </Text>
          )}
          {values.taxes.map((tax, index) => (
            <Group key={tax.code} gap="xs" wrap="nowrap" align="flex-start">
              <Box style={{ flex: 1, minWidth: 0 }}>
                <MoneyInput
                  label={t(`admin.taxCodes.${tax.code}`)}
                  required
                  disabled={pending}
                  value={tax.amount}
                  onChange={(event) =>
                    setTax(index, { ...tax, amount: event.currentTarget.value, fixed: true })
                  }
                  error={form.errors[`taxes.${index}.amount`]}
                  description={
                    hintAt(`taxes.${index}.amount`) ??
                    t(tax.fixed ? 'invoicePages.form.taxTyped' : 'invoicePages.form.taxComputed')
                  }
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                />
              </Box>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                mt={26}
                aria-label={t('invoicePages.form.removeTax', { tax: t(`admin.taxCodes.${tax.code}`) })}
                disabled={pending}
                onClick={() =>
                  form.setValue(
                    'taxes',
                    values.taxes.filter((_, i) => i !== index),
                  )
                }
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group gap="xs">
            {freeCodes.length > 0 && (
              <Menu position="bottom-start" withinPortal>
                <Menu.Target>
                  <Button
                    variant="subtle"
                    size="xs"
                    leftSection={<IconPlus size={14} aria-hidden />}
                    disabled={pending}
                  >
                    {t('invoicePages.form.addTax')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {freeCodes.map((code) => (
                    <Menu.Item
                      key={code}
                      onClick={() =>
                        form.setValue(
                          'taxes',
                          computedTaxes(
                            [...values.taxes, addedTax(code, building.taxes)],
                            totals.subtotal,
                            building.taxes,
                            language,
                          ),
                        )
                      }
                    >
                      {t(`admin.taxCodes.${code}`)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            )}
            {values.taxes.length > 0 && (
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconCalculator size={14} aria-hidden />}
                disabled={pending}
                onClick={() =>
                  form.setValue(
                    'taxes',
                    recomputedTaxes(values.taxes, totals.subtotal, building.taxes, language),
                  )
                }
              >
                {t('invoicePages.form.recomputeTaxes')}
              </Button>
            )}
          </Group>
        </Stack>

        <Stack gap={2} aria-live="polite">
          <TotalRow label={t('invoicePages.fields.subtotal')} value={money(totals.subtotal)} />
          <TotalRow label={t('invoicePages.fields.taxes')} value={money(totals.taxes)} />
          <TotalRow label={t('invoicePages.fields.total')} value={money(totals.total)} strong />
          {prefilled?.total && (
            <Group justify="flex-end" gap="xs">
              <Text size="xs" c="dimmed">
                {t('invoicePages.prefill.totalRead', { total: money(prefilled.total.cents) })}
              </Text>
              <ConfidenceHint confidence={prefilled.total.confidence} />
            </Group>
          )}
          {prefilled?.total && prefilled.total.cents !== totals.total && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} aria-hidden />} p="xs">
              <Text size="sm">
                {t('invoicePages.prefill.totalDiffers', {
                  read: money(prefilled.total.cents),
                  total: money(totals.total),
                })}
              </Text>
            </Alert>
          )}
        </Stack>

        <NotesField
          label={t('invoicePages.fields.notes')}
          minRows={2}
          maxRows={6}
          disabled={pending}
          {...form.text('notes')}
        />
        <AttachmentsField
          value={values.attachments}
          onChange={(next) => form.setValue('attachments', next)}
          error={form.firstErrorAt('attachments')}
          disabled={pending}
        />
        {toCheck.length > 0 && (
          <Checkbox
            label={t('invoicePages.prefill.confirm')}
            description={t('invoicePages.prefill.confirmHint', { count: toCheck.length })}
            checked={checked}
            onChange={(event) => {
              setChecked(event.currentTarget.checked);
              setCheckError(false);
            }}
            error={checkError ? t('invoicePages.prefill.confirmRequired') : undefined}
          />
        )}
        <FormActions errors={form.errors}>
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t('invoicePages.actions.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t(values.creditNote ? 'invoicePages.form.submitCreditNote' : 'invoicePages.form.submit')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}

function TotalRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="flex-end" gap="md" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} style={{ ...amountStyle, minWidth: 96, textAlign: 'right' }}>
        {value}
      </Text>
    </Group>
  );
}
