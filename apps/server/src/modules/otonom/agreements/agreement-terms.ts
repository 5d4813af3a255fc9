import {
  formatMoney,
  translate,
  zeroCents,
  type Cents,
  type DebitAmountBasis,
  type Language,
  type RedactedBankDetails,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import type { BuildingRow } from '../../../platform/access';
import { redactedBankDetails } from '../../payables';
import { findRecords, personName, type RecordRow } from '../../registry';
import { monthlyFeesOf } from '../orders/unit-amounts';
import { padSettingsRow } from '../settings/settings';
import { payorLinks } from './unit-records';

/**
 * What the agreement form and the written notice say of a unit's debits, read once: the payee
 * (the building), the payors (the unit's owners), the account (redacted: never the full number),
 * the payment day and what each debit takes.
 */
export interface AgreementTerms {
  payee: string;
  payeeAddress: string;
  unitNumber: string;
  payors: string[];
  account: RedactedBankDetails | null;
  paymentDay: number | null;
  basis: DebitAmountBasis;
  /** What a `monthlyFee` debit takes. */
  monthlyFee: Cents;
  currency: string;
}

const addressLine = (address: BuildingRow['address']): string =>
  [address.street, address.city, [address.state, address.zip].filter(Boolean).join(' '), address.country]
    .filter(Boolean)
    .join(', ');

export async function agreementTerms(db: DbOrTx, b: BuildingRow, unit: RecordRow): Promise<AgreementTerms> {
  const scope = { buildingId: unit.buildingId, fiscalYear: unit.fiscalYear };
  const owners = payorLinks(unit.data).map((link) => link.personUuid);
  const people = new Map((await findRecords(db, scope, 'people', owners)).map((p) => [p.uuid, p]));
  const { details } = await redactedBankDetails(db, { buildingId: b.id, kind: 'unit', uuid: unit.uuid });
  return {
    payee: b.name,
    payeeAddress: addressLine(b.address),
    unitNumber: unit.number ?? '',
    payors: owners.flatMap((uuid) => {
      const person = people.get(uuid);
      return person ? [personName(person.data)] : [];
    }),
    account: details,
    paymentDay: typeof unit.data.paymentDay === 'number' ? unit.data.paymentDay : null,
    // The area's setting says what a debit takes; without settings, the month's fee.
    basis: (await padSettingsRow(db, b.id))?.debitAmount ?? 'monthlyFee',
    // What the monthly run takes: the parkings and lockers billed to the unit included.
    monthlyFee: (await monthlyFeesOf(db, scope, [unit])).get(unit.uuid) ?? zeroCents,
    currency: b.currency,
  };
}

/** "The monthly fee, currently 350,00 $" or "the balance of the unit's account on the debit date". */
export const amountText = (terms: AgreementTerms, language: Language): string =>
  terms.basis === 'balance'
    ? translate(language, 'padAgreement.amount.balance')
    : translate(language, 'padAgreement.amount.monthlyFee', {
        amount: formatMoney(terms.monthlyFee, terms.currency, language),
      });

/** "Institution 815, transit 30012, account •••••123". */
export const accountText = (account: RedactedBankDetails, language: Language): string =>
  translate(language, 'padAgreement.account', {
    institution: account.institution,
    transit: account.transit,
    account: account.redactedAccount,
  });
