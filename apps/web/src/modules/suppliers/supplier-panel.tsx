import { useRef, useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CategoryView, SupplierView } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { AddressText, addressLines, EmailLinks, PhoneLines } from '../../ui/contact-fields';
import {
  ArchiveButton,
  ArchivedBadge,
  DetailGrid,
  RecordPanel,
  useArchiveRecord,
} from '../../ui/record-panel';
import { AnchorLink } from '../../ui/router-link';
import { SupplierForm } from './supplier-form';

function CategoryLink({ category }: { category: CategoryView }) {
  const { href } = useBuildingShell();
  return (
    <AnchorLink to={href(`categories/info/${category.uuid}`)} size="sm">
      {category.name}
    </AnchorLink>
  );
}

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
        { label: t('suppliers.category'), value: category && <CategoryLink category={category} /> },
        {
          label: t('suppliers.paymentMethod'),
          value: supplier.paymentMethod && t(`admin.paymentMethods.${supplier.paymentMethod}`),
        },
        {
          label: t('contactFields.emails'),
          value: supplier.emails.length > 0 && <EmailLinks emails={supplier.emails} />,
        },
        {
          label: t('contactFields.phones'),
          value: supplier.phones.length > 0 && <PhoneLines phones={supplier.phones} />,
        },
        {
          label: t('contactFields.address'),
          value: addressLines(supplier.address).length > 0 && <AddressText address={supplier.address} />,
        },
        {
          label: t('suppliers.notes'),
          wide: true,
          value: supplier.notes && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {supplier.notes}
            </Text>
          ),
        },
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
  const { t } = useTranslation();
  const { can, readOnly } = useBuildingShell();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const archive = useArchiveRecord<SupplierView>('suppliers', 'suppliers');
  const canWrite = can('finance.write') && !readOnly;
  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const actions =
    canWrite && !editing ? (
      <>
        <Button
          ref={editButton}
          size="xs"
          variant="light"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={() => setEditing(true)}
        >
          {t('suppliers.edit')}
        </Button>
        <ArchiveButton
          ns="suppliers"
          archived={supplier.archived}
          pending={archive.pending}
          onClick={() => archive.ask(supplier, supplier.name)}
        />
      </>
    ) : undefined;

  return (
    <RecordPanel title={supplier.name} badges={supplier.archived && <ArchivedBadge />} actions={actions}>
      {editing ? (
        <SupplierForm
          supplier={supplier}
          categories={categories}
          onSaved={stopEditing}
          onCancel={stopEditing}
        />
      ) : (
        <SupplierDetails supplier={supplier} categories={categories} />
      )}
    </RecordPanel>
  );
}
