import { useUnitList } from '../../registry';
import { AccountTransactionsPage } from './account-transactions-page';
import {
  bankTransactionsRoute,
  categoryTransactionsRoute,
  supplierTransactionsRoute,
  unitTransactionsRoute,
} from './routes';
import { useBankAccounts, useCategoryAccounts, useSupplierAccounts } from './use-account-lists';

/** units/transactions: owners list only their own units (the server filters them). */
export function UnitTransactionsPage() {
  const { unitUUID } = unitTransactionsRoute.useParams();
  return <AccountTransactionsPage type="units" uuid={unitUUID} list={useUnitList().list} />;
}

export function SupplierTransactionsPage() {
  const { supplierUUID } = supplierTransactionsRoute.useParams();
  return <AccountTransactionsPage type="suppliers" uuid={supplierUUID} list={useSupplierAccounts()} />;
}

export function BankTransactionsPage() {
  const { bankUUID } = bankTransactionsRoute.useParams();
  return <AccountTransactionsPage type="banks" uuid={bankUUID} list={useBankAccounts()} />;
}

export function CategoryTransactionsPage() {
  const { categoryUUID } = categoryTransactionsRoute.useParams();
  return <AccountTransactionsPage type="categories" uuid={categoryUUID} list={useCategoryAccounts()} />;
}
