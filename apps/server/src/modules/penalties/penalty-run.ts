import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  billingMonthsOf,
  chargeKey,
  formatPercent,
  languageOf,
  moneyText,
  penaltyChargesDue,
  translate,
  type PenaltyChargeDue,
  type PenaltySettings,
} from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import {
  building,
  fiscalYear,
  ledgerAccount,
  penalty,
  penaltyCharge,
  type LogSource,
  type PenaltyRow,
} from '../../db/schema/index';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { postTransaction } from '../ledger/ledger';
import { unitPostings } from '../receivables/unit-postings';
import { findRecord, listRecords } from '../registry/records';
import { monthText } from './mail-text';
import { writeLog } from '../../platform/audit';

/** The building's automatic penalties, as the rules take them, with the category each credits. */
async function automaticPenalties(tx: DbOrTx, scope: YearScope, minimumBalance: number) {
  const rows = await tx
    .select()
    .from(penalty)
    .where(
      and(
        eq(penalty.buildingId, scope.buildingId),
        inArray(penalty.kind, ['defaultLatePaymentFee', 'defaultInterests']),
      ),
    );
  const categoryAid = async (row: PenaltyRow | undefined): Promise<number | null> =>
    row ? ((await findRecord(tx, scope, 'categories', row.categoryUuid))?.aid ?? null) : null;
  const lateFee = rows.find((r) => r.kind === 'defaultLatePaymentFee');
  const interest = rows.find((r) => r.kind === 'defaultInterests');
  // A penalty whose category is not in this year has nowhere to post: it is not charged here.
  const lateFeeAid = await categoryAid(lateFee);
  const interestAid = await categoryAid(interest);
  const settings: PenaltySettings = {
    lateFee:
      lateFee && lateFeeAid && lateFee.amount
        ? { amount: lateFee.amount, gracePeriod: lateFee.gracePeriod ?? 0 }
        : null,
    interest:
      interest && interestAid && interest.rate
        ? { rate: interest.rate, gracePeriod: interest.gracePeriod ?? 0 }
        : null,
    minimumBalance,
  };
  const credited = { unitLateFee: lateFeeAid, unitInterestFee: interestAid };
  const penaltyUuids = { unitLateFee: lateFee?.uuid ?? null, unitInterestFee: interest?.uuid ?? null };
  return { settings, credited, penaltyUuids };
}

function describe(charge: PenaltyChargeDue, locale: string, currency: string, rate: number): string {
  const language = languageOf(locale);
  const month = monthText(charge.month, language);
  return charge.kind === 'unitLateFee'
    ? translate(language, 'penalties.descriptions.lateFee', { month })
    : translate(language, 'penalties.descriptions.interest', {
        month,
        rate: formatPercent(rate, language),
        principal: moneyText(charge.principal, language, currency),
      });
}

/**
 * DOMAIN 5: charges every late fee and interest due in the year on `today` (the rules are in
 * `penalty-rules.ts`), each as a `unitLateFee` / `unitInterestFee` debiting the unit account and
 * crediting the penalty's category, recorded in `penalty_charges` and logged "unit penalty added".
 * Idempotent: an advisory lock keeps two runs of a building apart, charges already recorded are
 * never due again, and the `penalty_charges` key refuses a second one. Answers how many it posted.
 */
export async function chargePenalties(
  tx: DbOrTx,
  scope: YearScope,
  today: string,
  source: LogSource,
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`penalty-run:${scope.buildingId}`}))`);
  const [b] = await tx.select().from(building).where(eq(building.id, scope.buildingId));
  const [year] = await tx
    .select()
    .from(fiscalYear)
    .where(and(eq(fiscalYear.buildingId, scope.buildingId), eq(fiscalYear.startDate, scope.fiscalYear)));
  if (!b || !year || year.archived || b.creatingFiscalYear) return 0;
  const { settings, credited, penaltyUuids } = await automaticPenalties(
    tx,
    scope,
    b.minimumUnitBalanceBeforeChargingPenalties,
  );
  if (!settings.lateFee && !settings.interest) return 0;

  const accounts = await tx
    .select({ aid: ledgerAccount.aid, unitUuid: ledgerAccount.recordUuid })
    .from(ledgerAccount)
    .where(and(eq(ledgerAccount.buildingId, scope.buildingId), eq(ledgerAccount.kind, 'unit')));
  const unitOf = new Map(accounts.map((a) => [a.aid, a.unitUuid]));
  const numbers = new Map((await listRecords(tx, scope, 'units')).map((u) => [u.uuid, u.number ?? '']));
  const charged = new Map<number, Set<string>>();
  for (const row of await tx
    .select()
    .from(penaltyCharge)
    .where(eq(penaltyCharge.buildingId, scope.buildingId))) {
    const set = charged.get(row.aid) ?? new Set<string>();
    set.add(chargeKey(row.kind, row.month));
    charged.set(row.aid, set);
  }

  let count = 0;
  for (const [aid, postings] of await unitPostings(tx, scope)) {
    const unitUuid = unitOf.get(aid);
    if (!unitUuid || !numbers.has(unitUuid)) continue;
    const due = penaltyChargesDue({
      postings,
      billingMonths: billingMonthsOf(postings),
      settings,
      today,
      alreadyCharged: charged.get(aid) ?? new Set(),
    });
    for (const charge of due) {
      const categoryAid = credited[charge.kind];
      // A charge that falls after the year's end belongs to no open day of this year.
      if (!categoryAid || charge.date > year.endDate) continue;
      const description = describe(charge, b.locale, b.currency, settings.interest?.rate ?? 0);
      const view = await postTransaction(
        tx,
        scope,
        source,
        {
          date: charge.date,
          description: `${description} — ${numbers.get(unitUuid)}`,
          kind: charge.kind,
          taxes: [],
          indexes: [],
          subtransactions: [
            { aid, amount: charge.amount },
            { aid: categoryAid, amount: -charge.amount },
          ],
        },
        {
          details: {
            penalty: penaltyUuids[charge.kind],
            unit: unitUuid,
            month: charge.month,
            principal: charge.principal,
            balance: charge.balance,
          },
        },
      );
      await tx.insert(penaltyCharge).values({
        buildingId: scope.buildingId,
        aid,
        month: charge.month,
        kind: charge.kind,
        transactionUuid: view.uuid,
      });
      await writeLog(tx, {
        buildingId: scope.buildingId,
        event: 'unitPenaltyAdded',
        source,
        message: `Unit penalty added: ${charge.kind} ${charge.month} unit ${numbers.get(unitUuid)}`,
        metadata: {
          unitUuid,
          aid,
          kind: charge.kind,
          month: charge.month,
          amount: charge.amount,
          transactionUuid: view.uuid,
          fiscalYear: scope.fiscalYear,
        },
        indexes: [unitUuid, view.uuid],
      });
      count += 1;
    }
  }
  return count;
}
