/** What the rest of the area (and, through the area's index, the registry) uses of the agreements. */
export { agreementRoutes } from './routes';
export { agreementHolds, agreementOf, agreementsOf, firstDebitOn, flagAgreement } from './agreement-store';
export { automaticPaymentIssues } from './gate';
export { automaticPaymentEdited } from './notice';
