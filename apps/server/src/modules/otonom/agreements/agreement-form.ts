import { dayOfMonthText, longDate, translate, type Language } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import type { BuildingRow } from '../../../platform/access';
import { agreementTerms, amountText, type AgreementTerms } from './agreement-terms';
import { renderAgreementForm, type AgreementForm } from './render-agreement';
import { unitOn } from './unit-records';

/**
 * The Payor's PAD Agreement of a unit, in English or French (Payments Canada Rule H1), filled from
 * the unit's record: the building as payee, the owners as payors, the account as far as it is on
 * file (institution, transit and the account's last digits: never the full number), the payment
 * day and what each debit takes. What is missing is a line to fill in by hand.
 */

/** The form's texts in `language`. */
export function agreementFormText(terms: AgreementTerms, language: Language, today: string): AgreementForm {
  const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
  const params = { payee: terms.payee, unit: terms.unitNumber };
  const account = terms.account;
  return {
    title: t('padAgreement.form.title'),
    intro: t('padAgreement.form.intro', params),
    sections: [
      {
        heading: t('padAgreement.form.payee.heading'),
        rows: [
          [t('padAgreement.form.payee.name'), terms.payee],
          [t('padAgreement.form.payee.address'), terms.payeeAddress],
        ],
      },
      {
        heading: t('padAgreement.form.payor.heading'),
        rows: [
          [t('padAgreement.form.payor.unit'), terms.unitNumber],
          [t('padAgreement.form.payor.owners'), terms.payors.join(', ')],
        ],
      },
      {
        heading: t('padAgreement.form.account.heading'),
        rows: [
          [t('padAgreement.form.account.institution'), account?.institution ?? ''],
          [t('padAgreement.form.account.transit'), account?.transit ?? ''],
          [t('padAgreement.form.account.number'), account?.redactedAccount ?? ''],
          [t('padAgreement.form.account.holder'), account?.holderName ?? ''],
        ],
        note: t(account ? 'padAgreement.form.account.redacted' : 'padAgreement.form.account.blank'),
      },
      {
        heading: t('padAgreement.form.payments.heading'),
        rows: [
          [t('padAgreement.form.payments.type'), t('padAgreement.form.payments.typeValue')],
          [t('padAgreement.form.payments.amount'), amountText(terms, language)],
          [
            t('padAgreement.form.payments.date'),
            terms.paymentDay === null
              ? ''
              : t('padAgreement.form.payments.dateValue', {
                  day: dayOfMonthText(terms.paymentDay, language),
                }),
          ],
          [t('padAgreement.form.payments.frequency'), t('padAgreement.form.payments.frequencyValue')],
        ],
      },
    ],
    clausesHeading: t('padAgreement.form.clauses.heading'),
    clauses: (
      ['authorization', 'notice', 'cancellation', 'recourse', 'disclosure', 'signatories'] as const
    ).map((clause) => ({
      title: t(`padAgreement.form.clauses.${clause}.title`),
      text: t(`padAgreement.form.clauses.${clause}.text`, params),
    })),
    signatureHeading: t('padAgreement.form.signature.heading'),
    signatureCaptions: [
      t('padAgreement.form.signature.payor'),
      t('padAgreement.form.signature.name'),
      t('padAgreement.form.signature.date'),
    ],
    // One line per owner, and at least two: a joint account may need both holders.
    signatureLines: Math.max(2, terms.payors.length),
    footer: t('padAgreement.form.footer', { date: longDate(today, language) }),
  };
}

/** The unit's agreement form as a PDF, and its file name. */
export async function agreementFormPdf(
  db: DbOrTx,
  b: BuildingRow,
  unitUuid: string,
  language: Language,
  today: string,
): Promise<{ fileName: string; bytes: Buffer }> {
  const unit = await unitOn(db, b.id, unitUuid, today);
  const terms = await agreementTerms(db, b, unit.row);
  const bytes = await renderAgreementForm(agreementFormText(terms, language, today));
  const fileName = `${translate(language, 'padAgreement.form.fileName', { unit: terms.unitNumber })}.pdf`;
  return { fileName, bytes };
}
