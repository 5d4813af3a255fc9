/** What the rest of the area (and, through the area's index, the registry) uses of the agreements. */
export { agreementRoutes } from './routes';
export {
  agreementHolds,
  agreementOf,
  firstDebitOn,
  flagAgreement,
  type AgreementRow,
} from './agreement-store';
export { automaticPaymentIssues } from './gate';
export {
  automaticPaymentEdited,
  automaticPaymentStarted,
  automaticPaymentStopped,
  type NoticeEffects,
} from './notice';
