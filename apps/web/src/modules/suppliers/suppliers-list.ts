import type { SupplierView } from '@copro/domain';
import { compareText } from '../../ui/compare';
import type { ListSort, RecordBrowserProps } from '../../ui/record-browser';

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

/** The suppliers page's list; the ledger's supplier accounts, which hold them all, search and sort them here. */
export const suppliersList: Pick<
  RecordBrowserProps<SupplierView>,
  'searchTextOf' | 'titleOf' | 'subtitleOf' | 'sorts'
> = {
  searchTextOf: supplierSearchText,
  titleOf: supplierName,
  subtitleOf: supplierSubtitle,
  sorts: supplierSorts,
};
