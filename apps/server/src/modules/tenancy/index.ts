/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { findBillingAccount } from './billing-accounts';
export { defaultEndDate, fiscalYearsOf } from './buildings';
export { membershipsOf } from './memberships';
export { tenancyRoutes } from './routes';
export { buildingMemberOf, groupRequestHandlersOf, requestHandlersOf, userNamesOf } from './request-handlers';
