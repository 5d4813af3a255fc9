import { cents, languageOf, type PenaltyInput } from '@copro/domain';
import type { DbOrTx } from '@copro/server/db/client';
import type { LogSource } from '@copro/server/db/schema/index';
import { createPenalty } from '@copro/server/modules/receivables/penalties/penalty-settings';
import { listRecords } from '@copro/server/modules/registry/records';
import type { YearScope } from '@copro/server/platform/fiscal-year-scope';

/**
 * The demo building's penalties (DOMAIN 5): a $25 late fee and 12 % yearly interest after 10 days
 * of grace, a $35 returned-check fee, and a custom fee, credited to the default chart's
 * "penalties and fees" revenue (condo fees when a chart has none).
 */
export async function seedDemoPenalties(
  tx: DbOrTx,
  scope: YearScope,
  source: LogSource,
  locale: string,
): Promise<void> {
  const categories = await listRecords(tx, scope, 'categories');
  const byKey = (key: string) => categories.find((c) => c.data.systemKey === key)?.uuid;
  const categoryUuid = byKey('penaltiesAndFees') ?? byKey('condoFees');
  if (!categoryUuid) return;
  const french = languageOf(locale) === 'fr';
  const penalties: PenaltyInput[] = [
    { kind: 'defaultLatePaymentFee', categoryUuid, amount: cents(2_500), gracePeriod: 10 },
    { kind: 'defaultInterests', categoryUuid, rate: 0.12, gracePeriod: 10 },
    { kind: 'defaultCheckReversalFee', categoryUuid, amount: cents(3_500) },
    {
      kind: 'customFee',
      name: french ? 'Remplacement de clé' : 'Key replacement',
      description: french ? 'Clé ou puce d’accès perdue' : 'Lost key or access fob',
      categoryUuid: byKey('otherRevenues') ?? categoryUuid,
      amount: cents(4_000),
    },
  ];
  for (const penalty of penalties) await createPenalty(tx, scope.buildingId, source, penalty);
}
