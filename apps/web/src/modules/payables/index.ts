/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). Each part adds its exports. */
export { payablesPaymentsModule } from './payments/payables-payments-module';
export { payablesReportsModule } from './reports/payables-reports-module';
export { payablesInvoicesModule } from './invoices/invoices-module';
export { BankDetailsCard } from './bank-details/bank-details-card';
