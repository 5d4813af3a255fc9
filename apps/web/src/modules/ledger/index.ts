/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { accountingModule } from './accounting/accounting-module';
export { useLedgerAccounts } from './accounting/accounting-api';
export { useAccountNames } from './accounting/use-account-names';
export { fiscalYearsModule } from './fiscal-years/fiscal-years-module';
export { NewFiscalYearForm } from './fiscal-years/new-fiscal-year-form';
export { useFiscalYearCreation } from './fiscal-years/use-fiscal-year-creation';
export { AccountLedger } from './transactions/account-ledger';
export type { LedgerFilters } from './transactions/ledger-filters';
export { transactionsModule } from './transactions/transactions-module';
export { useLedgerFormat } from './transactions/use-ledger-format';
