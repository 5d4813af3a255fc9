/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { otonomRoutes } from './routes';
export { padOrderOwner } from './orders/order-owner';
export { otonomDebitsJob, runBuildingDebits, scheduleOtonomDebits } from './orders/debit-job';
export { automaticPaymentEdited, automaticPaymentIssues } from './agreements';
export { otonomSendJob, runOtonomSend, scheduleOtonomSend } from './files/send-job';
export { startFakePartner, type FakePartner } from './partner/fake-partner';
