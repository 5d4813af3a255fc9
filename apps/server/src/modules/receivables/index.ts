/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { billBuilding, billYear, monthlyFeesJob, scheduleMonthlyBilling } from './budget/billing';
export { feeBillingOwner } from './budget/billing-owner';
export { applyBudget, budgetMembers, listBudgets, saveBudget } from './budget/budgets';
export { budgetRoutes } from './budget/routes';
export { insertChecks } from './checks';
export type { MoneyInContext } from './context';
export { createDeposit } from './deposits';
export type { MailContext } from './penalties/arrears-mail';
export { penaltyChargeOwner } from './penalties/charge-owner';
export {
  arrearsJob,
  chargeBuildingPenalties,
  penaltyCheckJob,
  penaltyRunJob,
  runBuildingArrears,
  schedulePenaltyJob,
} from './penalties/penalty-job';
export { chargePenalties } from './penalties/penalty-run';
export { createPenalty } from './penalties/penalty-settings';
export { penaltyRoutes } from './penalties/routes';
export { receivablesRoutes } from './routes';
export { depositOwner, returnedPaymentOwner } from './transaction-owners';
export { receivablesReportDocument } from './unit-accounts/receivables-report';
export { unitAccountRoutes } from './unit-accounts/routes';
export { sellUnit } from './unit-accounts/sale';
export { saleOwner } from './unit-accounts/sale-owner';
export {
  ofPreAuthorizedDebit,
  postDebitReceived,
  postDebitReturned,
  postDebitsReceived,
} from './pre-authorized-debits';
export type { DebitPosting, DebitReturn } from './pre-authorized-debits';
export { monthlyFeesBilled } from './budget/monthly-fees-billed';
