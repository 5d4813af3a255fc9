import type { SupplierView } from '@copro/domain';
import { compareText } from '../../ui/compare';
import type { ListSort } from '../../ui/record-browser';
import type { RegistryList } from '../registry';

export const supplierName = (supplier: SupplierView): string => supplier.name;

const supplierSearchText = (supplier: SupplierView): string =>
  [
    supplier.name,
    String(supplier.aid),
    ...supplier.emails,
    ...supplier.phones.flatMap((phone) => [phone.number, phone.number.replace(/\D/g, '')]),
  ].join(' ');

const supplierSubtitle = (supplier: SupplierView): string =>
  [String(supplier.aid), supplier.emails[0] ?? supplier.phones[0]?.number].filter(Boolean).join(' · ');

const supplierSorts: ListSort<SupplierView>[] = [
  { key: 'name', labelKey: 'suppliers.sortName', compare: (a, b) => compareText(a.name, b.name) },
  { key: 'aid', labelKey: 'suppliers.sortAccount', compare: (a, b) => a.aid - b.aid },
];

export const suppliersList: RegistryList<SupplierView> = {
  searchTextOf: supplierSearchText,
  titleOf: supplierName,
  subtitleOf: supplierSubtitle,
  sorts: supplierSorts,
};
