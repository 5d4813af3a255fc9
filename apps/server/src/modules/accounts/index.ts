/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { categoryCollection } from './category-collection';
export { seedChartOfAccounts } from './chart';
export { ledgerAccountRoutes } from './routes';
