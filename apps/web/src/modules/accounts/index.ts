/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { categoryName, categorySorts } from './categories-list';
export { categoriesModule } from './categories-module';
