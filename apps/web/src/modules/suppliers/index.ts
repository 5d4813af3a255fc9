/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { supplierName, suppliersList } from './suppliers-list';
export { suppliersModule } from './suppliers-module';
