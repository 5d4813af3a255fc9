/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { reconciliationModule } from './reconciliation-module';
