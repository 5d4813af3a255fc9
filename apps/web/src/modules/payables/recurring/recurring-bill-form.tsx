import { useMemo } from 'react';
import { Alert, Button, NativeSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  languageOf,
  limits,
  recurringPaymentMethods,
  type BankView,
  type CategoryView,
  type RecurringBillView,
  type SupplierView,
} from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { FormActions } from '../../../ui/form-actions';
import { issuesToErrors, serverErrors } from '../../../ui/form-validation';
import { MoneyInput } from '../../../ui/money-input';
import { useRecordForm } from '../../../ui/use-record-form';
import { useSaveRecurringBill } from './recurring-api';
import {
  daysOf,
  missingDays,
  prepareRecurringBill,
  recurringValuesOf,
  type RecurringBillValues,
} from './recurring-values';

const validate = (values: RecurringBillValues) => issuesToErrors(prepareRecurringBill(values).issues);

const dayOptions = Array.from({ length: 31 }, (_, i) => String(i + 1));

/**
 * A recurring bill (SPEC 3): who holds it (the building, debited from its bank on the billing
 * day, or a supplier, billed on the billing day and paid on the payment day), what it is, its
 * amount, expense category, the bank that pays it, how, and from when to when.
 */
export function RecurringBillForm({
  start,
  editing,
  lists,
  suppliers,
  categories,
  banks,
  onDone,
}: {
  start: RecurringBillValues;
  /** The bill being changed; a new one when absent. */
  editing?: RecurringBillView | undefined;
  lists: readonly { supplierUuid: string | null; days: number[] }[];
  suppliers: readonly SupplierView[];
  categories: readonly CategoryView[];
  banks: readonly BankView[];
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const saved = useMemo(
    () => (editing ? recurringValuesOf(editing, language) : start),
    [editing, start, language],
  );
  const form = useRecordForm(saved, { validate });
  const save = useSaveRecurringBill();
  const values = form.values;
  const held = values.supplierUuid !== '';
  const days = daysOf(lists, values.supplierUuid);
  const ready = prepareRecurringBill(values).input;
  const added = ready ? missingDays(ready, days) : [];
  const pending = save.isPending;

  const submit = form.onSubmit((next) => {
    const { input } = prepareRecurringBill(next);
    if (!input) return;
    save.mutate(
      { uuid: editing?.uuid, body: input, days: daysOf(lists, next.supplierUuid) },
      {
        onSuccess: (bill) => {
          notifySuccess(
            t(editing ? 'invoicePages.recurring.edited' : 'invoicePages.recurring.created', {
              description: bill.description,
            }),
          );
          onDone();
        },
        onError: (error) => {
          form.showErrors(serverErrors(error));
          notifyError(error, t('invoicePages.recurring.saveFailed'));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Select
          label={t('invoicePages.recurring.holder')}
          description={t('invoicePages.recurring.holderHint')}
          data={[
            { value: '', label: t('invoicePages.recurring.building') },
            ...suppliers
              .filter((supplier) => !supplier.archived || supplier.uuid === values.supplierUuid)
              .map((supplier) => ({ value: supplier.uuid, label: supplier.name })),
          ]}
          searchable
          allowDeselect={false}
          value={values.supplierUuid}
          onChange={(uuid) => form.setValue('supplierUuid', uuid ?? '')}
          error={form.errors.supplierUuid}
          disabled={pending}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('invoicePages.recurring.description')}
          required
          maxLength={limits.displayName}
          disabled={pending}
          {...form.text('description')}
        />
        <SimpleGrid cols={{ base: 1, xs: held ? 3 : 2 }} spacing="sm" verticalSpacing="sm">
          <MoneyInput
            label={t('invoicePages.recurring.amount')}
            disabled={pending}
            {...form.text('amount')}
          />
          <NativeSelect
            label={t('invoicePages.recurring.billingDay')}
            required
            data={[{ value: '', label: '—' }, ...dayOptions]}
            disabled={pending}
            {...form.text('billingDay')}
          />
          {held && (
            <NativeSelect
              label={t('invoicePages.recurring.paymentDay')}
              required
              data={[{ value: '', label: '—' }, ...dayOptions]}
              disabled={pending}
              {...form.text('paymentDay')}
            />
          )}
        </SimpleGrid>
        {!held && (
          <Text size="xs" c="dimmed" mt={-4}>
            {t('invoicePages.recurring.buildingDebitHint')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <Select
            label={t('invoicePages.fields.category')}
            placeholder={t('invoicePages.form.chooseCategory')}
            required
            searchable
            nothingFoundMessage={t('invoicePages.form.noCategory')}
            data={categories
              .filter((category) => !category.archived || category.uuid === values.categoryUuid)
              .map((category) => ({ value: category.uuid, label: category.name }))}
            value={values.categoryUuid || null}
            onChange={(uuid) => form.setValue('categoryUuid', uuid ?? '')}
            error={form.errors.categoryUuid}
            disabled={pending}
            comboboxProps={{ withinPortal: true }}
          />
          <NativeSelect
            label={t('invoicePages.recurring.bank')}
            required
            data={[
              { value: '', label: t('invoicePages.recurring.chooseBank') },
              ...banks
                .filter((bank) => !bank.archived || bank.uuid === values.counterpartUuid)
                .map((bank) => ({ value: bank.uuid, label: bank.name })),
            ]}
            disabled={pending}
            {...form.text('counterpartUuid')}
          />
          <NativeSelect
            label={t('invoicePages.recurring.paymentMethod')}
            required
            data={recurringPaymentMethods.map((method) => ({
              value: method,
              label: t(`admin.paymentMethods.${method}`),
            }))}
            disabled={pending}
            {...form.text('paymentMethod')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2 }} spacing="sm">
          <TextInput
            type="date"
            label={t('invoicePages.recurring.startDate')}
            required
            disabled={pending}
            {...form.text('startDate')}
          />
          <TextInput
            type="date"
            label={t('invoicePages.recurring.endDate')}
            disabled={pending}
            {...form.text('endDate')}
          />
        </SimpleGrid>
        {added.length > 0 && (
          <Alert color="blue" variant="light" p="xs" icon={<IconCalendarPlus size={16} aria-hidden />}>
            <Text size="sm">
              {t('invoicePages.recurring.daysAdded', { count: added.length, days: added.join(', ') })}
            </Text>
          </Alert>
        )}
        <FormActions errors={form.errors}>
          <Button variant="default" onClick={onDone} disabled={pending}>
            {t('invoicePages.actions.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t(editing ? 'invoicePages.recurring.saveEdit' : 'invoicePages.recurring.submit')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
