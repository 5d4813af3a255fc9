/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { fundChoiceOf } from './fund-choice';
export { FundSelect, useFundName } from './fund-select';
export { statementsModule } from './statements-module';
