import type { BuildingModule } from '../app/shell/building-modules';
import { accountModule } from './auth';
import { accountingModule } from './ledger';
import { adminModule } from './tenancy';
import { banksModule } from './banks';
import { budgetModule } from './receivables';
import { buildingDashboardModule } from './tenancy';
import { categoriesModule } from './accounts';
import { fiscalYearsModule } from './ledger';
import { paymentsModule } from './receivables';
import { payablesInvoicesModule } from './payables';
import { payablesPaymentsModule } from './payables';
import { payablesReportsModule } from './payables';
import { penaltiesModule } from './receivables';
import { otonomModule } from './otonom';
import { peopleModule } from './registry';
import { reconciliationModule } from './reconciliation';
import { automaticMailsModule, postsModule } from './communications';
import { requestsModule } from './requests';
import { registryReportsModule } from './reports';
import { statementsModule } from './statements';
import { suppliersModule } from './suppliers';
import { transactionsModule } from './ledger';
import { unitsAdminModule, unitsModule } from './registry';

/**
 * THE list of the areas that live in the building shell: each brings its tabs, its building and
 * group routes and its dashboard cards (shown in this order). An area not listed here does not
 * exist for the shell: no navbar entry, no tab, and its addresses answer "page not found".
 */
export const buildingModules: BuildingModule[] = [
  buildingDashboardModule,
  // Areas, in navbar order: units, people, suppliers, payments, banks, accounting,
  // communications, requests, files, administration.
  unitsModule,
  peopleModule,
  suppliersModule,
  payablesInvoicesModule,
  banksModule,
  categoriesModule,
  budgetModule,
  // After each section's information tab: transactions follow the record lists.
  transactionsModule,
  // Units' penalties after their transactions; then the payments section's tabs.
  penaltiesModule,
  paymentsModule,
  payablesPaymentsModule,
  // Pre-authorized debits after the approvals (SPEC 2: deposits, wire transfers, checks, approval, otonom, reports).
  otonomModule,
  payablesReportsModule,
  // Accountant writings, bank entries and the trial balance, after the tabs they build on.
  accountingModule,
  // The banks' reconciliation and reports, after their information, transactions and entries (SPEC 2).
  reconciliationModule,
  // The financial statements and the board package, after the accounting tabs.
  statementsModule,
  // Communications (posts, templates, automatic mails), then requests, in navbar order.
  postsModule,
  automaticMailsModule,
  requestsModule,
  // After units and people: their report tabs follow the lists.
  registryReportsModule,
  fiscalYearsModule,
  adminModule,
  unitsAdminModule,
  accountModule,
];
