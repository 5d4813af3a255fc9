/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { accountBalance, accountBalances, accountTransactionsSince } from './account-postings';
export { createFiscalYear } from './fiscal-years/rollover';
export { fiscalYearRoutes } from './fiscal-years/routes';
export { cancelTransaction, linesOf, postTransaction, postTransactions } from './ledger';
export type { Posting, PostingExtra, TransactionRow, TransactionView } from './ledger';
export { bankLinesSql } from './bank-lines';
export { recordCheckNumbers } from './check-numbers';
export type { BankLineRow } from './bank-lines';
export { accountLines, cashCounterparts, periodBalances } from './period-balances';
export type { AccountLineRow, PeriodBalances, PeriodMovement } from './period-balances';
export { allocateLedgerAccount, ledgerAccountsOfKind } from './ledger-accounts';
export type { TransactionOwner } from './owners';
export { ledgerRoutes } from './routes';
export {
  cancelledTransactions,
  findTransaction,
  standingTransactions,
  standingTransactionsByDetail,
  transactionStatuses,
} from './transaction-lookups';
