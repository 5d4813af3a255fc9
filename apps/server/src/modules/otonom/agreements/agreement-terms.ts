import { eq } from 'drizzle-orm';
import {
  formatMoney,
  translate,
  type DebitAmountBasis,
  type Language,
  type RedactedBankDetails,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { padSetting } from '../../../db/schema/index';
import type { BuildingRow } from '../../../platform/access';
import { redactedBankDetails } from '../../payables';
import { findRecords, personName, type RecordRow } from '../../registry';
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
  /** The unit's monthly fee, in cents: what a `monthlyFee` debit takes. */
  monthlyFee: number;
  currency: string;
}

const addressLine = (address: BuildingRow['address']): string =>
  [address.street, address.city, [address.state, address.zip].filter(Boolean).join(' '), address.country]
    .filter(Boolean)
    .join(', ');

/** The area's setting says what a debit takes; without settings, the month's fee. */
async function debitBasis(db: DbOrTx, buildingId: string): Promise<DebitAmountBasis> {
  const [settings] = await db
    .select({ debitAmount: padSetting.debitAmount })
    .from(padSetting)
    .where(eq(padSetting.buildingId, buildingId));
  return settings?.debitAmount ?? 'monthlyFee';
}

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
    basis: await debitBasis(db, b.id),
    monthlyFee: typeof unit.data.monthlyContributions === 'number' ? unit.data.monthlyContributions : 0,
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
