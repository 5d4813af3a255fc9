import type { BuildingModule } from '../app/shell/building-modules';
import { accountModule } from './account/account-module';
import { accountingModule } from './accounting/accounting-module';
import { adminModule } from './admin/admin-module';
import { banksModule } from './banks/banks-module';
import { budgetModule } from './budget/budget-module';
import { buildingDashboardModule } from './building-dashboard/building-dashboard-module';
import { categoriesModule } from './categories/categories-module';
import { fiscalYearsModule } from './fiscal-years/fiscal-years-module';
import { paymentsModule } from './payments/payments-module';
import { penaltiesModule } from './penalties/penalties-module';
import { peopleModule } from './people/people-module';
import { registryReportsModule } from './registry-reports/registry-reports-module';
import { suppliersModule } from './suppliers/suppliers-module';
import { transactionsModule } from './transactions/transactions-module';
import { unitsAdminModule, unitsModule } from './units/units-module';

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
  banksModule,
  categoriesModule,
  budgetModule,
  // After each section's information tab: transactions follow the record lists.
  transactionsModule,
  // Units' penalties after their transactions; then the payments section's tabs.
  penaltiesModule,
  paymentsModule,
  // Accountant writings, bank entries and the trial balance, after the tabs they build on.
  accountingModule,
  // After units and people: their report tabs follow the lists.
  registryReportsModule,
  fiscalYearsModule,
  adminModule,
  unitsAdminModule,
  accountModule,
];
