import { useCallback, useState } from 'react';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { CategoryView, SupplierView } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { Page } from '../../ui/page';
import { RecordBrowser } from '../../ui/record-browser';
import { EmptyPanel, RecordFormModal } from '../../ui/record-panel';
import { useRecords } from '../registry/registry-api';
import { supplierInfoRoute } from './routes';
import { SupplierForm } from './supplier-form';
import { SupplierPanel } from './supplier-panel';
import { supplierSearchText, supplierSorts, supplierSubtitle } from './suppliers-list';

const supplierName = (supplier: SupplierView): string => supplier.name;

export function SuppliersPage() {
  const { t } = useTranslation();
  const { href, can, readOnly } = useBuildingShell();
  const { supplierUUID } = supplierInfoRoute.useParams();
  const navigate = useNavigate();
  const suppliers = useRecords<SupplierView>('suppliers');
  const canReadCategories = can('categories.read');
  const categories = useRecords<CategoryView>('categories', { enabled: canReadCategories });
  const [creating, setCreating] = useState(false);
  const canWrite = can('finance.write') && !readOnly;
  const hrefOf = useCallback(
    (uuid?: string) => href(uuid ? `suppliers/info/${uuid}` : 'suppliers/info'),
    [href],
  );
  const categoryList = canReadCategories ? categories.data : undefined;

  const selected = suppliers.data?.find((supplier) => supplier.uuid === supplierUUID);
  const detail = selected ? (
    <SupplierPanel key={selected.uuid} supplier={selected} categories={categoryList} />
  ) : (
    <EmptyPanel>
      {supplierUUID
        ? t('registry.recordMissing')
        : suppliers.data?.length === 0
          ? t(canWrite ? 'suppliers.emptyCanCreate' : 'suppliers.empty')
          : t('suppliers.noneSelected')}
    </EmptyPanel>
  );

  return (
    <Page title={t('suppliers.title')}>
      <RecordBrowser
        label={t('suppliers.listLabel')}
        items={suppliers.data}
        error={suppliers.error}
        onRetry={() => void suppliers.refetch()}
        selectedUuid={supplierUUID}
        hrefOf={hrefOf}
        searchTextOf={supplierSearchText}
        titleOf={supplierName}
        subtitleOf={supplierSubtitle}
        sorts={supplierSorts}
        toolbar={
          canWrite && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              {t('suppliers.new')}
            </Button>
          )
        }
        detail={detail}
      />
      <RecordFormModal opened={creating} onClose={() => setCreating(false)} title={t('suppliers.new')}>
        <SupplierForm
          categories={categoryList}
          onCancel={() => setCreating(false)}
          onSaved={(saved) => {
            setCreating(false);
            void navigate({ href: hrefOf(saved.uuid) });
          }}
        />
      </RecordFormModal>
    </Page>
  );
}
