import { NativeSelect, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  dropEmpty,
  paymentMethods,
  supplierSchema,
  type CategoryView,
  type SupplierView,
} from '@copro/domain';
import { ContactInputs, contactValues, withoutBlankRows, type ContactValues } from '../../ui/contact-fields';
import { validateWith } from '../../ui/form-validation';
import { NotesField } from '../../ui/notes-field';
import { RecordSelect } from '../registry';
import { NameInput, RegistryForm } from '../registry';
import { useRegistryForm } from '../registry';
import { supplierName } from './suppliers-list';

interface SupplierFormValues extends ContactValues {
  name: string;
  category: string;
  paymentMethod: string;
  notes: string;
}

const valuesOf = (supplier: SupplierView | undefined): SupplierFormValues => ({
  name: supplier?.name ?? '',
  category: supplier?.category ?? '',
  ...contactValues(supplier),
  paymentMethod: supplier?.paymentMethod ?? '',
  notes: supplier?.notes ?? '',
});

const validate = validateWith<SupplierFormValues>(supplierSchema);

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
  const { form, save } = useRegistryForm({
    ns: 'suppliers',
    record: supplier,
    valuesOf,
    validate,
    prepare: withoutBlankRows,
    bodyOf: dropEmpty,
    nameOf: supplierName,
    onSaved,
  });

  return (
    <RegistryForm ns="suppliers" save={save} onCancel={onCancel}>
      <NameInput label={t('suppliers.name')} {...form.text('name')} />
      <SimpleGrid type="container" cols={{ base: 1, '480px': 2 }} spacing="xs" verticalSpacing="xs">
        {categories && (
          <RecordSelect
            field={form.field<string>('category')}
            // A supplier's default category is one of the year's expense accounts.
            records={categories.filter((c) => c.parent === 'expenses')}
            label={t('suppliers.category')}
            placeholder={t('suppliers.noCategory')}
            nothingFoundMessage={t('suppliers.noCategoryFound')}
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
      <ContactInputs form={form} />
      <NotesField label={t('suppliers.notes')} {...form.text('notes')} />
    </RegistryForm>
  );
}
