import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CategoryView, SupplierView } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { contactRows } from '../../ui/contact-fields';
import { DetailGrid, notesRow } from '../../ui/record-panel';
import { RecordLink } from '../registry';
import { RegistryCard } from '../registry';
import { BankDetailsCard } from '../payables';
import { SupplierForm } from './supplier-form';

function SupplierDetails({
  supplier,
  categories,
}: {
  supplier: SupplierView;
  categories: readonly CategoryView[] | undefined;
}) {
  const { t } = useTranslation();
  const category = categories?.find((c) => c.uuid === supplier.category);
  return (
    <DetailGrid
      rows={[
        { label: t('suppliers.ledgerAccount'), value: String(supplier.aid) },
        {
          label: t('suppliers.category'),
          value: category && <RecordLink ns="categories" record={category} />,
        },
        {
          label: t('suppliers.paymentMethod'),
          value: supplier.paymentMethod && t(`admin.paymentMethods.${supplier.paymentMethod}`),
        },
        ...contactRows(supplier, t),
        notesRow(t('suppliers.notes'), supplier.notes),
      ]}
    />
  );
}

export function SupplierPanel({
  supplier,
  categories,
}: {
  supplier: SupplierView;
  categories: readonly CategoryView[] | undefined;
}) {
  const { can } = useBuildingShell();
  return (
    <RegistryCard
      ns="suppliers"
      record={supplier}
      title={supplier.name}
      form={(done) => (
        <SupplierForm supplier={supplier} categories={categories} onSaved={done} onCancel={done} />
      )}
    >
      <Stack gap="md">
        <SupplierDetails supplier={supplier} categories={categories} />
        {can('finance.read') && (
          <BankDetailsCard owner="suppliers" uuid={supplier.uuid} holderName={supplier.name} />
        )}
      </Stack>
    </RegistryCard>
  );
}
