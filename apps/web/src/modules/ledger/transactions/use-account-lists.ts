import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankView, CategoryView, SupplierView } from '@copro/domain';
import type { BrowsedRecord, RecordBrowserProps } from '../../../ui/record-browser';
import { bankName, bankSearchText, bankSorts } from '../../banks';
import { categoryName, categorySorts } from '../../accounts';
import { useRecords } from '../../registry';
import { supplierName, suppliersList } from '../../suppliers';
import type { AccountRecord } from './page-target';

export type ListedAccount = BrowsedRecord & AccountRecord;

/** The records on the left of a transactions page, listed, searched and sorted as on their info page. */
export type AccountList<T extends ListedAccount> = Omit<
  RecordBrowserProps<T>,
  'selectedUuid' | 'hrefOf' | 'toolbar' | 'detail' | 'titleOf'
> & {
  /** The record's name, also the title of its account's panel. */
  titleOf: (record: T) => string;
};

export function useSupplierAccounts(): AccountList<SupplierView> {
  const { t } = useTranslation();
  const suppliers = useRecords('suppliers');
  return {
    ...suppliersList,
    label: t('suppliers.listLabel'),
    items: suppliers.data,
    error: suppliers.error,
    onRetry: () => void suppliers.refetch(),
    titleOf: supplierName,
  };
}

export function useBankAccounts(): AccountList<BankView> {
  const { t } = useTranslation();
  const banks = useRecords('banks');
  const subtitleOf = useCallback(
    (bank: BankView) =>
      [t(`banks.accountTypes.${bank.bankAccountType}`), bank.number].filter(Boolean).join(' · '),
    [t],
  );
  return {
    label: t('banks.listLabel'),
    items: banks.data,
    error: banks.error,
    onRetry: () => void banks.refetch(),
    searchTextOf: bankSearchText,
    titleOf: bankName,
    subtitleOf,
    sorts: bankSorts,
  };
}

export function useCategoryAccounts(): AccountList<CategoryView> {
  const { t } = useTranslation();
  const categories = useRecords('categories');
  const parentOf = useCallback((category: CategoryView) => t(`categories.parents.${category.parent}`), [t]);
  const searchTextOf = useCallback(
    (category: CategoryView) => `${category.name} ${category.aid} ${parentOf(category)}`,
    [parentOf],
  );
  const subtitleOf = useCallback(
    (category: CategoryView) => `${category.aid} · ${parentOf(category)}`,
    [parentOf],
  );
  return {
    label: t('categories.listLabel'),
    items: categories.data,
    error: categories.error,
    onRetry: () => void categories.refetch(),
    searchTextOf,
    titleOf: categoryName,
    subtitleOf,
    sorts: categorySorts,
  };
}
