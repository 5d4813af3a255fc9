/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { createFiscalYear } from './fiscal-years/rollover';
export { fiscalYearRoutes } from './fiscal-years/routes';
export { cancelTransaction, linesOf, postTransaction } from './ledger';
export type { TransactionView } from './ledger';
export type { TransactionOwner } from './owners';
export { ledgerRoutes } from './routes';
