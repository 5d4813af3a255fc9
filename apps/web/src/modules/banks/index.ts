/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { bankName, bankSearchText, bankSorts } from './banks-list';
export { banksModule } from './banks-module';
