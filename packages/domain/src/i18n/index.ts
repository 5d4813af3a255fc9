import enBase from './en.json';
import frBase from './fr.json';
import paymentsEn from './money-in/payments.en.json';
import paymentsFr from './money-in/payments.fr.json';
import paymentsPagesEn from './money-in/payments-pages.en.json';
import paymentsPagesFr from './money-in/payments-pages.fr.json';
import penaltiesEn from './money-in/penalties.en.json';
import penaltiesFr from './money-in/penalties.fr.json';
import receivablesPagesEn from './money-in/receivables-pages.en.json';
import receivablesPagesFr from './money-in/receivables-pages.fr.json';
import salesEn from './money-in/sales.en.json';
import salesFr from './money-in/sales.fr.json';
import statementsEn from './money-in/statements.en.json';
import statementsFr from './money-in/statements.fr.json';
import unitActionsEn from './money-in/unit-actions.en.json';
import unitActionsFr from './money-in/unit-actions.fr.json';
import frontDoorFixEn from './fixes/front-door.en.json';
import frontDoorFixFr from './fixes/front-door.fr.json';
import webFixEn from './fixes/web.en.json';
import webFixFr from './fixes/web.fr.json';
import jobsFixEn from './fixes/jobs.en.json';
import jobsFixFr from './fixes/jobs.fr.json';
import depositsFixEn from './fixes/deposits.en.json';
import depositsFixFr from './fixes/deposits.fr.json';
import ledgerFixEn from './fixes/ledger.en.json';
import ledgerFixFr from './fixes/ledger.fr.json';
import hardeningFixEn from './fixes/hardening.en.json';
import hardeningFixFr from './fixes/hardening.fr.json';
import ledgerTextsEn from './fixes/ledger-texts.en.json';
import ledgerTextsFr from './fixes/ledger-texts.fr.json';
import moneyInFixEn from './fixes/money-in.en.json';
import moneyInFixFr from './fixes/money-in.fr.json';
import registryFixEn from './fixes/registry.en.json';
import registryFixFr from './fixes/registry.fr.json';
import payablesErrorsEn from './payables/errors.en.json';
import payablesErrorsFr from './payables/errors.fr.json';
import payablesInvoicesEn from './payables/invoices.en.json';
import payablesInvoicesFr from './payables/invoices.fr.json';
import payablesPaymentsEn from './payables/payments.en.json';
import payablesPaymentsFr from './payables/payments.fr.json';
import payablesChecksEn from './payables/checks.en.json';
import payablesChecksFr from './payables/checks.fr.json';
import payablesRecurringEn from './payables/recurring.en.json';
import payablesRecurringFr from './payables/recurring.fr.json';
import payablesReportsEn from './payables/reports.en.json';
import payablesReportsFr from './payables/reports.fr.json';
import payablesPrefillEn from './payables/prefill.en.json';
import payablesPrefillFr from './payables/prefill.fr.json';
import payablesInvoicePagesEn from './payables/invoice-pages.en.json';
import payablesInvoicePagesFr from './payables/invoice-pages.fr.json';
import payablesPaymentPagesEn from './payables/payment-pages.en.json';
import payablesPaymentPagesFr from './payables/payment-pages.fr.json';
import closingErrorsEn from './closing/errors.en.json';
import closingErrorsFr from './closing/errors.fr.json';
import closingReconciliationEn from './closing/reconciliation.en.json';
import closingReconciliationFr from './closing/reconciliation.fr.json';
import closingReconciliationPagesEn from './closing/reconciliation-pages.en.json';
import closingReconciliationPagesFr from './closing/reconciliation-pages.fr.json';
import closingImportEn from './closing/import.en.json';
import closingImportFr from './closing/import.fr.json';
import closingStatementsEn from './closing/statements.en.json';
import closingStatementsFr from './closing/statements.fr.json';
import closingStatementsPagesEn from './closing/statements-pages.en.json';
import closingStatementsPagesFr from './closing/statements-pages.fr.json';
import closingBoardPackageEn from './closing/board-package.en.json';
import closingBoardPackageFr from './closing/board-package.fr.json';
import closingBankReportsEn from './closing/bank-reports.en.json';
import closingBankReportsFr from './closing/bank-reports.fr.json';
import communicationsPostsEn from './communications/posts.en.json';
import communicationsPostsFr from './communications/posts.fr.json';
import communicationsAutomaticEn from './communications/automatic.en.json';
import communicationsAutomaticFr from './communications/automatic.fr.json';
import otonomSharedEn from './otonom/otonom.en.json';
import otonomSharedFr from './otonom/otonom.fr.json';
import otonomAgreementsEn from './otonom/agreements.en.json';
import otonomAgreementsFr from './otonom/agreements.fr.json';
import otonomPagesEn from './otonom/otonom-pages.en.json';
import otonomPagesFr from './otonom/otonom-pages.fr.json';
import otonomOrdersEn from './otonom/orders.en.json';
import otonomOrdersFr from './otonom/orders.fr.json';
import otonomFilesEn from './otonom/files.en.json';
import otonomFilesFr from './otonom/files.fr.json';
import requestsEn from './requests/requests.en.json';
import requestsFr from './requests/requests.fr.json';
import requestMailEn from './requests/mail.en.json';
import requestMailFr from './requests/mail.fr.json';
import type { Language } from '../locale';
import { buildCatalog, flattenKeys, lookup, translateIn } from './catalog-tree';

export type Catalog = typeof enBase;

/**
 * Areas keep their strings in catalog parts of their own (`money-in/*.json`), merged key by key
 * into the main catalog, so that areas built side by side never edit the same file.
 */
export const catalogParts: Record<Language, readonly object[]> = {
  en: [
    paymentsEn,
    paymentsPagesEn,
    penaltiesEn,
    receivablesPagesEn,
    salesEn,
    statementsEn,
    unitActionsEn,
    frontDoorFixEn,
    webFixEn,
    jobsFixEn,
    depositsFixEn,
    ledgerFixEn,
    registryFixEn,
    ledgerTextsEn,
    hardeningFixEn,
    moneyInFixEn,
    payablesErrorsEn,
    payablesInvoicesEn,
    payablesPaymentsEn,
    payablesChecksEn,
    payablesRecurringEn,
    payablesReportsEn,
    payablesPrefillEn,
    payablesInvoicePagesEn,
    payablesPaymentPagesEn,
    closingErrorsEn,
    closingReconciliationEn,
    closingReconciliationPagesEn,
    closingImportEn,
    closingStatementsEn,
    closingStatementsPagesEn,
    closingBoardPackageEn,
    closingBankReportsEn,
    communicationsPostsEn,
    communicationsAutomaticEn,
    otonomSharedEn,
    otonomAgreementsEn,
    otonomPagesEn,
    otonomOrdersEn,
    otonomFilesEn,
    requestsEn,
    requestMailEn,
  ],
  fr: [
    paymentsFr,
    paymentsPagesFr,
    penaltiesFr,
    receivablesPagesFr,
    salesFr,
    statementsFr,
    unitActionsFr,
    frontDoorFixFr,
    webFixFr,
    jobsFixFr,
    depositsFixFr,
    ledgerFixFr,
    registryFixFr,
    ledgerTextsFr,
    hardeningFixFr,
    moneyInFixFr,
    payablesErrorsFr,
    payablesInvoicesFr,
    payablesPaymentsFr,
    payablesChecksFr,
    payablesRecurringFr,
    payablesReportsFr,
    payablesPrefillFr,
    payablesInvoicePagesFr,
    payablesPaymentPagesFr,
    closingErrorsFr,
    closingReconciliationFr,
    closingReconciliationPagesFr,
    closingImportFr,
    closingStatementsFr,
    closingStatementsPagesFr,
    closingBoardPackageFr,
    closingBankReportsFr,
    communicationsPostsFr,
    communicationsAutomaticFr,
    otonomSharedFr,
    otonomAgreementsFr,
    otonomPagesFr,
    otonomOrdersFr,
    otonomFilesFr,
    requestsFr,
    requestMailFr,
  ],
};

const build = (base: object, parts: readonly object[]): Catalog =>
  buildCatalog(base, parts) as unknown as Catalog;

export const catalogs = { en: build(enBase, catalogParts.en), fr: build(frBase, catalogParts.fr) } as const;

export { flattenKeys };

/**
 * Server-side translation (mails, error messages); the web uses i18next on the same catalogs. The
 * web build answers imports of this file with `apps/web/src/app/catalogs.ts`, which loads only the
 * shown language (see apps/web/vite.config.ts).
 */
export function translate(
  language: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  return translateIn(catalogs, language, key, params);
}

export const hasKey = (language: Language, key: string): boolean =>
  lookup(catalogs[language], key) !== undefined;
