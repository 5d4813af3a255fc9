import { useBuildingShell } from '../../app/shell/building-context';
import { RegistryPage } from '../registry';
import { useRecords } from '../registry';
import { supplierInfoRoute } from './routes';
import { SupplierForm } from './supplier-form';
import { SupplierPanel } from './supplier-panel';
import { suppliersList } from './suppliers-list';

export function SuppliersPage() {
  const { can } = useBuildingShell();
  const { supplierUUID } = supplierInfoRoute.useParams();
  const canReadCategories = can('categories.read');
  const categories = useRecords('categories', { enabled: canReadCategories });
  const categoryList = canReadCategories ? categories.data : undefined;
  return (
    <RegistryPage
      ns="suppliers"
      uuid={supplierUUID}
      list={suppliersList}
      card={(supplier) => <SupplierPanel supplier={supplier} categories={categoryList} />}
      createForm={(events) => <SupplierForm categories={categoryList} {...events} />}
    />
  );
}
