import { NativeSelect, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  dropEmpty,
  paymentMethods,
  supplierSchema,
  type CategoryView,
  type SupplierView,
} from '@copro/domain';
import { notifyError, notifySuccess } from '../../app/notify';
import {
  AddressFields,
  addressValues,
  EmailListInput,
  emailRows,
  PhoneListInput,
  phoneRows,
  withoutBlankEmails,
  withoutBlankPhones,
  type AddressValues,
  type PhoneRow,
} from '../../ui/contact-fields';
import { serverErrors, validateWith } from '../../ui/form-validation';
import { compareText } from '../../ui/compare';
import { FormActions, useStoreRecord } from '../../ui/record-panel';
import { useRecordForm } from '../../ui/use-record-form';
import { useRecordWrite } from '../registry/registry-api';

interface SupplierFormValues {
  name: string;
  category: string;
  emails: string[];
  phones: PhoneRow[];
  address: AddressValues;
  paymentMethod: string;
  notes: string;
}

const valuesOf = (supplier: SupplierView | undefined): SupplierFormValues => ({
  name: supplier?.name ?? '',
  category: supplier?.category ?? '',
  emails: emailRows(supplier?.emails),
  phones: phoneRows(supplier?.phones),
  address: addressValues(supplier?.address),
  paymentMethod: supplier?.paymentMethod ?? '',
  notes: supplier?.notes ?? '',
});

const prepare = (values: SupplierFormValues): SupplierFormValues => ({
  ...values,
  emails: withoutBlankEmails(values.emails),
  phones: withoutBlankPhones(values.phones),
});

const validate = validateWith<SupplierFormValues>(supplierSchema);

/**
 * A supplier's default category is one of the year's expense accounts; an archived one it already
 * has stays listed, so the form shows it rather than a bare identifier.
 */
function categoryOptions(categories: readonly CategoryView[], current: string, archivedLabel: string) {
  return categories
    .filter((c) => c.parent === 'expenses' && (!c.archived || c.uuid === current))
    .sort((a, b) => compareText(a.name, b.name))
    .map((c) => ({ value: c.uuid, label: c.archived ? `${c.name} (${archivedLabel})` : c.name }));
}

export function SupplierForm({
  supplier,
  categories,
  onSaved,
  onCancel,
}: {
  supplier?: SupplierView;
  /** The year's categories, when the user may read them; else the category is kept as it is. */
  categories: readonly CategoryView[] | undefined;
  onSaved: (saved: SupplierView) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const write = useRecordWrite<SupplierView>('suppliers');
  const store = useStoreRecord<SupplierView>('suppliers');
  const form = useRecordForm<SupplierFormValues>({ initialValues: valuesOf(supplier), validate, prepare });
  const creating = supplier === undefined;

  const send = (values: SupplierFormValues) => {
    const body = dropEmpty(values);
    write.mutate(supplier ? { kind: 'edit', uuid: supplier.uuid, body } : { kind: 'create', body }, {
      onSuccess: (saved) => {
        store(saved);
        notifySuccess(t(creating ? 'suppliers.created' : 'suppliers.saved', { name: saved.name }));
        onSaved(saved);
      },
      onError: (error) => {
        form.setErrors(serverErrors(error));
        notifyError(error, t(creating ? 'suppliers.createFailed' : 'suppliers.saveFailed'));
      },
    });
  };

  const category = form.field<string>('category');
  return (
    <form
      onSubmit={form.onSubmit(send)}
      noValidate
      aria-label={t(creating ? 'suppliers.new' : 'suppliers.formTitle', { name: supplier?.name })}
    >
      <Stack gap="md">
        <TextInput
          label={t('suppliers.name')}
          required
          autoComplete="off"
          autoFocus
          data-autofocus
          {...form.text('name')}
        />
        <SimpleGrid type="container" cols={{ base: 1, '480px': 2 }} spacing="xs" verticalSpacing="xs">
          {categories && (
            <Select
              label={t('suppliers.category')}
              placeholder={t('suppliers.noCategory')}
              data={categoryOptions(categories, category.value, t('recordBrowser.archived').toLowerCase())}
              searchable
              clearable
              nothingFoundMessage={t('suppliers.noCategoryFound')}
              value={category.value || null}
              onChange={(value) => category.onChange(value ?? '')}
              error={category.errorAt()}
            />
          )}
          <NativeSelect
            label={t('suppliers.paymentMethod')}
            data={[
              { value: '', label: t('suppliers.noPaymentMethod') },
              ...paymentMethods.map((method) => ({
                value: method,
                label: t(`admin.paymentMethods.${method}`),
              })),
            ]}
            {...form.text('paymentMethod')}
          />
        </SimpleGrid>
        <EmailListInput form={form} path="emails" />
        <PhoneListInput form={form} path="phones" />
        <AddressFields form={form} path="address" />
        <Textarea label={t('suppliers.notes')} autosize minRows={3} maxRows={12} {...form.text('notes')} />
        <FormActions
          ns="suppliers"
          saving={write.isPending}
          onCancel={onCancel}
          saveLabel={creating ? t('suppliers.create') : undefined}
        />
      </Stack>
    </form>
  );
}
