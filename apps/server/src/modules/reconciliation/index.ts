/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { reconciliationRoutes } from './routes';
export { bankReconciliationsDocument } from './reports/bank-report-documents';
export type { BankReconciliationsRequest } from './reports/bank-report-documents';
export type { ReconciliationContext } from './context';
export { createPeriod, editPeriod, reconcilePeriod } from './periods/periods';
export { clearTransactions } from './periods/clearing';
export { periodDetail } from './periods/period-lines';
export { bankReconciliation } from './periods/period-view';
