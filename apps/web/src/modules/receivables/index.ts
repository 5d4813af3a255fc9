/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { budgetModule } from './budget/budget-module';
export { paymentsModule } from './payments/payments-module';
export { penaltiesModule } from './penalties/penalties-module';
export { RecordSaleButton } from './unit-accounts/record-sale-button';
export { ReminderHistory } from './unit-accounts/reminder-history';
export { UnitLedger } from './unit-accounts/unit-ledger';
