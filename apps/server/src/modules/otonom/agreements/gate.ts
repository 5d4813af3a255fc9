import {
  automaticPaymentMissing,
  buildingToday,
  type AutomaticPaymentFacts,
  type FieldIssue,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import type { BuildingRow } from '../../../platform/access';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { hasBankDetails } from '../../payables';
import { personRecipients } from '../../registry';
import { buildingRow } from '../context';
import { agreementOf, type AgreementRow } from './agreement-store';
import { payorLinks } from './unit-records';

/**
 * The gate of automatic payment (Rule H1, `automaticPaymentMissing` in the domain package): the
 * registry asks it when a unit's automatic payment is switched on, and the agreement card shows
 * what it would say.
 */

/** What the rule reads of the unit (its data in `scope`'s year), its agreement and its building. */
export async function automaticPaymentFacts(
  db: DbOrTx,
  scope: YearScope,
  unitUuid: string,
  unit: Record<string, unknown>,
  known: { agreement?: AgreementRow | null; building?: BuildingRow } = {},
): Promise<AutomaticPaymentFacts> {
  const agreement =
    known.agreement !== undefined ? known.agreement : await agreementOf(db, scope.buildingId, unitUuid);
  const b = known.building ?? (await buildingRow(db, scope.buildingId));
  const owners = payorLinks(unit).map((link) => link.personUuid);
  const recipients = await personRecipients(db, scope, owners, b.locale);
  return {
    hasBankDetails: await hasBankDetails(db, scope.buildingId, 'unit', unitUuid),
    signed: !!agreement?.signedFile,
    flag: agreement?.flag ?? null,
    paymentDay: typeof unit.paymentDay === 'number' ? unit.paymentDay : null,
    ownerEmails: recipients.length,
    sendsEmails: !b.sendNoEmails,
    signedOn: agreement?.signedFile ? buildingToday(b, new Date(agreement.signedFile.uploadedAt)) : null,
    ownersSince: payorLinks(unit).reduce<string | null>(
      (latest, link) => (link.from && (!latest || link.from > latest) ? link.from : latest),
      null,
    ),
  };
}

/**
 * Why automatic payment cannot be switched on for the unit whose data (in `scope`'s year) is
 * `unit`, as issues on the form's `automaticPayment` switch; none when it can.
 */
export async function automaticPaymentIssues(
  tx: DbOrTx,
  scope: YearScope,
  unitUuid: string,
  unit: Record<string, unknown>,
): Promise<FieldIssue[]> {
  const facts = await automaticPaymentFacts(tx, scope, unitUuid, unit);
  return automaticPaymentMissing(facts).map((issue) => ({ path: ['automaticPayment'], ...issue }));
}
