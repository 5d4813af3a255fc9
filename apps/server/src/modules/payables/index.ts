/** What other areas may use of this area (DESIGN 4, docs/architecture.md "Areas"). */
export { payablesRoutes } from './routes';
export { supplierInvoiceOwner } from './invoices/invoice-owner';
export { cancelUnpaidSupplierPayment, supplierPaymentOwner } from './payments/cancel-payment';
export {
  lockStandingPayments,
  postedPaymentsByMethod,
  type PostedPayment,
} from './payments/posted-by-method';
export { recurringBillsJob, runRecurringBills, scheduleRecurringBills } from './recurring/run';
export {
  hasBankDetails,
  ownersWithBankDetails,
  readBankDetails,
  readBankDetailsOf,
  redactedBankDetails,
} from './bank-details/bank-details';
export { checkRegisterDocument, payablesAgingDocument } from './reports/report-documents';
export { uploadedPdf, withPdfUploads, type UploadedFile } from './invoices/invoice-files';
export type { BankDetailsOwnerKind } from './bank-details/bank-details';
