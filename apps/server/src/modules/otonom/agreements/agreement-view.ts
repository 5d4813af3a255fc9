import { automaticPaymentMissing, type PadAgreementView } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import type { BuildingRow } from '../../../platform/access';
import { agreementOf } from './agreement-store';
import { automaticPaymentFacts } from './gate';
import { unitOn } from './unit-records';

/**
 * The unit's agreement card (SPEC 3 unit bank fields): the signed copy, the notice, the flag, and
 * what automatic payment still needs, read from the unit as it stands on `today`.
 */
export async function agreementView(
  db: DbOrTx,
  b: BuildingRow,
  unitUuid: string,
  today: string,
): Promise<PadAgreementView> {
  const unit = await unitOn(db, b.id, unitUuid, today);
  const agreement = await agreementOf(db, b.id, unitUuid);
  const facts = await automaticPaymentFacts(db, unit.scope, unitUuid, unit.row.data, {
    agreement,
    building: b,
  });
  const signed = agreement?.signedFile ?? null;
  return {
    unitUuid,
    signed: signed ? { fileName: signed.fileName, size: signed.size, uploadedAt: signed.uploadedAt } : null,
    notice: agreement?.notice ?? null,
    flag: agreement?.flag ?? null,
    flaggedAt: agreement?.flaggedAt?.toISOString() ?? null,
    hasBankDetails: facts.hasBankDetails,
    automaticPayment: unit.row.data.automaticPayment === true,
    paymentDay: facts.paymentDay,
    missing: automaticPaymentMissing(facts).map((issue) => issue.key),
  };
}
